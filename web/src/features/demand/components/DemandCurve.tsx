/** The 15-minute demand of an inlet over a day with its declared value and warning levels as lines (demand.curve). */
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatDate, useTimeZone } from '../../../app/format';
import { TrendChart } from '../../../blocks/chart/TrendChart';
import { useEndpointQuery } from '../../../blocks/data';
import { errorMessage } from '../../../blocks/save-file';
import { useTexts } from '../../../i18n/texts';
import { demandTexts } from '../texts';

const QUARTER = 15 * 60_000;

export function DemandCurve({
  inletId,
  start,
  end,
  title,
  refetchInterval,
  pattern = 'HH:mm',
}: {
  inletId: number;
  start: number;
  end: number;
  title: string;
  refetchInterval?: number;
  pattern?: string;
}) {
  const t = useTexts(demandTexts);
  const screenZone = useTimeZone().timeZone;
  const curve = useEndpointQuery(
    endpointKey('demand', 'curve'),
    { body: { inletId, startTime: start, endTime: end } },
    { keepPrevious: true, ...(refetchInterval ? { refetchInterval } : {}) },
  );
  const data = curve.data;
  const lines = useMemo(() => {
    if (!data) return [];
    const points = data.points.flatMap((p) => {
      const v = data.windowType === 'fixed' ? p.avgKw : p.maxKw;
      return v === null ? [] : [{ time: p.time, value: v }];
    });
    // A level is drawn at the times of the demand (the axis is the curve's quarter hours).
    const times = points.length > 0 ? points.map((p) => p.time) : [start, end - QUARTER];
    const flat = (id: string, name: string, value: number) => ({
      id,
      name,
      unit: 'kW',
      decimals: 2,
      dashed: true,
      points: times.map((time) => ({ time, value })),
    });
    return [
      { id: 'demand', name: t('demandLine'), unit: 'kW', decimals: 2, points },
      flat('declared', t('declared'), data.declaredKw),
      ...data.levels.map((l) => flat(`level-${l.level}`, t('levelLine', { n: l.level }), l.kw)),
    ];
  }, [data, start, end, t]);
  const timeZone = data?.timeZone ?? screenZone;
  // The day's maximum on the curve, marked.
  const top = (lines[0]?.points ?? []).reduce<{ time: number; value: number } | null>(
    (best, p) => (best === null || p.value > best.value ? p : best),
    null,
  );
  const highlights = top
    ? [{ lineId: 'demand', time: top.time, value: top.value, text: `${top.value.toFixed(2)} kW` }]
    : [];
  return (
    <div data-testid="demand-curve" style={{ width: '100%' }}>
      <TrendChart
        title={title}
        lines={lines}
        highlights={highlights}
        loading={curve.isFetching && !data}
        formatTime={(ms) => formatDate(ms, pattern, timeZone)}
        empty={curve.isError ? t('loadFailed', { message: errorMessage(curve.error, '') }) : t('noData')}
        height={340}
        fileName={title}
      />
    </div>
  );
}
