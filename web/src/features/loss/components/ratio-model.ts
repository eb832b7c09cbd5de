/**
 * What the scheme editors show while the user types (the rules themselves are the contract's,
 * checked on save): the sum of the ratios as exact decimals of 6 places, whether it is 1,
 * an even split whose ratios sum to exactly 1, and the targets that repeat the source.
 */

/** Ratios have at most 6 decimal places (screens.md §2.11): summed as integers of 1e-6. */
const SCALE = 1_000_000;

const micros = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? Math.round(v * SCALE) : null;

/** The sum of the ratios given so far (blank ones count 0), to 6 decimals. */
export function ratioSum(ratios: readonly unknown[]): number {
  return ratios.reduce<number>((sum, r) => sum + (micros(r) ?? 0), 0) / SCALE;
}

/** Whether the ratios sum to exactly 1 at 6 decimals, every one given. */
export function sumsToOne(ratios: readonly unknown[]): boolean {
  return (
    ratios.length > 0 &&
    ratios.every((r) => micros(r) !== null) &&
    ratios.reduce<number>((s, r) => s + (micros(r) ?? 0), 0) === SCALE
  );
}

/** A sum as the editor shows it: up to 6 decimals, trailing zeros dropped. */
export function sumText(sum: number): string {
  return String(Number(sum.toFixed(6)));
}

/** `n` ratios of 6 decimals summing to exactly 1 (the remainder goes to the first ones). */
export function evenSplit(n: number): number[] {
  if (n <= 0) return [];
  const base = Math.floor(SCALE / n);
  const rest = SCALE - base * n;
  return Array.from({ length: n }, (_, i) => (base + (i < rest ? 1 : 0)) / SCALE);
}

export interface NodeKeyed {
  id: number;
  modelLabel: string;
}

const same = (a: NodeKeyed, b: NodeKeyed) => a.id === b.id && a.modelLabel === b.modelLabel;

/** Indexes of the targets that are the source node. */
export function targetsAsSource(source: NodeKeyed | null, targets: readonly (NodeKeyed | null)[]): number[] {
  if (!source) return [];
  return targets.flatMap((t, i) => (t && same(t, source) ? [i] : []));
}

/** Indexes of targets that repeat an earlier one. */
export function repeatedTargets(targets: readonly (NodeKeyed | null)[]): number[] {
  return targets.flatMap((t, i) => (t && targets.slice(0, i).some((u) => u && same(u, t)) ? [i] : []));
}
