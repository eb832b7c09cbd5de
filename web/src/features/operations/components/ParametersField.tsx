/** A device's technical parameters, the inputs its template defines (number, text, date, enum). */
import { Input, InputNumber, Space, Typography } from '@douyinfe/semi-ui-19';
import type { DeviceTemplate } from '@eem/contract';
import { useId } from 'react';
import type { CustomFieldArgs, FormValues } from '../../../blocks/FormFields';
import { Select } from '../../../blocks/named-pickers';
import { DateTimeField } from './fields';

type Values = Record<string, string | number | null>;

export function ParametersField({
  value,
  onChange,
  values,
  templates,
}: CustomFieldArgs<FormValues> & { templates: readonly DeviceTemplate[] }) {
  const ids = useId();
  const template = templates.find((x) => x.id === values.templateId);
  const current = (value ?? {}) as Values;
  if (!template || template.parameters.length === 0)
    return <Typography.Text type="tertiary">--</Typography.Text>;
  const set = (name: string, v: string | number | null) => onChange({ ...current, [name]: v });
  return (
    <Space vertical align="start" spacing={6} style={{ width: '100%' }}>
      {template.parameters.map((p, i) => {
        const v = current[p.name] ?? null;
        const title = `${p.name}${p.unit ? ` (${p.unit})` : ''}${p.required ? ' *' : ''}`;
        const labelId = `${ids}-${i}`;
        let control: React.ReactNode;
        if (p.dataType === 'number')
          control = (
            <InputNumber
              aria-labelledby={labelId}
              size="small"
              style={{ width: 200 }}
              value={typeof v === 'number' ? v : undefined}
              {...(p.min !== null ? { min: p.min } : {})}
              {...(p.max !== null ? { max: p.max } : {})}
              onNumberChange={(n) => set(p.name, Number.isFinite(n) ? n : null)}
            />
          );
        else if (p.dataType === 'enum')
          control = (
            <Select
              aria-labelledby={labelId}
              size="small"
              style={{ width: 200 }}
              value={typeof v === 'string' ? v : undefined}
              optionList={p.options.map((o) => ({ value: o, label: o }))}
              onChange={(o) => set(p.name, typeof o === 'string' ? o : null)}
            />
          );
        else if (p.dataType === 'date')
          control = (
            <div style={{ width: 200 }}>
              <DateTimeField
                labelId={labelId}
                value={v}
                onChange={(d) => set(p.name, typeof d === 'number' ? d : null)}
              />
            </div>
          );
        else
          control = (
            <Input
              aria-labelledby={labelId}
              size="small"
              style={{ width: 200 }}
              value={typeof v === 'string' ? v : ''}
              onChange={(s) => set(p.name, s)}
            />
          );
        return (
          <Space key={p.name} spacing={8}>
            <Typography.Text id={labelId} style={{ width: 180, display: 'inline-block' }}>
              {title}
            </Typography.Text>
            {control}
          </Space>
        );
      })}
    </Space>
  );
}
