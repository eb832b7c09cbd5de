/**
 * Handling plans (expert.plans): a name, ordered steps each with its responsible role, and the
 * linked fault scenarios. Add, edit and delete need expert_update.
 */

import { Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import type { EventPlan } from '@eem/contract';
import { EVENT_LIMITS } from '@eem/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMutations, useQueries } from '../../../../app/client';
import { useFormat } from '../../../../app/format';
import { CrudLedger, pageLocally } from '../../../../blocks/CrudLedger';
import type { DataColumn } from '../../../../blocks/DataTable';
import { FieldFrame, type FormFieldDef } from '../../../../blocks/FormFields';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';
import { emptyPlanForm, type PlanForm, planBody, planToForm, validatePlan } from './plan-form';
import { StepsEditor } from './StepsEditor';

interface PlanFilters {
  [field: string]: unknown;
  keyword: string;
}

export function PlanLedger({ canWrite }: { canWrite: boolean }) {
  const t = useTexts(eventAdminTexts);
  const fmt = useFormat();
  const queries = useQueries();
  const mutations = useMutations();
  const createPlan = useMutation(mutations.expert.createPlan());
  const updatePlan = useMutation(mutations.expert.updatePlan());
  const deletePlan = useMutation(mutations.expert.deletePlan());
  const scenarios = useQuery(queries.expert.scenarios({ body: { limit: EVENT_LIMITS.scenarioListMax } }));
  const scenarioName = new Map((scenarios.data ?? []).map((s) => [s.id, s.name]));

  const columns: DataColumn<EventPlan>[] = [
    { key: 'name', title: t('name'), width: 200 },
    {
      key: 'steps',
      title: t('steps'),
      width: 360,
      render: (r) => (
        <ol style={{ margin: 0, paddingLeft: 18 }}>
          {r.steps.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: steps are ordered and have no id
            <li key={i}>
              {s.text}
              {s.role && (
                <Typography.Text type="tertiary" size="small">
                  {` · ${s.role}`}
                </Typography.Text>
              )}
            </li>
          ))}
        </ol>
      ),
    },
    {
      key: 'scenarioIds',
      title: t('linkedScenarios'),
      width: 220,
      render: (r) =>
        r.scenarioIds.length === 0 ? (
          '--'
        ) : (
          <Space wrap spacing={4}>
            {r.scenarioIds.map((id) => (
              <Tag key={id} size="small">
                {scenarioName.get(id) ?? `#${id}`}
              </Tag>
            ))}
          </Space>
        ),
    },
    { key: 'updatedAt', title: t('updatedAt'), width: 170, render: (r) => fmt.time(r.updatedAt) },
  ];

  const fields: FormFieldDef<PlanForm>[] = [
    { field: 'name', label: t('name'), type: 'text', required: true },
    {
      field: 'scenarioIds',
      label: t('linkedScenarios'),
      type: 'multiSelect',
      options: (scenarios.data ?? []).map((s) => ({ value: s.id, label: s.name })),
    },
  ];

  return (
    <CrudLedger<EventPlan, PlanForm, PlanFilters>
      aria-label={t('planTab')}
      initialFilters={{ keyword: '' }}
      filters={[{ field: 'keyword', label: t('keyword'), type: 'text', width: 200 }]}
      query={(f, page) =>
        pageLocally(queries.expert.plans({ body: { keyWord: f.keyword.trim() } }), (list) => list, page)
      }
      columns={columns}
      rowKey={(r) => r.id}
      rowName={(r) => r.name}
      canWrite={canWrite}
      form={{
        width: 760,
        title: (mode) => (mode === 'create' ? t('createPlan') : t('editPlan')),
        empty: emptyPlanForm,
        fromRow: planToForm,
        validate: validatePlan,
        render: ({ values, errors, set, fields: render }) => (
          <>
            {render(fields.slice(0, 1))}
            <FieldFrame field="steps" label={t('steps')} required error={errors.steps}>
              <StepsEditor value={values.steps} errors={errors} onChange={(steps) => set('steps', steps)} />
            </FieldFrame>
            {render(fields.slice(1))}
          </>
        ),
      }}
      onCreate={(v) => createPlan.mutateAsync({ body: planBody(v) })}
      onUpdate={(row, v) => updatePlan.mutateAsync({ body: { ...planBody(v), id: row.id } })}
      onDelete={(r) => deletePlan.mutateAsync({ query: { id: r.id } })}
    />
  );
}
