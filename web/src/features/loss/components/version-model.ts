/**
 * The effective periods (versions) of a scheme as its editor holds them: from (a day start in
 * the project's zone), to (exclusive; null open-ended), the method and the targets (a node, a
 * ratio or a weight). A new period starts where the last one ends and copies its method and
 * targets; it cannot be added while the last one is open-ended (the spec's rule). The end is
 * shown as the last day (inclusive) and sent as the next day's start.
 */
import { addDays, startOfDay } from '../../../blocks/time-range-model';
import { evenSplit } from './ratio-model';

/** The colour of a period's status chip. */
export const STATUS_COLORS: Record<string, 'green' | 'blue' | 'grey'> = {
  inEffect: 'green',
  notInEffect: 'blue',
  expired: 'grey',
};

export interface TargetValue {
  node: { id: number; modelLabel: string; name?: string } | null;
  ratio: number | null;
  weight: number | null;
}

export interface VersionValue {
  from: number;
  to: number | null;
  method: string;
  targets: TargetValue[];
  /** As answered (a saved version): in effect, not in effect, expired. */
  status?: string;
}

/** The methods whose targets carry a ratio, and those that carry a weight. */
export const RATIO_METHODS: readonly string[] = ['fixedRatio'];
export const WEIGHT_METHODS: readonly string[] = ['area', 'headcount', 'output'];

export const asVersions = (value: unknown): VersionValue[] =>
  Array.isArray(value) ? (value as VersionValue[]) : [];

/** Whether a new period may be added (none yet, or the last one has an end). */
export function mayAddVersion(versions: readonly VersionValue[]): boolean {
  const last = versions[versions.length - 1];
  return last === undefined || last.to !== null;
}

export function emptyVersion(from: number, method: string): VersionValue {
  return { from, to: null, method, targets: [{ node: null, ratio: null, weight: null }] };
}

/** The versions with one more: from the last one's end with its method and targets. */
export function addVersion(versions: readonly VersionValue[], today: number, method: string): VersionValue[] {
  const last = versions[versions.length - 1];
  if (!last) return [emptyVersion(today, method)];
  if (last.to === null) return [...versions];
  return [
    ...versions,
    { from: last.to, to: null, method: last.method, targets: last.targets.map((t) => ({ ...t })) },
  ];
}

/** The last day of a period (inclusive) for the picker: the day before its exclusive end. */
export function lastDayOf(to: number, timeZone: string): number {
  return addDays(startOfDay(to, timeZone), -1, timeZone);
}

/** The exclusive end of a period whose last day starts at `day`. */
export function endAfterDay(day: number, timeZone: string): number {
  return addDays(startOfDay(day, timeZone), 1, timeZone);
}

/** The targets with their ratios split evenly (summing to exactly 1). */
export function splitEvenly(targets: readonly TargetValue[]): TargetValue[] {
  const ratios = evenSplit(targets.length);
  return targets.map((t, i) => ({ ...t, ratio: ratios[i] ?? null }));
}

/** A version as the body takes it: nodes without names, ratios or weights by method. */
export function versionBody(v: VersionValue) {
  return {
    from: v.from,
    to: v.to,
    method: v.method,
    targets: v.targets.map((t) => ({
      node: t.node ? { id: t.node.id, modelLabel: t.node.modelLabel } : null,
      ratio: RATIO_METHODS.includes(v.method) ? t.ratio : null,
      weight: WEIGHT_METHODS.includes(v.method) ? t.weight : null,
    })),
  };
}

/** The form's versions of a saved scheme's (status kept for the chips). */
export function versionsOfRow(
  versions: readonly {
    from: number;
    to: number | null;
    method: string;
    status: string;
    targets: readonly {
      node: { id: number; modelLabel: string; name: string };
      ratio: number | null;
      weight: number | null;
    }[];
  }[],
): VersionValue[] {
  return versions.map((v) => ({
    from: v.from,
    to: v.to,
    method: v.method,
    status: v.status,
    targets: v.targets.map((t) => ({
      node: { id: t.node.id, modelLabel: t.node.modelLabel, name: t.node.name },
      ratio: t.ratio,
      weight: t.weight,
    })),
  }));
}
