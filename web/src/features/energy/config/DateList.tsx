/**
 * A version's extra holidays or working days (a time-of-use definition's `holidays` and
 * `workdays`): dates picked on the project's calendar, listed in order with a remove each,
 * and the contract's bound: at the bound the picker is off and the contract's own message
 * says why (the body schema of the write, run on the list with one date more).
 */
import { Space, Tag, Typography } from '@douyinfe/semi-ui-19';
import { TOU_LIMITS } from '@eem/core';
import { formatDate, fromPickerDate, toPickerDate } from '../../../app/format';
import { type SafeParser, validateWith } from '../../../blocks/form-issues';
import { DatePicker } from '../../../blocks/named-pickers';

/** 'YYYY-MM-DD' of a picked day, read on the project's calendar. */
export function pickedDay(date: Date, zone: string): string {
  return formatDate(fromPickerDate(date, zone), 'YYYY-MM-DD', zone);
}

/** The list with `day` added once, in date order. */
export function withDay(days: readonly string[], day: string): string[] {
  return [...new Set([...days, day])].sort();
}

/**
 * The contract's message when one more date would break the bound of `key` in a version of
 * `body` (the schema checks `versions.<i>.<key>`), else null.
 */
export function boundMessage(
  schema: SafeParser | undefined,
  body: { versions: readonly Record<string, unknown>[] },
  version: number,
  key: 'holidays' | 'workdays',
): string | null {
  const days = body.versions[version]?.[key];
  if (!schema || !Array.isArray(days) || days.length < TOU_LIMITS.holidays) return null;
  const probe = {
    ...body,
    versions: body.versions.map((v, i) => (i === version ? { ...v, [key]: [...days, '9999-12-31'] } : v)),
  };
  const errors = validateWith(schema, probe, (path) =>
    path[0] === 'versions' && path[1] === version && path[2] === key && path.length === 3 ? key : '',
  );
  return errors[key] ?? null;
}

export function DateList({
  label,
  days,
  zone,
  bound,
  disabled,
  onChange,
}: {
  label: string;
  days: readonly string[];
  zone: string;
  /** The contract's message when the list is full, else null. */
  bound: string | null;
  disabled?: boolean;
  onChange: (days: string[]) => void;
}) {
  const full = days.length >= TOU_LIMITS.holidays;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start', width: '100%' }} data-date-list={label}>
      <Typography.Text style={{ width: 200, flex: 'none', lineHeight: '32px', whiteSpace: 'nowrap' }}>
        {label} ({days.length}/{TOU_LIMITS.holidays})
      </Typography.Text>
      <Space vertical align="start" spacing={4} style={{ flex: 1 }}>
        <DatePicker
          aria-label={label}
          type="date"
          style={{ width: 160 }}
          value={undefined}
          disabled={disabled || full}
          defaultPickerValue={toPickerDate(Date.now(), zone)}
          onChange={(value) => {
            if (value instanceof Date) onChange(withDay(days, pickedDay(value, zone)));
          }}
        />
        {full && bound && <Typography.Text type="danger">{bound}</Typography.Text>}
        {days.length > 0 && (
          <Space wrap spacing={4}>
            {days.map((day) => (
              <Tag
                key={day}
                data-day={day}
                closable={!disabled}
                onClose={() => onChange(days.filter((d) => d !== day))}
              >
                {day}
              </Tag>
            ))}
          </Space>
        )}
      </Space>
    </div>
  );
}
