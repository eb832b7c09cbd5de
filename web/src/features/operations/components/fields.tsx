/**
 * Small controls the operations forms share: a date and time in the project's zone (sent as
 * epoch ms), hours entered as hours and sent as ms (core hoursToMs), and select options of
 * core's `[zh, en]` label tables.
 */
import { InputNumber } from '@douyinfe/semi-ui-19';
import { hoursToMs, msToHours } from '@eem/core';
import { fromPickerDate, toPickerDate, useFormat } from '../../../app/format';
import type { CustomFieldArgs, FormValues, SelectOption } from '../../../blocks/FormFields';
import { DatePicker } from '../../../blocks/named-pickers';

export function DateTimeField({
  labelId,
  value,
  onChange,
}: Pick<CustomFieldArgs<FormValues>, 'labelId' | 'value' | 'onChange'>) {
  const { timeZone } = useFormat();
  return (
    <DatePicker
      aria-labelledby={labelId}
      type="dateTime"
      style={{ width: '100%' }}
      format="yyyy-MM-dd HH:mm"
      value={typeof value === 'number' ? toPickerDate(value, timeZone) : undefined}
      onChange={(d) => onChange(d instanceof Date ? fromPickerDate(d, timeZone) : null)}
    />
  );
}

/** A duration held in ms, edited in hours. */
export function HoursField({
  labelId,
  value,
  onChange,
}: Pick<CustomFieldArgs<FormValues>, 'labelId' | 'value' | 'onChange'>) {
  return (
    <InputNumber
      aria-labelledby={labelId}
      style={{ width: '100%' }}
      min={0}
      precision={2}
      value={typeof value === 'number' ? msToHours(value) : undefined}
      onNumberChange={(hours) => onChange(Number.isFinite(hours) ? hoursToMs(hours) : null)}
    />
  );
}

/** Options of a core label table (`{ 1: ['紧急', 'Urgent'] }`) in the interface language. */
export function labelOptions<K extends string | number>(
  table: Readonly<Record<K, readonly [string, string]>>,
  label: (pair: readonly [string, string]) => string,
): SelectOption[] {
  return (Object.entries(table) as [string, readonly [string, string]][]).map(([key, pair]) => ({
    value: /^\d+$/.test(key) ? Number(key) : key,
    label: label(pair),
  }));
}
