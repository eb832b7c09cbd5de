/** The parameter definitions of a device template: name, unit, data type, min, max, required, options. */
import { Button, Checkbox, Input, InputNumber, Space } from '@douyinfe/semi-ui-19';
import type { DeviceTemplate } from '@eem/contract';
import { PARAMETER_TYPES } from '@eem/core';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { Select } from '../../../blocks/named-pickers';
import type { OpsT } from '../texts';

type Parameter = DeviceTemplate['parameters'][number];

const blank = (): Parameter => ({
  name: '',
  unit: '',
  dataType: 'number',
  min: null,
  max: null,
  required: false,
  options: [],
});
const bound = (n: number) => (Number.isFinite(n) ? n : null);

export function TemplateParametersField({ value, onChange, t }: CustomFieldArgs<FormValues> & { t: OpsT }) {
  const rows = (value as Parameter[] | undefined) ?? [];
  const set = (i: number, patch: Partial<Parameter>) =>
    onChange(rows.map((row, j) => (j === i ? { ...row, ...patch } : row)));
  return (
    <Space vertical align="start" spacing={6} style={{ width: '100%' }} data-testid="template-parameters">
      {rows.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parameter is named only once typed
        <Space key={i} spacing={6} wrap>
          <Input
            size="small"
            style={{ width: 130 }}
            placeholder={t('name')}
            value={p.name}
            onChange={(name) => set(i, { name })}
          />
          <Input
            size="small"
            style={{ width: 70 }}
            placeholder={t('unit')}
            value={p.unit}
            onChange={(unit) => set(i, { unit })}
          />
          <Select
            aria-label={`${t('dataType')} ${i + 1}`}
            size="small"
            style={{ width: 100 }}
            value={p.dataType}
            optionList={PARAMETER_TYPES.map((d) => ({ value: d, label: t(`dataType.${d}`) }))}
            onChange={(d) => set(i, { dataType: d as Parameter['dataType'] })}
          />
          {p.dataType === 'number' && (
            <>
              <InputNumber
                size="small"
                style={{ width: 90 }}
                placeholder={t('min')}
                value={p.min ?? undefined}
                onNumberChange={(n) => set(i, { min: bound(n) })}
              />
              <InputNumber
                size="small"
                style={{ width: 90 }}
                placeholder={t('max')}
                value={p.max ?? undefined}
                onNumberChange={(n) => set(i, { max: bound(n) })}
              />
            </>
          )}
          {p.dataType === 'enum' && (
            <Input
              size="small"
              style={{ width: 190 }}
              placeholder={`${t('options')} (a, b, c)`}
              value={p.options.join(', ')}
              onChange={(text) =>
                set(i, {
                  options: text
                    .split(/[,，]/)
                    .map((o) => o.trim())
                    .filter(Boolean),
                })
              }
            />
          )}
          <Checkbox checked={p.required} onChange={(e) => set(i, { required: Boolean(e.target.checked) })}>
            {t('required')}
          </Checkbox>
          <Button
            size="small"
            theme="borderless"
            type="danger"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ×
          </Button>
        </Space>
      ))}
      <Button size="small" onClick={() => onChange([...rows, blank()])}>
        {t('addParameter')}
      </Button>
    </Space>
  );
}
