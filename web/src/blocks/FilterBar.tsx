/**
 * FilterBar: the filter row of the ledgers and the work-order board: free controls first, then
 * a text input or a select per filter field, Query (disabled while the draft cannot be
 * queried; Enter in a text field queries too) and Reset.
 */
import { Button, Input, Space } from '@douyinfe/semi-ui-19';
import type { ReactNode } from 'react';
import { useTexts } from '../i18n/texts';
import type { FormValues, SelectOption } from './FormFields';
import { Select } from './named-pickers';
import { blockTexts } from './texts';

export interface FilterFieldDef<F> {
  field: keyof F & string;
  label: string;
  type: 'text' | 'select';
  options?: readonly SelectOption[];
  width?: number;
}

export interface FilterBarProps<F extends FormValues> {
  fields?: readonly FilterFieldDef<F>[] | undefined;
  /** Free controls (a time range…), before the fields. */
  render?: ((draft: F, set: (patch: Partial<F>) => void) => ReactNode) | undefined;
  draft: F;
  onChange: (patch: Partial<F>) => void;
  canQuery?: boolean;
  onQuery: () => void;
  onReset: () => void;
}

export function FilterBar<F extends FormValues>({
  fields,
  render,
  draft,
  onChange,
  canQuery = true,
  onQuery,
  onReset,
}: FilterBarProps<F>) {
  const t = useTexts(blockTexts);
  return (
    <Space wrap spacing={8} style={{ marginBottom: 12 }}>
      {render?.(draft, onChange)}
      {fields?.map((f) =>
        f.type === 'text' ? (
          <Input
            key={f.field}
            aria-label={f.label}
            placeholder={f.label}
            style={{ width: f.width ?? 200 }}
            value={typeof draft[f.field] === 'string' ? (draft[f.field] as string) : ''}
            onChange={(v) => onChange({ [f.field]: v } as Partial<F>)}
            onEnterPress={() => canQuery && onQuery()}
            showClear
          />
        ) : (
          <Select
            key={f.field}
            aria-label={f.label}
            placeholder={f.label}
            motion={false}
            style={{ width: f.width ?? 180 }}
            optionList={f.options?.map((o) => ({ value: o.value, label: o.label })) ?? []}
            value={(draft[f.field] ?? undefined) as string | number | undefined}
            onChange={(v) => onChange({ [f.field]: v ?? null } as Partial<F>)}
            showClear
          />
        ),
      )}
      <Button theme="solid" type="primary" disabled={!canQuery} onClick={onQuery}>
        {t('query')}
      </Button>
      <Button onClick={onReset}>{t('reset')}</Button>
    </Space>
  );
}
