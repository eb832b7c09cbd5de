/**
 * ComboChart: bars on the left axis and lines on the right one with limit lines (combo-spec),
 * in the theme's palette, with the caller's controls in the header, 'save as PNG', and 'no
 * data' when there is nothing to draw. VChart (its common chart and markers) is loaded when the
 * first one is drawn.
 */
import { IconDownload } from '@douyinfe/semi-icons';
import { Button, Card, Empty, Spin } from '@douyinfe/semi-ui-19';
import { type ReactNode, useMemo, useRef } from 'react';
import { useTexts } from '../../i18n/texts';
import { useChartTheme } from '../../theme/chart-palettes';
import { blockTexts } from '../texts';
import { buildComboSpec, type ComboData, isEmptyCombo } from './combo-spec';
import { useChart } from './use-chart';

export type { ComboData, ComboLimit, ComboSeries } from './combo-spec';

export interface ComboChartProps {
  data: ComboData;
  barUnit?: string;
  lineUnit?: string;
  stacked?: boolean;
  title?: ReactNode;
  extra?: ReactNode;
  loading?: boolean;
  height?: number;
  fileName?: string;
  /** data-testid of the chart's host. */
  testId?: string;
}

export function ComboChart(props: ComboChartProps) {
  const t = useTexts(blockTexts);
  const theme = useChartTheme();
  const host = useRef<HTMLDivElement>(null);
  const { data, barUnit, lineUnit, stacked, height = 340 } = props;
  const empty = isEmptyCombo(data);
  const spec = useMemo(
    () =>
      buildComboSpec(data, {
        theme,
        ...(barUnit ? { barUnit } : {}),
        ...(lineUnit ? { lineUnit } : {}),
        ...(stacked ? { stacked } : {}),
      }),
    [data, theme, barUnit, lineUnit, stacked],
  );
  const chart = useChart(host, spec, { active: !empty, kind: 'trend', redraw: true });
  const name = props.fileName ?? (typeof props.title === 'string' ? props.title : 'chart');
  const header = (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      {props.extra}
      <Button
        icon={<IconDownload />}
        theme="borderless"
        disabled={empty || props.loading || !chart.drawn}
        onClick={() => void chart.exportPng(name)}
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
          <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Empty description={t('noData')} />
          </div>
        ) : (
          <div ref={host} style={{ height, width: '100%' }} data-testid={props.testId ?? 'combo-chart'} />
        )}
      </Spin>
    </Card>
  );
}
