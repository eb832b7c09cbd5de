/**
 * The colour scale of the completeness heatmap: below 80 % bad (red), below 95 % fair (amber),
 * otherwise good (green); no expected readings: none. Colours are Semi's palette tokens, so
 * the light and the dark theme each get their own shade.
 */
export const COMPLETENESS_LEVELS = ['bad', 'fair', 'good', 'none'] as const;
export type CompletenessLevel = (typeof COMPLETENESS_LEVELS)[number];

/** Lower bounds (percent) of fair and good. */
export const COMPLETENESS_THRESHOLDS = { fair: 80, good: 95 } as const;

export function completenessLevel(value: number | null | undefined): CompletenessLevel {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'none';
  if (value < COMPLETENESS_THRESHOLDS.fair) return 'bad';
  if (value < COMPLETENESS_THRESHOLDS.good) return 'fair';
  return 'good';
}

export const LEVEL_BACKGROUND: Record<CompletenessLevel, string> = {
  bad: 'rgba(var(--semi-red-5), 0.32)',
  fair: 'rgba(var(--semi-amber-5), 0.38)',
  good: 'rgba(var(--semi-green-5), 0.26)',
  none: 'var(--semi-color-fill-0)',
};

/** A percentage with one decimal where it has one: 100 → '100%', 97.25 → '97.3%'; none → '--'. */
export function formatCompleteness(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '--';
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}%`;
}
