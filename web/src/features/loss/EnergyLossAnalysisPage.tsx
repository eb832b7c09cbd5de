/**
 * /energyLossAnalysis (screens.md §2.4, family AN): a loss object (its supply node against its
 * consumer nodes) or a parent node (its own meters against what it feeds) with an energy type,
 * and a period by hour, day or month (span limits). The chart shows supply and consumption as
 * bars with the loss, and the loss rate as a line against the object's warning thresholds; the
 * cards the range's totals and the worst period; the table supply, consumption, loss, rate and
 * level per period with a total row (loss.analysis, mode 'series'). A loss warning's "loss
 * curve" opens here with its object and time.
 */
import { Card, Space, Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatPeriod } from '../../app/format';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { AnalysisScreen } from '../../blocks/analysis/AnalysisWorkspace';
import { type AnalysisContext, defineAnalysis, isIdle } from '../../blocks/analysis/analysis-model';
import { ComboChart } from '../../blocks/chart/ComboChart';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import { errorMessage } from '../../blocks/save-file';
import type { Granularity } from '../../blocks/time-range-model';
import { useTexts } from '../../i18n/texts';
import { useAlarmColors } from '../../theme/alarm-colors';
import { ELECTRICITY } from '../energy/common/energy-data';
import { analysisBody, energy, LevelTag, linkedLoss, objectOrNodePicker, pct, withUnit } from './common';
import { lossTexts } from './texts';

type Ctx = AnalysisContext<Record<string, never>, null>;

const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'month'];

export function EnergyLossAnalysisPage() {
  const t = useTexts(lossTexts);
  const description = useMemo(
    () =>
      defineAnalysis({
        title: t('analysisTitle'),
        nodes: objectOrNodePicker(t('pickTitle')),
        energyType: true,
        range: { granularities: GRANULARITIES, granularity: 'day', preset: 'thisMonth' },
        initial: (params) => ({
          energyType: ELECTRICITY,
          ...linkedLoss(params, GRANULARITIES),
          extra: {} as Record<string, never>,
        }),
        useData: () => null,
        render: (ctx: Ctx) => {
          const input = analysisBody(ctx.selection, 'series', {
            node: t('chooseObject'),
            energyType: t('chooseEnergyType'),
          });
          return isIdle(input) ? input : <LossSeries input={input} />;
        },
      }),
    [t],
  );
  return <AnalysisScreen description={description} />;
}

type Input = Exclude<ReturnType<typeof analysisBody>, { reason: unknown }>;

function LossSeries({ input }: { input: Input }) {
  const t = useTexts(lossTexts);
  const colors = useAlarmColors();
  const query = useEndpointQuery(endpointKey('loss', 'analysis'), input as never, { keepPrevious: true });
  const data = query.data;
  const view = useMemo(() => {
    if (!data) return null;
    const label = (ms: number) => formatPeriod(ms, data.cycle, data.timeZone);
    const rows = data.rows.map((r) => ({ ...r, key: r.time, period: label(r.time) }));
    const worst = rows
      .filter((r) => r.ratePct !== null)
      .sort((a, b) => (b.ratePct ?? 0) - (a.ratePct ?? 0))[0];
    const limits = data.levels.map((l) => ({
      value: l.ratePct,
      label: t('levelLine', { n: l.level, value: l.ratePct }),
      color: colors.warning(l.level),
    }));
    return {
      rows,
      worst,
      chart: {
        categories: rows.map((r) => r.period),
        bars: [
          { name: t('supply'), values: rows.map((r) => r.supply) },
          { name: t('consumption'), values: rows.map((r) => r.downstream) },
          { name: t('loss'), values: rows.map((r) => r.loss) },
        ],
        lines: [{ name: t('lossRate'), values: rows.map((r) => r.ratePct) }],
        limits,
      },
    };
  }, [data, t, colors]);
  if (query.isError && !data)
    return (
      <Card style={{ width: '100%' }}>
        <Typography.Text type="danger">
          {t('loadFailed', { message: errorMessage(query.error, '') })}
        </Typography.Text>
      </Card>
    );
  if (!data || !view) return <Card loading style={{ width: '100%' }} />;
  type Row = (typeof view.rows)[number];
  const name = data.lossObject?.name ?? data.supply.path ?? data.supply.name;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }} data-testid="loss-analysis">
      <div style={{ width: '100%' }}>
        <Cards
          cards={[
            { key: 'supply', label: withUnit(t('supply'), data.unit), value: energy(data.total.supply) },
            {
              key: 'consumption',
              label: withUnit(t('consumption'), data.unit),
              value: energy(data.total.downstream),
            },
            { key: 'loss', label: withUnit(t('loss'), data.unit), value: energy(data.total.loss) },
            {
              key: 'rate',
              label: t('lossRate'),
              value: <span data-testid="total-rate">{pct(data.total.ratePct)}</span>,
              hint: (
                <Space spacing={6}>
                  <LevelTag level={data.total.level} />
                  {view.worst && (
                    <span data-testid="worst-period">
                      {t('worstPeriod')}: {view.worst.period} {pct(view.worst.ratePct)}
                    </span>
                  )}
                </Space>
              ),
              tone: data.total.level > 0 || data.total.overLimit ? 'warning' : 'normal',
            },
          ]}
        />
      </div>
      <div style={{ width: '100%' }}>
        <ComboChart
          title={`${t('analysisChart')} - ${name}`}
          fileName={t('analysisTitle')}
          data={view.chart}
          barUnit={data.unit}
          lineUnit="%"
          loading={query.isFetching}
          testId="loss-chart"
        />
      </div>
      <div style={{ width: '100%' }} data-testid="analysis-table">
        <DataTable<Row>
          aria-label={t('analysisTitle')}
          rows={view.rows}
          rowKey={(r) => r.key}
          loading={query.isFetching}
          columns={[
            { key: 'period', title: t('period'), width: 150 },
            {
              key: 'supply',
              title: withUnit(t('supply'), data.unit),
              align: 'right',
              render: (r) => energy(r.supply),
            },
            {
              key: 'downstream',
              title: withUnit(t('consumption'), data.unit),
              align: 'right',
              render: (r) => energy(r.downstream),
            },
            {
              key: 'loss',
              title: withUnit(t('loss'), data.unit),
              align: 'right',
              render: (r) => energy(r.loss),
            },
            { key: 'ratePct', title: t('lossRate'), align: 'right', render: (r) => pct(r.ratePct) },
            {
              key: 'level',
              title: t('warningLevel'),
              width: 110,
              render: (r) => <LevelTag level={r.level} />,
            },
          ]}
          summary={{ columns: ['supply', 'downstream', 'loss'], kinds: ['total'] }}
        />
      </div>
    </Space>
  );
}
