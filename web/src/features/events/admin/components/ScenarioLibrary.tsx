/**
 * The fault-scenario library (expert.scenarios): device class, event class, name, the event
 * types it applies to, causes, checks and attachments; filters by keyword, device class and
 * event class. Add, edit and delete need expert_update.
 */
import { Space, Tag, TextArea, Typography } from '@douyinfe/semi-ui-19';
import type { FaultScenario } from '@eem/contract';
import { EVENT_CLASS_LABELS, EVENT_LIMITS, LOG_TYPE_NAMES, nodeTypeName } from '@eem/core';
import { useMutation } from '@tanstack/react-query';
import { useMutations, useQueries } from '../../../../app/client';
import { useFormat } from '../../../../app/format';
import { CrudLedger, pageLocally } from '../../../../blocks/CrudLedger';
import type { DataColumn } from '../../../../blocks/DataTable';
import { FieldFrame, type FormFieldDef } from '../../../../blocks/FormFields';
import { useLanguage } from '../../../../i18n/language';
import { useTexts } from '../../../../i18n/texts';
import { eventAdminTexts } from '../texts';
import { AttachmentsField } from './AttachmentsField';
import { useEventLabels } from './event-labels';
import {
  emptyScenarioForm,
  type ScenarioForm,
  scenarioBody,
  scenarioToForm,
  validateScenario,
} from './scenario-form';

interface ScenarioFilters {
  [field: string]: unknown;
  keyword: string;
  deviceClassified: string;
  eventClassified: number | null;
}

/** Node types scenarios are usually written for (free text is allowed too). */
export const DEVICE_CLASSES = ['transformer', 'linesegment', 'busbar', 'breaker', 'meter', 'device', 'pump'];

export function ScenarioLibrary({ canWrite }: { canWrite: boolean }) {
  const t = useTexts(eventAdminTexts);
  const fmt = useFormat();
  const { language } = useLanguage();
  const labels = useEventLabels();
  const queries = useQueries();
  const mutations = useMutations();
  const createScenario = useMutation(mutations.expert.createScenario());
  const updateScenario = useMutation(mutations.expert.updateScenario());
  const deleteScenario = useMutation(mutations.expert.deleteScenario());
  const classOptions = Object.keys(EVENT_CLASS_LABELS).map((c) => ({
    value: Number(c),
    label: labels.eventClass(Number(c)),
  }));
  const typeOptions = Object.keys(LOG_TYPE_NAMES)
    .map(Number)
    .filter((n) => n >= 701)
    .map((n) => ({ value: n, label: `${n} ${labels.logType(n)}` }));
  const deviceOptions = DEVICE_CLASSES.map((d) => ({ value: d, label: nodeTypeName(d, language) }));

  const columns: DataColumn<FaultScenario>[] = [
    { key: 'name', title: t('name'), width: 200 },
    {
      key: 'deviceClassified',
      title: t('deviceClass'),
      width: 120,
      // A node type's label, never its raw model label (a free text shows as written).
      render: (r) => (r.deviceClassified ? nodeTypeName(r.deviceClassified, language) : '--'),
    },
    {
      key: 'eventClassified',
      title: t('eventClass'),
      width: 110,
      render: (r) => (r.eventClassified === null ? t('any') : labels.eventClass(r.eventClassified)),
    },
    {
      key: 'logTypes',
      title: t('logTypes'),
      width: 200,
      render: (r) =>
        r.logTypes.length === 0 ? (
          t('any')
        ) : (
          <Space wrap spacing={4}>
            {r.logTypes.map((n) => (
              <Tag key={n} size="small">
                {labels.logType(n)}
              </Tag>
            ))}
          </Space>
        ),
    },
    { key: 'causes', title: t('causes'), width: 240, render: (r) => r.causes.join('; ') || '--' },
    { key: 'checks', title: t('checks'), width: 90, align: 'right', render: (r) => r.checks.length },
    {
      key: 'attachments',
      title: t('attachments'),
      width: 90,
      align: 'right',
      render: (r) => r.attachments.length,
    },
    { key: 'updatedAt', title: t('updatedAt'), width: 170, render: (r) => fmt.time(r.updatedAt) },
  ];

  const fields: FormFieldDef<ScenarioForm>[] = [
    { field: 'name', label: t('name'), type: 'text', required: true },
    { field: 'deviceClassified', label: t('deviceClass'), type: 'select', options: deviceOptions },
    { field: 'eventClassified', label: t('eventClass'), type: 'select', options: classOptions },
    { field: 'logTypes', label: t('logTypes'), type: 'multiSelect', options: typeOptions },
  ];

  return (
    <CrudLedger<FaultScenario, ScenarioForm, ScenarioFilters>
      aria-label={t('scenarioTab')}
      initialFilters={{ keyword: '', deviceClassified: '', eventClassified: null }}
      filters={[
        { field: 'keyword', label: t('keyword'), type: 'text', width: 200 },
        {
          field: 'deviceClassified',
          label: t('deviceClass'),
          type: 'select',
          options: deviceOptions,
          width: 160,
        },
        {
          field: 'eventClassified',
          label: t('eventClass'),
          type: 'select',
          options: classOptions,
          width: 140,
        },
      ]}
      query={(f, page) =>
        pageLocally(
          queries.expert.scenarios({
            body: {
              keyWord: f.keyword.trim(),
              deviceClassified: f.deviceClassified ?? '',
              eventClassified: f.eventClassified,
              limit: EVENT_LIMITS.scenarioListMax,
            },
          }),
          (list) => list,
          page,
        )
      }
      columns={columns}
      rowKey={(r) => r.id}
      rowName={(r) => r.name}
      canWrite={canWrite}
      form={{
        width: 680,
        title: (mode) => (mode === 'create' ? t('createScenario') : t('editScenario')),
        empty: emptyScenarioForm,
        fromRow: scenarioToForm,
        validate: validateScenario,
        render: ({ values, errors, set, fields: render }) => (
          <>
            {render(fields)}
            {(['causes', 'checks'] as const).map((field) => (
              <FieldFrame
                key={field}
                field={field}
                label={t(field)}
                help={t('linesHint')}
                error={errors[field]}
              >
                <TextArea
                  aria-label={t(field)}
                  value={values[field]}
                  autosize={{ minRows: 3, maxRows: 8 }}
                  onChange={(v) => set(field, v)}
                />
              </FieldFrame>
            ))}
            <FieldFrame
              field="attachments"
              label={t('attachments')}
              help={<Typography.Text type="tertiary">{t('attachmentHint')}</Typography.Text>}
              error={errors.attachments}
            >
              <AttachmentsField value={values.attachments} onChange={(v) => set('attachments', v)} />
            </FieldFrame>
          </>
        ),
      }}
      onCreate={(v) => createScenario.mutateAsync({ body: scenarioBody(v) })}
      onUpdate={(row, v) => updateScenario.mutateAsync({ body: { ...scenarioBody(v), id: row.id } })}
      onDelete={(r) => deleteScenario.mutateAsync({ query: { id: r.id } })}
    />
  );
}
