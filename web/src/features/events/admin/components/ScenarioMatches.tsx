/** The fault scenarios that match an event (expert.resolveFaultScenarios): causes, checks, plans. */
import { Collapse, Empty, List, Spin, Tag, Typography } from '@douyinfe/semi-ui-19';
import { useQuery } from '@tanstack/react-query';
import { useQueries } from '../../../../app/client';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';

export function ScenarioMatches({ eventId }: { eventId: number }) {
  const t = useTexts(eventAdminTexts);
  const queries = useQueries();
  const matches = useQuery(queries.expert.resolveFaultScenarios({ body: { eventId } }));
  if (matches.isPending) return <Spin />;
  const list = matches.data ?? [];
  if (list.length === 0) return <Empty description={t('noScenarios')} />;
  return (
    <Collapse defaultActiveKey={[String(list[0]?.id)]} aria-label={t('scenarios')}>
      {list.map((s) => (
        <Collapse.Panel
          key={s.id}
          itemKey={String(s.id)}
          header={
            <span>
              {s.name} {s.deviceClassified && <Tag size="small">{s.deviceClassified}</Tag>}
            </span>
          }
        >
          <Typography.Text strong>{t('causes')}</Typography.Text>
          <List size="small" dataSource={s.causes} renderItem={(c) => <List.Item>{c}</List.Item>} />
          <Typography.Text strong>{t('checks')}</Typography.Text>
          <List
            size="small"
            dataSource={s.checks}
            renderItem={(c, i) => <List.Item>{`${i + 1}. ${c}`}</List.Item>}
          />
          {s.plans.length > 0 && (
            <>
              <Typography.Text strong>{t('plans')}</Typography.Text>
              {s.plans.map((p) => (
                <div key={p.id} style={{ marginTop: 4 }}>
                  <Typography.Text>{p.name}</Typography.Text>
                  <ol style={{ margin: '4px 0 0 0', paddingLeft: 20 }}>
                    {p.steps.map((step, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: steps are ordered and unnamed
                      <li key={i}>
                        {step.text}
                        {step.role && (
                          <Tag size="small" style={{ marginLeft: 6 }}>
                            {step.role}
                          </Tag>
                        )}
                      </li>
                    ))}
                  </ol>
                </div>
              ))}
            </>
          )}
        </Collapse.Panel>
      ))}
    </Collapse>
  );
}
