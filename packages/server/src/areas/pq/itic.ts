/**
 * The ITIC (CBEMA) tolerance curve of the Information Technology Industry Council (2000):
 * above the upper curve the region is prohibited, below the lower curve no damage is expected
 * (equipment may stop), between them equipment should work on. Magnitude in % of nominal,
 * duration in ms.
 */
export type IticRegion = 'ok' | 'prohibited' | 'noDamage';

/** Upper curve breakpoints [ms, %]: 500 % at 0.01 cycle falling to 120 % at 3 ms, 110 % from 0.5 s. */
const UPPER: readonly (readonly [number, number])[] = [
  [1000 / 6000, 500],
  [1, 200],
  [3, 140],
];

export function iticUpperLimit(durationMs: number): number {
  const [first] = UPPER;
  if (!first || durationMs <= first[0]) return 500;
  for (let i = 1; i < UPPER.length; i++) {
    const a = UPPER[i - 1];
    const b = UPPER[i];
    if (a && b && durationMs <= b[0]) {
      // A straight line on the curve's logarithmic duration axis.
      const f = Math.log(durationMs / a[0]) / Math.log(b[0] / a[0]);
      return a[1] + f * (b[1] - a[1]);
    }
  }
  return durationMs <= 500 ? 120 : 110;
}

/** Lower curve: any magnitude up to 20 ms, 70 % up to 0.5 s, 80 % up to 10 s, 90 % beyond. */
export function iticLowerLimit(durationMs: number): number {
  if (durationMs <= 20) return 0;
  if (durationMs <= 500) return 70;
  if (durationMs <= 10_000) return 80;
  return 90;
}

export function iticRegion(magnitude: number, durationMs: number): IticRegion {
  if (magnitude > iticUpperLimit(durationMs)) return 'prohibited';
  if (magnitude < iticLowerLimit(durationMs)) return 'noDamage';
  return 'ok';
}
