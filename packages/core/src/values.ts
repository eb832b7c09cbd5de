/** Invalid-value markers and number formatting (platform-core §9). */

export const INVALID_MARK = '--';

const INVALID_NUMBERS = new Set([-2147483648, 2147483648]);

/** Empty, null, -2147483648, 2147483648, NaN and Infinity (also as texts) are invalid values. */
export function isInvalidValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (typeof value === 'number')
    return Number.isNaN(value) || !Number.isFinite(value) || INVALID_NUMBERS.has(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '' || text === 'NaN') return true;
    const n = Number(text);
    // A text that is no number at all ('N/A', a label) is shown as it is.
    return !Number.isNaN(n) && (!Number.isFinite(n) || INVALID_NUMBERS.has(n));
  }
  return false;
}

/** Formats a number with the default 2 decimals; invalid values show as '--'. */
export function formatNumber(value: unknown, decimals = 2): string {
  if (isInvalidValue(value)) return INVALID_MARK;
  const n = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(n)) return typeof value === 'string' ? value : INVALID_MARK;
  return n.toFixed(decimals);
}

/** Progress percentage is the floor of ratio times 100, clamped to 0..100. */
export function progressPercent(ratio: number): number {
  if (!Number.isFinite(ratio)) return 0;
  return Math.min(100, Math.max(0, Math.floor(ratio * 100)));
}
