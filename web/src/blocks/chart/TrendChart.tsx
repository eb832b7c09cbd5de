/**
 * TrendChart: the lines of a trend with one value axis per unit (trend-spec), in the theme's
 * palette, with the caller's controls in the header, 'save as PNG', and the caller's empty state
 * when there is nothing to draw. VChart is loaded when the first trend is drawn.
 */
import { IconDownload } from '@douyinfe/semi-icons';
import { Button, Card, Empty, Spin } from '@douyinfe/semi-ui-19';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTexts } from '../../i18n/texts';
import { useChartTheme } from '../../theme/chart-palettes';
import { blockTexts } from '../texts';
import { buildTrendSpec, type Highlight, lineStats, type MarkerKind, type TrendLine } from './trend-spec';
import { useChart } from './use-chart';

export interface TrendChartProps {
  lines: readonly TrendLine[];
  formatTime: (ms: number) => string;
  markers?: readonly MarkerKind[];
  markerLabels?: Readonly<Record<MarkerKind, string>>;
  highlights?: readonly Highlight[];
  gaps?: 'link' | 'break';
  title?: ReactNode;
  extra?: ReactNode;
  loading?: boolean;
  /** What the empty chart says. */
  empty: ReactNode;
  height?: number;
  fileName?: string;
}

export function TrendChart(props: TrendChartProps) {
  const t = useTexts(blockTexts);
  const theme = useChartTheme();
  const host = useRef<HTMLDivElement>(null);
  const { lines, formatTime, markers, markerLabels, highlights, gaps, height = 360 } = props;
  const empty = lines.every((l) => lineStats(l.points) === null);
  const spec = useMemo(
    () =>
      buildTrendSpec(lines, {
        theme,
        formatTime,
        ...(markers ? { markers } : {}),
        ...(markerLabels ? { markerLabels } : {}),
        ...(highlights ? { highlights } : {}),
        ...(gaps ? { gaps } : {}),
      }),
    [lines, theme, formatTime, markers, markerLabels, highlights, gaps],
  );

  // The set of series and axes changes with the points: a new chart is drawn for each spec.
  const chart = useChart(host, spec, { active: !empty, kind: 'trend', redraw: true });

  const header = (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      {props.extra}
      <Button
        icon={<IconDownload />}
        theme="borderless"
        disabled={empty || props.loading || !chart.drawn}
        onClick={() => void chart.exportPng(props.fileName ?? 'trend')}
        aria-label={t('savePng')}
      >
        {t('savePng')}
      </Button>
    </div>
  );

  return (
    <Card title={props.title} headerExtraContent={header} bodyStyle={{ padding: 12 }}>
      <Spin spinning={Boolean(props.loading)}>
        {empty ? (
          <div
            style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
            data-testid="trend-empty"
          >
            <Empty description={props.empty} />
          </div>
        ) : (
          <div ref={host} style={{ height, width: '100%' }} data-testid="trend-chart" />
        )}
      </Spin>
    </Card>
  );
}
