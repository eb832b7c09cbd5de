/**
 * TrendResult: what the trend screens show for a request: the chart (one axis per unit, the
 * max/min/avg marker toggles), the table under it and the xlsx export. Empty states: nothing
 * chosen (the caller's words), no data in the range, or the server's refusal.
 */
import { CheckboxGroup, Space, Typography } from '@douyinfe/semi-ui-19';
import type { DatalogSeries } from '@eem/contract';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { formatDate } from '../../../app/format';
import { errorMessage } from '../../../app/query-client';
import { useTexts } from '../../../i18n/texts';
import { intervalPattern } from './datalog-range';
import { ExportButton } from './ExportButton';
import { type ReadingsRequest, useReadings } from './queries';
import { SeriesTable } from './SeriesTable';
import { noValues, seriesLabels } from './series-table';
import { TrendChart } from './TrendChart';
import { datalogTexts } from './texts';
import { MARKER_KINDS, type MarkerKind, type TrendLine } from './trend-chart-spec';

export interface TrendResultProps {
  /** Null: nothing to ask (the reason is `idle`). */
  request: ReadingsRequest | null;
  /** Why there is no request (no point chosen, a refused span). */
  idle: ReactNode;
  /** How series are named in the legend and the columns. */
  labelMode?: 'node-and-point' | 'node' | 'point';
  /** Names by point id instead (e.g. node paths where node names repeat). */
  names?: ReadonlyMap<number, string>;
  title?: ReactNode;
}

export function toLines(series: readonly DatalogSeries[], labels: ReadonlyMap<number, string>): TrendLine[] {
  return series.map((s) => ({
    id: String(s.pointId),
    name: labels.get(s.pointId) ?? s.name,
    unit: s.unit,
    decimals: s.decimals,
    points: s.data,
  }));
}

export function TrendResult({ request, idle, labelMode = 'node-and-point', names, title }: TrendResultProps) {
  const t = useTexts(datalogTexts);
  const readings = useReadings(request);
  const [markers, setMarkers] = useState<MarkerKind[]>([]);
  const answer = request ? readings.data : undefined;
  const timeZone = answer?.timeZone;
  const interval = answer?.interval ?? request?.interval ?? 'raw';
  const formatTime = useCallback(
    (ms: number) => formatDate(ms, intervalPattern(interval), timeZone),
    [interval, timeZone],
  );
  const series = answer?.series ?? [];
  const labels = useMemo(() => {
    const base = seriesLabels(series, labelMode);
    if (!names) return base;
    return new Map([...base].map(([id, label]) => [id, names.get(id) ?? label]));
  }, [series, labelMode, names]);
  const lines = useMemo(() => toLines(series, labels), [series, labels]);
  const markerLabels = useMemo(
    () => ({ max: t('marker.max'), min: t('marker.min'), avg: t('marker.avg') }),
    [t],
  );
  const loading = request !== null && readings.isFetching;
  const failed = request !== null && readings.isError;

  const empty: ReactNode = !request
    ? idle
    : failed
      ? t('loadFailed', { message: errorMessage(readings.error) })
      : t('noData');

  const markerToggles = (
    <Space spacing={4}>
      <Typography.Text type="tertiary">{t('markers')}</Typography.Text>
      <CheckboxGroup
        direction="horizontal"
        aria-label={t('markers')}
        value={markers}
        onChange={(values) => setMarkers(MARKER_KINDS.filter((k) => (values as unknown[]).includes(k)))}
        options={MARKER_KINDS.map((k) => ({ value: k, label: t(`marker.${k}`) }))}
      />
    </Space>
  );

  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }}>
      <div style={{ width: '100%' }}>
        <TrendChart
          title={title ?? t('chart')}
          lines={request ? lines : []}
          formatTime={formatTime}
          markers={markers}
          markerLabels={markerLabels}
          extra={markerToggles}
          loading={loading}
          empty={empty}
        />
      </div>
      <div style={{ width: '100%' }}>
        {request && !noValues(series) ? (
          <SeriesTable
            series={series}
            labels={labels}
            formatTime={formatTime}
            loading={loading}
            toolbar={<ExportButton request={request} />}
          />
        ) : (
          <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
            <ExportButton request={request && !noValues(series) ? request : null} />
          </div>
        )}
      </div>
    </Space>
  );
}
