/**
 * Times: exact ISO 8601 (UTC) for scripts; for people `YYYY-MM-DD HH:mm:ss` (the spec's format)
 * in the project's time zone, whatever zone (TZ) the machine has, as the console shows them.
 */
import { localParts } from '@eem/core';

export function isoTime(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return null;
  return new Date(ms).toISOString();
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * The one way eem shows a time to people: `YYYY-MM-DD HH:mm:ss` in `timeZone`, the project's
 * (time-flags.ts `sessionZone`). Only where no project is chosen (a session's expiry on the
 * platform) is there no zone to give, and the machine's is used.
 */
export function displayTime(ms: number | null | undefined, timeZone: string | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '';
  if (timeZone === undefined) {
    const d = new Date(ms);
    return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
  }
  const p = localParts(ms, timeZone);
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}:${two(p.second)}`;
}

/** "in 7h 59m", "3m ago": for expiry times shown to people. */
export function relativeTime(ms: number, now: number): string {
  const diff = ms - now;
  const abs = Math.abs(diff);
  const minutes = Math.floor(abs / 60_000);
  const hours = Math.floor(minutes / 60);
  const days = Math.floor(hours / 24);
  const span =
    days > 0
      ? `${days}d ${hours % 24}h`
      : hours > 0
        ? `${hours}h ${minutes % 60}m`
        : minutes > 0
          ? `${minutes}m`
          : 'less than a minute';
  return diff >= 0 ? `in ${span}` : `${span} ago`;
}
