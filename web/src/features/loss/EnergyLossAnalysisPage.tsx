/**
 * /energyLossAnalysis (screens.md §2.4, family AN): a loss object (its supply node against its
 * consumer nodes) or a parent node (its own meters against what it feeds) with an energy type,
 * and a period by hour, day or month (span limits). The chart shows supply and consumption as
 * bars with the loss, and the loss rate as a line against the object's warning thresholds; the
 * cards the range's totals and the worst period; the table supply, consumption, loss, rate and
 * level per period with a total row (loss.analysis, mode 'series'). A loss warning's "loss
 * curve" opens here with its object and time.
 */
import { Space } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { useMemo } from 'react';
import { formatPeriod } from '../../app/format';
import { Cards } from '../../blocks/analysis/AnalysisResult';
import { AnalysisScreen } from '../../blocks/analysis/AnalysisWorkspace';
import { ComboChart } from '../../blocks/chart/ComboChart';
import { DataTable } from '../../blocks/DataTable';
import { useEndpointQuery } from '../../blocks/data';
import type { Granularity } from '../../blocks/time-range-model';
import { useTexts } from '../../i18n/texts';
import { useAlarmColors } from '../../theme/alarm-colors';
import {
  energyCard,
  energyColumn,
  LevelTag,
  type LossInput,
  levelColumn,
  lossAnalysis,
  lossCombo,
  pct,
  pendingAnswer,
  rateColumn,
} from './common';
import { lossTexts } from './texts';

const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'month'];

export function EnergyLossAnalysisPage() {
  const t = useTexts(lossTexts);
  const description = useMemo(
    () =>
      lossAnalysis({
        title: t('analysisTitle'),
        pickTitle: t('pickTitle'),
        granularities: GRANULARITIES,
        mode: 'series',
        reasons: { node: t('chooseObject'), energyType: t('chooseEnergyType') },
        render: (input) => <LossSeries input={input} />,
      }),
    [t],
  );
  return <AnalysisScreen description={description} />;
}

function LossSeries({ input }: { input: LossInput }) {
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
        ...lossCombo(
          rows,
          [
            [t('supply'), (r) => r.supply],
            [t('consumption'), (r) => r.downstream],
            [t('loss'), (r) => r.loss],
          ],
          t('lossRate'),
        ),
        limits,
      },
    };
  }, [data, t, colors]);
  const pending = pendingAnswer(query);
  if (pending || !data || !view) return pending;
  type Row = (typeof view.rows)[number];
  const name = data.lossObject?.name ?? data.supply.path ?? data.supply.name;
  return (
    <Space vertical align="start" spacing={12} style={{ width: '100%' }} data-testid="loss-analysis">
      <div style={{ width: '100%' }}>
        <Cards
          cards={[
            energyCard('supply', t('supply'), data.unit, data.total.supply),
            energyCard('consumption', t('consumption'), data.unit, data.total.downstream),
            energyCard('loss', t('loss'), data.unit, data.total.loss),
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
            energyColumn<Row>('supply', t('supply'), data.unit, (r) => r.supply),
            energyColumn<Row>('downstream', t('consumption'), data.unit, (r) => r.downstream),
            energyColumn<Row>('loss', t('loss'), data.unit, (r) => r.loss),
            rateColumn<Row>(t('lossRate')),
            levelColumn<Row>(t('warningLevel')),
          ]}
          summary={{ columns: ['supply', 'downstream', 'loss'], kinds: ['total'] }}
        />
      </div>
    </Space>
  );
}
