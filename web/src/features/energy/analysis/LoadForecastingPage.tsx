/**
 * /loadForecasting (screens.md §2.3): an electricity node and a horizon (a day at 15 minutes or
 * hourly, or a week) from a day not in the past (energy.predict): the actual load, the
 * forecast with its 80 % band and the same days a week earlier; cards of the MAPE of the last
 * 7 days, the forecast peak against the declared demand and the method.
 */
import { Space, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatDate, formatNumber } from '../../../app/format';
import { AnalysisScreen } from '../../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, idle } from '../../../blocks/analysis/analysis-model';
import type { DataColumn } from '../../../blocks/DataTable';
import { Select } from '../../../blocks/named-pickers';
import { percentText } from '../common/columns';
import { energyNodes, refOf, withUnit } from '../common/energy-data';
import { useAnalysisTexts } from './use-analysis-texts';

interface Extra {
  horizon: 'day' | 'week';
  resolution: '15m' | '1h';
}
type Ctx = AnalysisContext<Extra, null>;

export function LoadForecastingPage() {
  const { t, a } = useAnalysisTexts();
  const description = useMemo(
    () =>
      defineAnalysis({
        title: a('forecast'),
        nodes: energyNodes(t('nodeTree'), 'single'),
        range: {
          granularities: ['day'],
          granularity: 'day',
          preset: 'today',
          presets: ['today'],
          block: 'past',
        },
        initial: () => ({ extra: { horizon: 'day', resolution: '1h' } as Extra }),
        useData: () => null,
        bar: (ctx: Ctx) => (
          <Space spacing={8}>
            <Typography.Text type="tertiary" id="eem-forecast-horizon">
              {a('horizon')}
            </Typography.Text>
            <Select
              aria-labelledby="eem-forecast-horizon"
              className="eem-select-horizon"
              style={{ width: 130 }}
              value={ctx.selection.extra.horizon}
              optionList={[
                { value: 'day', label: a('nextDay') },
                { value: 'week', label: a('nextWeek') },
              ]}
              onChange={(v) => ctx.setExtra({ horizon: v === 'week' ? 'week' : 'day' })}
            />
            <Typography.Text type="tertiary" id="eem-forecast-resolution">
              {a('resolution')}
            </Typography.Text>
            <Select
              aria-labelledby="eem-forecast-resolution"
              className="eem-select-resolution"
              style={{ width: 100 }}
              value={ctx.selection.extra.resolution}
              optionList={[
                { value: '15m', label: '15 min' },
                { value: '1h', label: '1 h' },
              ]}
              onChange={(v) => ctx.setExtra({ resolution: v === '15m' ? '15m' : '1h' })}
            />
          </Space>
        ),
        query: {
          endpoint: endpointKey('energy', 'predict'),
          input: ({ selection }: Ctx) => {
            const node = selection.nodes[0];
            if (!node) return idle(t('chooseNode'));
            return {
              body: {
                node: refOf(node),
                horizon: selection.extra.horizon,
                resolution: selection.extra.resolution,
                startTime: selection.range.start,
              },
            };
          },
        },
        view: {
          empty: (answer) => answer.data.forecast.length === 0,
          chart: (answer) => {
            const d = answer.data;
            const line = (
              id: string,
              name: string,
              points: readonly { time: number; value: number }[],
              dashed = false,
            ) => ({
              id,
              name,
              unit: d.unit,
              decimals: 2,
              points,
              dashed,
            });
            return {
              kind: 'trend',
              formatTime: (ms: number) => formatDate(ms, 'MM-DD HH:mm', d.timeZone),
              markers: true,
              lines: [
                line(
                  'actual',
                  a('actualLoad'),
                  d.actual.filter((p) => p.time >= d.startTime),
                ),
                line('forecast', a('forecastLoad'), d.forecast),
                line(
                  'lower',
                  a('lower'),
                  d.forecast.map((p) => ({ time: p.time, value: p.lower })),
                  true,
                ),
                line(
                  'upper',
                  a('upper'),
                  d.forecast.map((p) => ({ time: p.time, value: p.upper })),
                  true,
                ),
                line('lastWeek', a('lastWeek'), d.lastWeek, true),
              ],
            };
          },
          cards: (answer) => {
            const d = answer.data;
            return [
              { key: 'mape', label: a('mape'), value: percentText(d.mape), hint: `${d.historyDays} d` },
              {
                key: 'peak',
                label: withUnit(a('forecastPeak'), d.unit),
                value: d.peak ? formatNumber(d.peak.value) : '--',
                hint: d.peak ? formatDate(d.peak.time, 'MM-DD HH:mm', d.timeZone) : undefined,
              },
              {
                key: 'declared',
                label: withUnit(a('declared'), d.unit),
                value: formatNumber(d.declaredDemand),
              },
              {
                key: 'method',
                label: a('method'),
                value: <Typography.Text size="small">{d.method}</Typography.Text>,
              },
            ];
          },
          table: (answer) => {
            const d = answer.data;
            const week = new Map(d.lastWeek.map((p) => [p.time, p.value]));
            const actual = new Map(d.actual.map((p) => [p.time, p.value]));
            const rows = d.forecast.map((p) => ({
              ...p,
              actual: actual.get(p.time) ?? null,
              lastWeek: week.get(p.time) ?? null,
            }));
            type Row = (typeof rows)[number];
            const num = (
              key: 'value' | 'lower' | 'upper' | 'actual' | 'lastWeek',
              title: string,
            ): DataColumn<Row> => ({
              key,
              title: withUnit(title, d.unit),
              align: 'right',
              render: (r) => formatNumber(r[key]),
            });
            return {
              rows,
              rowKey: (r: Row) => r.time,
              testId: 'energy-table',
              columns: [
                {
                  key: 'time',
                  title: t('period'),
                  render: (r: Row) => formatDate(r.time, 'YYYY-MM-DD HH:mm', d.timeZone),
                },
                num('value', a('forecastLoad')),
                num('lower', a('lower')),
                num('upper', a('upper')),
                num('actual', a('actualLoad')),
                num('lastWeek', a('lastWeek')),
              ],
            };
          },
        },
      }),
    [t, a],
  );
  return <AnalysisScreen description={description} />;
}
