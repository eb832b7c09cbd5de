/**
 * The time-of-use split of one node's electricity over a range (energy.timeshare): a pie of
 * sharp, peak, flat and valley (and what no scheme covers) with the shares, or why there is
 * none. /energyQueryAndAnalysis and /home show it (/home as a light donut, ADR 0029).
 */
import { Card, Empty, Spin } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { errorMessage } from '../../../app/query-client';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { useEndpointQuery } from '../../../blocks/data';
import { LightChartPanel } from '../../../blocks/light-chart/LightChartPanel';
import { useTexts } from '../../../i18n/texts';
import { refOf } from './energy-data';
import { energyTexts } from './texts';

export const TOU_KEYS = ['sharp', 'peak', 'flat', 'valley', 'unassigned'] as const;
export const TOU_LABELS = {
  sharp: 'sharp',
  peak: 'peakBand',
  flat: 'flat',
  valley: 'valley',
  unassigned: 'unassigned',
} as const;

export interface TouSplitProps {
  node: { id: number; modelLabel: string } | null;
  start: number;
  end: number;
  cycle: 1 | 2 | 3 | 5 | 7;
  title?: string;
  height?: number;
  /** Asks again every so many ms (the home's refresh). */
  refetchInterval?: number;
  /** Drawn as a light donut (SVG) instead of VChart: the home's (ADR 0029). */
  light?: boolean;
}

export function TouSplit({
  node,
  start,
  end,
  cycle,
  title,
  height = 240,
  refetchInterval,
  light = false,
}: TouSplitProps) {
  const t = useTexts(energyTexts);
  const answer = useEndpointQuery(
    endpointKey('energy', 'timeshare'),
    node ? { body: { nodes: [refOf(node)], startTime: start, endTime: end, cycle } } : null,
    refetchInterval ? { refetchInterval } : {},
  );
  const series = answer.data?.series[0];
  let body: React.ReactNode;
  if (!node) body = <Empty description={t('chooseNode')} />;
  else if (answer.isError)
    body = <Empty description={t('loadFailed', { message: errorMessage(answer.error) })} />;
  else if (!series) body = <Spin />;
  else {
    const items = TOU_KEYS.filter((k) => k !== 'unassigned' || series.totals.unassigned > 0).map((k) => ({
      name: t(TOU_LABELS[k]),
      value: series.totals[k],
    }));
    const shown = { title: title ?? t('touSplit'), fileName: 'tou', height, unit: answer.data?.unit ?? '' };
    body = light ? (
      <LightChartPanel kind="donut" {...shown} data={{ items }} />
    ) : (
      <ChartPanel kind="pie" {...shown} data={{ items }} />
    );
  }
  return (
    <div data-testid="tou-split" style={{ width: '100%' }}>
      {node && series ? body : <Card title={title ?? t('touSplit')}>{body}</Card>}
    </div>
  );
}
