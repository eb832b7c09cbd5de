/**
 * The fault scenarios that match an event (expert.resolveFaultScenarios), best first: probable
 * causes, suggested checks and the steps of their handling plans.
 */
import { Collapse, Empty, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useQueries } from '../../../../app/client';
import { errorMessage } from '../../../../app/query-client';
import { useTexts } from '../../../../i18n/texts';
import { eventsTexts } from '../texts';

export function FaultScenarios({ eventId }: { eventId: number }) {
  const t = useTexts(eventsTexts);
  const queries = useQueries();
  const scenarios = useQuery(queries.expert.resolveFaultScenarios({ body: { eventId } }));
  if (scenarios.isPending) return <Spin />;
  const list = scenarios.data ?? [];
  if (list.length === 0)
    return <Empty description={scenarios.error ? errorMessage(scenarios.error) : t('noScenarios')} />;
  return (
    <Collapse defaultActiveKey={[String(list[0]?.id)]} data-testid="fault-scenarios">
      {list.map((s) => (
        <Collapse.Panel
          key={s.id}
          itemKey={String(s.id)}
          header={
            <span>
              {s.name} {s.deviceClassified ? <Tag size="small">{s.deviceClassified}</Tag> : null}
            </span>
          }
        >
          <Typography.Text strong>{t('causes')}</Typography.Text>
          <ul style={{ margin: '4px 0 8px', paddingLeft: 20 }}>
            {s.causes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          <Typography.Text strong>{t('checks')}</Typography.Text>
          <ol style={{ margin: '4px 0 8px', paddingLeft: 20 }}>
            {s.checks.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          {s.plans.length === 0 ? (
            <Typography.Text type="tertiary">{t('noPlan')}</Typography.Text>
          ) : (
            s.plans.map((plan) => (
              <div key={plan.id} data-testid="handling-plan" style={{ marginTop: 8 }}>
                <Typography.Text strong>
                  {t('plan')}: {plan.name}
                </Typography.Text>
                <ol style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                  {plan.steps.map((step, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: steps are ordered and may repeat
                    <li key={i}>
                      {step.text}
                      {step.role ? (
                        <Typography.Text type="tertiary" size="small">
                          {' '}
                          · {t('role')}: {step.role}
                        </Typography.Text>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </div>
            ))
          )}
        </Collapse.Panel>
      ))}
    </Collapse>
  );
}
