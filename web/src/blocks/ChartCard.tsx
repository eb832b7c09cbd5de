/**
 * The frame of a chart card, shared by the VChart panel (ChartPanel) and the light SVG charts of
 * the home (light-chart): a title that wraps instead of being cut beside the buttons (Semi cuts
 * a text title), the header's buttons, a spinner while loading, and "No data" in the chart's
 * height when there is nothing to draw. It imports no chart library.
 */
import { Card, Empty, Spin, Typography } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useTexts } from '../i18n/texts';
import { blockTexts } from './texts';

export interface ChartCardProps {
  title: ReactNode;
  /** The header's buttons (save as PNG, the caller's extras). */
  header: ReactNode;
  height: number;
  loading?: boolean | undefined;
  empty: boolean;
  /** The chart, drawn when not empty. */
  children: ReactNode;
}

export function ChartCard({ title, header, height, loading, empty, children }: ChartCardProps) {
  const t = useTexts(blockTexts);
  return (
    <Card
      title={
        typeof title === 'string' ? (
          <Typography.Title heading={6} style={{ whiteSpace: 'normal' }}>
            {title}
          </Typography.Title>
        ) : (
          title
        )
      }
      headerExtraContent={header}
      bodyStyle={{ padding: 12 }}
    >
      <Spin spinning={Boolean(loading)}>
        {empty ? (
          <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
            <Empty description={t('noData')} />
          </div>
        ) : (
          children
        )}
      </Spin>
    </Card>
  );
}
