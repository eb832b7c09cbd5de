/**
 * Plan against actual of one node's energy for an accounting year (energy.plan): the monthly
 * quotas and consumption as bars with the attainment, shown only where a plan exists.
 */
import { Typography } from '@douyinfe/semi-ui-19';
import { endpointKey } from '@eem/sdk';
import { formatNumber } from '../../../app/format';
import { ChartPanel } from '../../../blocks/ChartPanel';
import { useEndpointQuery } from '../../../blocks/data';
import { useTexts } from '../../../i18n/texts';
import { percentText } from '../common/columns';
import { refOf } from '../common/energy-data';
import { energyTexts } from '../common/texts';

export function PlanCard({
  node,
  energyType,
  year,
}: {
  node: { id: number; modelLabel: string };
  energyType: number;
  year: number;
}) {
  const t = useTexts(energyTexts);
  const answer = useEndpointQuery(endpointKey('energy', 'plan'), {
    body: { nodes: [refOf(node)], energyType, year },
  });
  const s = answer.data?.series[0];
  if (!answer.data || !s?.hasPlan) return null;
  const rate = percentText(s.rateTotal);
  return (
    <div data-testid="plan-card" style={{ width: '100%' }}>
      <ChartPanel
        kind="bar"
        height={220}
        title={`${t('plan')} / ${t('actual')} ${year}`}
        fileName="plan"
        unit={answer.data.unit}
        data={{
          categories: answer.data.months.map((m) => String(m.month)),
          series: [
            { name: t('plan'), values: s.plan },
            { name: t('actual'), values: s.actual },
          ],
        }}
        extra={
          <Typography.Text type="tertiary" size="small">
            {t('rate')} {rate} · {formatNumber(s.actualTotal)} / {formatNumber(s.planTotal)}
          </Typography.Text>
        }
      />
    </div>
  );
}
