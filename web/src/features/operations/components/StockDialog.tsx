/**
 * Stock in or out of a spare part: a quantity (out: never more than the stock), for a device
 * or not, a note; validated by the endpoint's body schema.
 */
import { Modal, Typography } from '@douyinfe/semi-ui-19';
import type { SparePart } from '@eem/contract';
import { endpointKey } from '@eem/sdk';
import { useState } from 'react';
import { errorMessage } from '../../../app/query-client';
import { useEndpointDefinitions, useEndpointMutation } from '../../../blocks/data';
import { FormFields, type FormValues } from '../../../blocks/FormFields';
import { type FieldErrors, validateWith } from '../../../blocks/form-issues';
import type { OpsT } from '../texts';
import { useDeviceOptions } from './options';

export function StockDialog({
  part,
  kind,
  t,
  onClose,
}: {
  part: SparePart;
  kind: 'in' | 'out';
  t: OpsT;
  onClose: () => void;
}) {
  const ref = kind === 'in' ? endpointKey('devices', 'stockIn') : endpointKey('devices', 'stockOut');
  const changes = {
    invalidates: [endpointKey('devices', 'spareParts'), endpointKey('devices', 'stockMoves')],
  };
  const stockIn = useEndpointMutation(endpointKey('devices', 'stockIn'), changes);
  const stockOut = useEndpointMutation(endpointKey('devices', 'stockOut'), changes);
  const definitions = useEndpointDefinitions([ref]);
  const devices = useDeviceOptions();
  const [values, setValues] = useState<FormValues>({ quantity: 1, deviceId: null, note: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const schema =
    definitions.state === 'ready'
      ? (definitions.definitions[0] as { body?: { safeParse(v: unknown): never } }).body
      : undefined;
  const body = (v: FormValues) =>
    kind === 'in' ? { partId: part.id, quantity: v.quantity, note: v.note } : { partId: part.id, ...v };
  const check = (v: FormValues): FieldErrors => {
    const found = schema ? validateWith(schema, body(v)) : {};
    if (kind === 'out' && typeof v.quantity === 'number' && v.quantity > part.stock && !found.quantity)
      return { ...found, quantity: t('stockNow', { n: part.stock }) };
    return found;
  };
  const save = async () => {
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await (kind === 'in' ? stockIn : stockOut).mutateAsync({ body: body(values) as never });
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };
  return (
    <Modal
      visible
      title={`${t(kind === 'in' ? 'stockIn' : 'stockOut')}: ${part.name} ${part.model}`}
      okButtonProps={{ disabled: schema === undefined }}
      confirmLoading={stockIn.isPending || stockOut.isPending}
      onOk={save}
      onCancel={onClose}
      maskClosable={false}
    >
      <Typography.Text type="tertiary">
        {t('stockNow', { n: part.stock })} {part.unit}
      </Typography.Text>
      <FormFields
        idPrefix="eem-stock"
        fields={[
          { field: 'quantity', label: t('quantity'), type: 'number', required: true, precision: 0 },
          ...(kind === 'out'
            ? [{ field: 'deviceId', label: t('device'), type: 'select' as const, options: devices }]
            : []),
          { field: 'note', label: t('note'), type: 'text' },
        ]}
        values={values}
        mode="create"
        errors={errors}
        onChange={(field, value) => {
          const next = { ...values, [field]: value };
          setValues(next);
          if (Object.keys(errors).length > 0) setErrors(check(next));
        }}
      />
      {failure && <Typography.Text type="danger">{failure}</Typography.Text>}
    </Modal>
  );
}
