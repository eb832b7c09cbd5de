/**
 * ChartPanel: a line, bar or pie chart drawn with VChart (loaded when the first chart is drawn,
 * chart/use-chart), in the light or dark palette of the theme, 'no data' when empty, and a
 * 'save as PNG' button.
 */
import { IconDownload } from '@douyinfe/semi-icons';
import { Button } from '@douyinfe/semi-ui-19';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTexts } from '../i18n/texts';
import { useChartTheme } from '../theme/chart-palettes';
import { ChartCard } from './ChartCard';
import { buildChartSpec, type ChartData, type ChartKind, isEmptyChart } from './chart/chart-spec';
import { useChart } from './chart/use-chart';
import { blockTexts } from './texts';

export type { ChartSeries, PieItem } from './chart/chart-spec';
export type { ChartData, ChartKind };

export interface ChartPanelProps {
  kind: ChartKind;
  data: ChartData;
  title?: ReactNode;
  unit?: string;
  stacked?: boolean;
  height?: number;
  loading?: boolean;
  /** Name of the PNG (without extension); the title when it is text, else 'chart'. */
  fileName?: string;
  /** Controls in the header, before the PNG button. */
  extra?: ReactNode;
  /** Whole numbers on the value axis. */
  integer?: boolean;
  /** Colours by series or slice instead of the theme's palette. */
  colors?: readonly string[];
  /** Bars lying down, the categories down the left axis (a ranking of long names). */
  horizontal?: boolean;
}

export function ChartPanel({
  kind,
  data,
  title,
  unit,
  stacked,
  height = 320,
  loading,
  fileName,
  extra,
  integer,
  colors,
  horizontal,
}: ChartPanelProps) {
  const t = useTexts(blockTexts);
  const theme = useChartTheme();
  const host = useRef<HTMLDivElement>(null);
  const empty = isEmptyChart(kind, data);
  const spec = useMemo(
    () =>
      buildChartSpec(data, {
        kind,
        theme,
        ...(unit ? { unit } : {}),
        ...(stacked ? { stacked } : {}),
        ...(integer ? { integer } : {}),
        ...(colors ? { colors } : {}),
        ...(horizontal ? { horizontal } : {}),
      }),
    [data, kind, theme, unit, stacked, integer, colors, horizontal],
  );
  const chart = useChart(host, spec, { active: !empty, kind: 'basic' });

  const name = fileName ?? (typeof title === 'string' ? title : 'chart');
  const header = (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      {extra}
      <Button
        icon={<IconDownload />}
        theme="borderless"
        disabled={empty || loading || !chart.drawn}
        onClick={() => void chart.exportPng(name)}
        aria-label={t('savePng')}
      >
        {t('savePng')}
      </Button>
    </div>
  );

  return (
    <ChartCard title={title} header={header} height={height} loading={loading} empty={empty}>
      <div ref={host} style={{ height, width: '100%' }} data-testid="chart-host" />
    </ChartCard>
  );
}
