/**
 * ISO 8601 local times with their offset ("2026-10-25T02:15:00+02:00"): unambiguous across a
 * daylight-saving change (the repeated hour differs by its offset), read back by the import.
 * The offset is looked up once per UTC quarter hour, so formatting a million rows stays cheap.
 */
import { zoneOffsetMs } from '@eem/core';

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export class IsoFormatter {
  private slot = Number.NaN;
  private offset = 0;
  private suffix = '';
  private lastMs = Number.NaN;
  private lastText = '';

  constructor(private readonly timeZone: string) {}

  format(ms: number): string {
    // Rows come in time order, several points per time: the same time is formatted once.
    if (ms === this.lastMs) return this.lastText;
    this.lastMs = ms;
    this.lastText = this.compose(ms);
    return this.lastText;
  }

  private compose(ms: number): string {
    const slot = Math.floor(ms / 900_000);
    if (slot !== this.slot) {
      this.slot = slot;
      this.offset = zoneOffsetMs(ms, this.timeZone);
      const minutes = Math.round(Math.abs(this.offset) / 60_000);
      this.suffix = `${this.offset < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
    }
    const d = new Date(ms + this.offset);
    return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(
      d.getUTCMinutes(),
    )}:${pad(d.getUTCSeconds())}${this.suffix}`;
  }
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * An instant from an ISO time with offset, or a local time ("YYYY-MM-DD HH:mm[:ss]") of the
 * project's zone (a repeated local hour resolves to its first occurrence). null when unreadable.
 */
export function parseReadingTime(text: string, localToInstant: (parts: number[]) => number): number | null {
  const m = ISO.exec(text.trim());
  if (!m) return null;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = m.slice(1, 7).map((v) => Number(v ?? 0));
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const zone = m[7];
  if (zone === undefined) return localToInstant([y, mo, d, h, mi, s]);
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  if (zone === 'Z') return utc;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return utc - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}
