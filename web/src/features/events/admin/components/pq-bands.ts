/** The magnitude (% Un) and duration (ms) bands of the PQ event filters, and their request fields. */

export interface Band {
  key: string;
  min: number | null;
  max: number | null;
}

export const MAGNITUDE_BANDS: readonly Band[] = [
  { key: '<10', min: null, max: 10 },
  { key: '10–50', min: 10, max: 50 },
  { key: '50–90', min: 50, max: 90 },
  { key: '90–110', min: 90, max: 110 },
  { key: '110–120', min: 110, max: 120 },
  { key: '>120', min: 120, max: null },
];

export const DURATION_BANDS: readonly Band[] = [
  { key: '<10 ms', min: null, max: 10 },
  { key: '10–100 ms', min: 10, max: 100 },
  { key: '100–500 ms', min: 100, max: 500 },
  { key: '0.5–3 s', min: 500, max: 3_000 },
  { key: '3–60 s', min: 3_000, max: 60_000 },
  { key: '>60 s', min: 60_000, max: null },
];

export function bandFields(magnitude: string | null, duration: string | null) {
  const m = MAGNITUDE_BANDS.find((b) => b.key === magnitude);
  const d = DURATION_BANDS.find((b) => b.key === duration);
  return {
    magnitudeMin: m?.min ?? null,
    magnitudeMax: m?.max ?? null,
    durationMinMs: d?.min ?? null,
    durationMaxMs: d?.max ?? null,
  };
}
