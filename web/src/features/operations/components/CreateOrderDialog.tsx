/**
 * A new work order: a repair order (device or node, fault description, level, photos; from an event
 * when the address names one: prefilled and linked to it) or a maintenance order by hand (a
 * device and its items). Validated by the create endpoint's body schema, sent through the
 * query layer.
 */
import { Modal, Typography } from '@douyinfe/semi-ui-19';
import type { WorkOrder } from '@eem/contract';
import { repairDraftFromEvent, TASK_LEVEL_LABELS, WORK_ORDER_LIMITS, type WorkOrderType } from '@eem/core';
import { useState } from 'react';
import { useFormat } from '../../../app/format';
import { errorMessage } from '../../../app/query-client';
import { useEndpointDefinitions, useEndpointMutation } from '../../../blocks/data';
import {
  type CustomFieldArgs,
  type FormFieldDef,
  FormFields,
  type FormValues,
  type SelectOption,
} from '../../../blocks/FormFields';
import { type FieldErrors, validateWith } from '../../../blocks/form-issues';
import { useTexts } from '../../../i18n/texts';
import { opsTexts } from '../texts';
import { DateTimeField, HoursField, labelOptions } from './fields';
import { type Attachment, AttachmentsField } from './OrderAttachments';
import { useDeviceOptions, useItemOptions } from './options';
import { ORDER_REFS } from './order-refs';

const positive = (text: string | null) => {
  const n = Number(text);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The first values: an event's draft (core repairDraftFromEvent) when the address names one. */
function initialValues(type: WorkOrderType, prefill: URLSearchParams): FormValues {
  const base = {
    description: '',
    deviceId: null,
    tasklevel: 3,
    teamId: null,
    executetimeplan: null,
    timeconsumeplan: WORK_ORDER_LIMITS.defaultPlannedMs,
  };
  if (type === 'maintenance') return { ...base, itemIds: [] };
  const eventId = positive(prefill.get('eventId'));
  if (eventId === null) return { ...base, nodeId: null, eventId: null, attachments: [] };
  const draft = repairDraftFromEvent({
    id: eventId,
    description: prefill.get('description') ?? '',
    level: positive(prefill.get('level')) ?? 4,
    nodeId: positive(prefill.get('nodeId')),
  });
  return { ...base, ...draft, nodeName: prefill.get('nodeName') ?? '', attachments: [] };
}

export function CreateOrderDialog({
  type,
  teams,
  prefill,
  onClose,
}: {
  type: WorkOrderType;
  teams: readonly SelectOption[];
  prefill: URLSearchParams;
  onClose: (created: WorkOrder | null) => void;
}) {
  const t = useTexts(opsTexts);
  const fmt = useFormat();
  const refs = ORDER_REFS[type];
  const devices = useDeviceOptions();
  const items = useItemOptions();
  const definitions = useEndpointDefinitions([refs.create]);
  const create = useEndpointMutation(refs.create);
  const [values, setValues] = useState<FormValues>(() => initialValues(type, prefill));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const schema =
    definitions.state === 'ready'
      ? (definitions.definitions[0] as { body?: { safeParse(v: unknown): never } }).body
      : undefined;
  const body = () => {
    const { nodeName: _shown, executetimeplan, attachments, ...rest } = values;
    const files =
      attachments === undefined ? {} : { attachments: (attachments as Attachment[]).map((f) => f.fileName) };
    return executetimeplan === null ? { ...rest, ...files } : { ...rest, ...files, executetimeplan };
  };
  const check = () => (schema ? validateWith(schema, body()) : {});

  const fields: FormFieldDef<FormValues>[] = [
    ...(values.eventId
      ? [
          {
            field: 'eventId',
            label: t('event'),
            type: 'custom' as const,
            render: () => (
              <Typography.Text data-testid="create-event">
                {t('eventLink', { id: String(values.eventId) })} · {String(values.nodeName ?? '')}
              </Typography.Text>
            ),
          },
        ]
      : []),
    {
      field: 'deviceId',
      label: t('device'),
      type: 'select',
      required: type === 'maintenance' || !values.eventId,
      options: devices,
    },
    ...(type === 'maintenance'
      ? [
          {
            field: 'itemIds',
            label: t('items'),
            type: 'multiSelect' as const,
            required: true,
            options: items,
          },
        ]
      : []),
    {
      field: 'description',
      label: t(type === 'repair' ? 'description' : 'content'),
      type: 'textarea',
      required: true,
    },
    {
      field: 'tasklevel',
      label: t('level'),
      type: 'select',
      options: labelOptions(TASK_LEVEL_LABELS, (pair) => fmt.label(pair)),
    },
    { field: 'teamId', label: t('team'), type: 'select', options: teams, placeholder: t('noTeam') },
    {
      field: 'executetimeplan',
      label: t('plannedStart'),
      type: 'custom',
      render: (a) => <DateTimeField {...a} />,
      help: fmt.timeZone,
    },
    {
      field: 'timeconsumeplan',
      label: t('plannedHours'),
      type: 'custom',
      render: (a) => <HoursField {...a} />,
    },
    ...(type === 'repair'
      ? [
          {
            field: 'attachments',
            label: t('attachments'),
            type: 'custom' as const,
            render: (a: CustomFieldArgs<FormValues>) => <AttachmentsField {...a} />,
          },
        ]
      : []),
  ];

  const save = async () => {
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    try {
      onClose((await create.mutateAsync({ body: body() as never })) as WorkOrder);
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Modal
      visible
      title={t('create')}
      width={640}
      okButtonProps={{ disabled: schema === undefined }}
      confirmLoading={create.isPending}
      onOk={save}
      onCancel={() => onClose(null)}
      maskClosable={false}
    >
      <FormFields
        idPrefix="eem-create-order"
        fields={fields}
        values={values}
        mode="create"
        errors={errors}
        onChange={(field, value) => {
          const next = { ...values, [field]: value };
          setValues(next);
          if (Object.keys(errors).length > 0 && schema) setErrors(validateWith(schema, next));
        }}
      />
      {failure && (
        <Typography.Text type="danger" data-testid="create-failure">
          {failure}
        </Typography.Text>
      )}
    </Modal>
  );
}
