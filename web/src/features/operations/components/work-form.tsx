/**
 * The executor's form (stash and submit): start and completion in the project's zone, the
 * result and cause, the maintenance items ticked with readings, and the spare parts used
 * (each at most its stock), and the photos and files of the work. It starts from the order's
 * saved draft when the detail is loaded.
 */
import { Button, Checkbox, Input, InputNumber, Space, Typography } from '@douyinfe/semi-ui-19';
import type { WorkOrder, WorkOrderDetail } from '@eem/contract';
import { WORK_ORDER_MESSAGES, type WorkOrderType } from '@eem/core';
import type { CustomFieldArgs, FormFieldDef, FormValues } from '../../../blocks/FormFields';
import type { FieldErrors } from '../../../blocks/form-issues';
import { Select } from '../../../blocks/named-pickers';
import type { OpsT as T } from '../texts';
import { DateTimeField } from './fields';
import { type Attachment, AttachmentsField, describe } from './OrderAttachments';
import { useParts } from './options';

interface ItemRow {
  itemId: number;
  name: string;
  done: boolean;
  reading: string;
  note: string;
}
interface PartRow {
  partId: number | null;
  quantity: number;
}

export function workForm(
  type: WorkOrderType,
  t: T,
  detailOf: (order: WorkOrder) => WorkOrderDetail | undefined,
) {
  const fields: FormFieldDef<FormValues>[] = [
    { field: 'executetime', label: t('start'), type: 'custom', render: (a) => <DateTimeField {...a} /> },
    { field: 'finishtime', label: t('finish'), type: 'custom', render: (a) => <DateTimeField {...a} /> },
    { field: 'result', label: t('result'), type: 'textarea', required: true },
    ...(type === 'repair' ? [{ field: 'cause', label: t('cause'), type: 'textarea' as const }] : []),
    ...(type === 'maintenance'
      ? [
          {
            field: 'items',
            label: t('items'),
            type: 'custom' as const,
            render: (a: CustomFieldArgs<FormValues>) => <ItemsField {...a} t={t} />,
          },
        ]
      : []),
    {
      field: 'spareParts',
      label: t('partsUsed'),
      type: 'custom',
      render: (a) => <PartsField {...a} t={t} />,
    },
    {
      field: 'attachments',
      label: t('attachments'),
      type: 'custom',
      render: (a) => <AttachmentsField {...a} />,
    },
  ];
  return {
    fields,
    width: 640,
    empty: (orders: readonly WorkOrder[]): FormValues => {
      const order = orders[0];
      const detail = order ? detailOf(order) : undefined;
      const work = detail?.work;
      return {
        code: order?.code ?? '',
        executetime: work?.executetime ?? null,
        finishtime: work?.finishtime ?? null,
        result: work?.result ?? '',
        cause: work?.cause ?? '',
        items: (detail?.items ?? []).map((i) => ({
          itemId: i.itemId,
          name: i.name,
          done: i.done,
          reading: i.reading,
          note: i.note,
        })),
        spareParts: (work?.spareParts ?? []).map((p) => ({ partId: p.partId, quantity: p.quantity })),
        attachments: describe(work?.attachments ?? [], detail?.files ?? []),
      };
    },
    /** The `work` of the stash and submit bodies. */
    toBody: (values: FormValues) => ({
      executetime: values.executetime ?? null,
      finishtime: values.finishtime ?? null,
      result: values.result ?? '',
      ...(type === 'repair' ? { cause: values.cause ?? '' } : {}),
      ...(type === 'maintenance'
        ? {
            items: (values.items as ItemRow[]).map(({ itemId, done, reading, note }) => ({
              itemId,
              done,
              reading,
              note,
            })),
          }
        : {}),
      spareParts: (values.spareParts as PartRow[]).filter((p) => p.partId !== null),
      attachments: ((values.attachments as Attachment[] | undefined) ?? []).map((f) => f.fileName),
    }),
    /** What submit needs beyond the schema (the server's rule: a result). */
    required: (values: FormValues): FieldErrors =>
      String(values.result ?? '').trim() === '' ? { result: WORK_ORDER_MESSAGES.resultRequired } : {},
  };
}

function ItemsField({ value, onChange, t }: CustomFieldArgs<FormValues> & { t: T }) {
  const rows = (value as ItemRow[] | undefined) ?? [];
  const set = (i: number, patch: Partial<ItemRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Space vertical align="start" spacing={6} style={{ width: '100%' }} data-testid="work-items">
      {rows.map((row, i) => (
        <Space key={row.itemId} spacing={8} style={{ width: '100%' }}>
          <Checkbox
            checked={row.done}
            onChange={(e) => set(i, { done: Boolean(e.target.checked) })}
            style={{ width: 200 }}
          >
            {row.name}
          </Checkbox>
          <Input
            size="small"
            placeholder={t('reading')}
            value={row.reading}
            onChange={(reading) => set(i, { reading })}
            style={{ width: 140 }}
          />
          <Input
            size="small"
            placeholder={t('note')}
            value={row.note}
            onChange={(note) => set(i, { note })}
          />
        </Space>
      ))}
    </Space>
  );
}

export function PartsField({ value, onChange, t }: CustomFieldArgs<FormValues> & { t: T }) {
  const parts = useParts();
  const rows = (value as PartRow[] | undefined) ?? [];
  const set = (i: number, patch: Partial<PartRow>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Space vertical align="start" spacing={6} style={{ width: '100%' }} data-testid="work-parts">
      {rows.map((row, i) => {
        const part = parts.find((p) => p.id === row.partId);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until a part is chosen
          <Space key={i} spacing={8}>
            <Select
              aria-label={`${t('part')} ${i + 1}`}
              size="small"
              filter
              style={{ width: 260 }}
              placeholder={t('part')}
              value={row.partId ?? undefined}
              optionList={parts.map((p) => ({ value: p.id, label: `${p.name} ${p.model}`.trim() }))}
              onChange={(v) => set(i, { partId: typeof v === 'number' ? v : null })}
            />
            <InputNumber
              size="small"
              min={1}
              precision={0}
              style={{ width: 110 }}
              value={row.quantity}
              onNumberChange={(q) => set(i, { quantity: q })}
            />
            {part && (
              <Typography.Text type={row.quantity > part.stock ? 'danger' : 'tertiary'} size="small">
                {t('stockNow', { n: part.stock })} {part.unit}
              </Typography.Text>
            )}
            <Button
              size="small"
              theme="borderless"
              type="danger"
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              ×
            </Button>
          </Space>
        );
      })}
      <Button size="small" onClick={() => onChange([...rows, { partId: null, quantity: 1 }])}>
        {t('addPart')}
      </Button>
    </Space>
  );
}
