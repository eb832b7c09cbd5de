/**
 * Controlled form fields for dialogs: a label (starred when required), the control and the
 * field's error under it. Values live in the caller's state; validation is the caller's
 * (the contract's schema through form-issues.ts), so the messages are the server's, shown in
 * the interface language (core's localizeMessage).
 */
import { Form, Input, InputNumber, Switch, TextArea, Typography } from '@douyinfe/semi-ui-19';
import { localizeMessage } from '@eem/core';
import type { ReactNode } from 'react';
import { fromPickerDate, toPickerDate, useTimeZone } from '../app/format';
import { useLanguage } from '../i18n/language';
import { DatePicker, Select } from './named-pickers';

export type FormMode = 'create' | 'edit';
export type FormValues = Record<string, unknown>;

export interface SelectOption {
  value: string | number;
  label: string;
}

export interface CustomFieldArgs<V extends FormValues> {
  /** The id of the field's label, for a control that `<label for>` cannot name (a Select…). */
  labelId: string;
  value: unknown;
  onChange: (value: unknown) => void;
  values: V;
  mode: FormMode;
  error: string | undefined;
}

export interface FormFieldDef<V extends FormValues = FormValues> {
  field: keyof V & string;
  label: string;
  type: 'text' | 'password' | 'textarea' | 'number' | 'select' | 'multiSelect' | 'date' | 'switch' | 'custom';
  /** Shows the star (the rule itself is the validator's). */
  required?: boolean;
  options?: readonly SelectOption[];
  placeholder?: string;
  /** Shown only when this answers true. */
  visible?: (values: V, mode: FormMode) => boolean;
  disabled?: (values: V, mode: FormMode) => boolean;
  /** Help under the control. */
  help?: ReactNode;
  /** Date pickers (days of the screen's time zone): the cells refused (their wall dates). */
  disabledDate?: (date: Date) => boolean;
  /** Number inputs: decimal places. */
  precision?: number;
  render?: (args: CustomFieldArgs<V>) => ReactNode;
}

export function FieldFrame({
  label,
  required,
  error,
  help,
  children,
  htmlFor,
  labelId,
  field,
}: {
  /** Names the field in the page (data-field), for tests and styling. */
  field?: string;
  label: ReactNode;
  required?: boolean | undefined;
  error?: string | undefined;
  help?: ReactNode;
  children: ReactNode;
  htmlFor?: string;
  /**
   * The label's id: a Select or DatePicker is named by `aria-labelledby` to it, as `<label for>`
   * names only native controls.
   */
  labelId?: string;
}) {
  // Rule messages (core's, the contract's, the server's) in the interface language.
  const { language } = useLanguage();
  return (
    <div className="eem-field" data-field={field} style={{ marginBottom: 14 }}>
      <Form.Label
        text={label}
        required={Boolean(required)}
        {...(htmlFor ? { htmlFor } : {})}
        {...(labelId ? { id: labelId } : {})}
      />
      <div>{children}</div>
      {help && (
        <Typography.Text type="tertiary" size="small">
          {help}
        </Typography.Text>
      )}
      {error && (
        <div role="alert" className="eem-field-error">
          <Typography.Text type="danger" size="small">
            {localizeMessage(error, language)}
          </Typography.Text>
        </div>
      )}
    </div>
  );
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
}

function control<V extends FormValues>(
  def: FormFieldDef<V>,
  id: string,
  labelId: string,
  values: V,
  mode: FormMode,
  error: string | undefined,
  onChange: (value: unknown) => void,
  timeZone: string,
): ReactNode {
  const value = values[def.field];
  const disabled = def.disabled?.(values, mode) ?? false;
  const common = {
    id,
    disabled,
    placeholder: def.placeholder,
    validateStatus: error ? ('error' as const) : undefined,
  };
  switch (def.type) {
    case 'text':
      return <Input {...common} value={asText(value)} onChange={(v) => onChange(v)} />;
    case 'password':
      return (
        <Input
          {...common}
          mode="password"
          autoComplete="new-password"
          value={asText(value)}
          onChange={(v) => onChange(v)}
        />
      );
    case 'textarea':
      return (
        <TextArea
          {...common}
          value={asText(value)}
          onChange={(v) => onChange(v)}
          autosize={{ minRows: 2, maxRows: 6 }}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%' }}
          value={typeof value === 'number' ? value : undefined}
          {...(def.precision === undefined ? {} : { precision: def.precision })}
          onNumberChange={(v) => onChange(typeof v === 'number' && Number.isFinite(v) ? v : null)}
          onChange={(v) => {
            if (v === '' || v === null || v === undefined) onChange(null);
          }}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          aria-labelledby={labelId}
          style={{ width: '100%' }}
          motion={false}
          optionList={def.options?.map((o) => ({ value: o.value, label: o.label })) ?? []}
          value={value === null || value === undefined ? undefined : (value as string | number)}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'multiSelect':
      return (
        <Select
          {...common}
          aria-labelledby={labelId}
          style={{ width: '100%' }}
          multiple
          motion={false}
          optionList={def.options?.map((o) => ({ value: o.value, label: o.label })) ?? []}
          value={Array.isArray(value) ? (value as (string | number)[]) : []}
          onChange={(v) => onChange(Array.isArray(v) ? v : [])}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          aria-labelledby={labelId}
          style={{ width: '100%' }}
          type="date"
          value={typeof value === 'number' ? toPickerDate(value, timeZone) : undefined}
          {...(def.disabledDate
            ? { disabledDate: (d?: Date) => (d ? (def.disabledDate?.(d) ?? false) : false) }
            : {})}
          onChange={(d) => onChange(d instanceof Date ? fromPickerDate(d, timeZone) : null)}
        />
      );
    case 'switch':
      return <Switch id={id} disabled={disabled} checked={Boolean(value)} onChange={(v) => onChange(v)} />;
    case 'custom':
      return def.render?.({ labelId, value, onChange, values, mode, error }) ?? null;
  }
}

export interface FormFieldsProps<V extends FormValues> {
  fields: readonly FormFieldDef<V>[];
  values: V;
  mode: FormMode;
  errors: Readonly<Record<string, string>>;
  onChange: (field: keyof V & string, value: unknown) => void;
  /** Prefix of the controls' ids (several forms on a page). */
  idPrefix?: string;
}

export function FormFields<V extends FormValues>({
  fields,
  values,
  mode,
  errors,
  onChange,
  idPrefix = 'eem-field',
}: FormFieldsProps<V>) {
  const { timeZone } = useTimeZone();
  return (
    <>
      {fields
        .filter((def) => def.visible?.(values, mode) ?? true)
        .map((def) => {
          const id = `${idPrefix}-${def.field}`;
          const labelId = `${id}-label`;
          const error = errors[def.field];
          return (
            <FieldFrame
              key={def.field}
              field={def.field}
              label={def.label}
              required={def.required}
              error={error}
              help={def.help}
              htmlFor={id}
              labelId={labelId}
            >
              {control(def, id, labelId, values, mode, error, (v) => onChange(def.field, v), timeZone)}
            </FieldFrame>
          );
        })}
    </>
  );
}
