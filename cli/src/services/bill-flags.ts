/**
 * The flags of `eem bill show`, checked before anything is sent: the inlet (a name, a code or
 * an id: which one is known only once the project's inlets are read) and the month (YYYY-MM,
 * a calendar month of the project's zone).
 */
import { MONTH_PATTERN } from '@eem/core';
import { UsageError } from '../errors.js';

export interface BillFlags {
  inlet?: string | undefined;
  month?: string | undefined;
}

export interface CheckedBill {
  inlet: string;
  /** The month asked for; undefined: the current month of the project's zone. */
  month: { year: number; month: number } | undefined;
}

/** `--month 2026-10` as year and month (core's MONTH_PATTERN); a usage error naming the flag otherwise. */
export function parseMonthFlag(value: string, flag = '--month'): { year: number; month: number } {
  const text = value.trim();
  if (!MONTH_PATTERN.test(text))
    throw new UsageError(
      `${flag} must be a month as YYYY-MM, e.g. 2026-10 (got "${value}")`,
      "The month is a calendar month in the project's time zone.",
    );
  return { year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) };
}

export function monthText(month: { year: number; month: number }): string {
  return `${month.year}-${String(month.month).padStart(2, '0')}`;
}

export function checkBillFlags(flags: BillFlags): CheckedBill {
  const inlet = flags.inlet?.trim();
  if (inlet === undefined || inlet === '')
    throw new UsageError(
      '--inlet is required: the name, code or id of an inlet',
      'See the inlets with `eem demand status`.',
    );
  return { inlet, month: flags.month === undefined ? undefined : parseMonthFlag(flags.month) };
}
