/**
 * Demand (maximum-load) management (issue 16; screens.md §2.6, ADR 0022): the rules of inlets,
 * billing schemes, warning levels and declarations, read by the contract, the server, the
 * console and the CLI, and the pure demand maths: the 15-minute demand of active power over a
 * fixed or a sliding window, the month's maximum, the predicted end-of-interval value and the
 * level a value reaches.
 */
import { localParts, zonedTime } from './calendar.js';
import { maxLengthMessage } from './rules.js';

/** The demand interval of Chinese two-part tariffs (GB/T 15148 meters, utility practice). */
export const DEMAND_WINDOW_MINUTES = 15;
export const DEMAND_WINDOW_MS = DEMAND_WINDOW_MINUTES * 60_000;
/** A sliding window moves by this step (the meters' usual slip time). */
export const DEMAND_SLIDE_MINUTES = 1;
export const DEMAND_SLIDE_MS = DEMAND_SLIDE_MINUTES * 60_000;

/** fixed: the average of each quarter hour from :00, :15, :30, :45; sliding: of the last 15 minutes, every minute. */
export const DEMAND_WINDOW_TYPES = ['sliding', 'fixed'] as const;
export type DemandWindowType = (typeof DEMAND_WINDOW_TYPES)[number];

/** How the basic charge is billed: transformer capacity (kVA × price) or maximum demand (kW × price). */
export const BILLING_METHODS = ['capacity', 'demand'] as const;
export type BillingMethod = (typeof BILLING_METHODS)[number];

/** Power-factor standards of the 1983 adjustment rules (0.90, 0.85, 0.80). */
export const PF_STANDARDS = [0.9, 0.85, 0.8] as const;
export type PfStandard = (typeof PF_STANDARDS)[number];

/** Warning levels are a share of the declared demand, or a value in kW. */
export const WARNING_BASES = ['percent', 'kw'] as const;
export type WarningBasis = (typeof WARNING_BASES)[number];

/** Level colours: 1 lowest (blue) to 4 highest (red); 0 is normal. */
export const WARNING_LEVEL_LABELS: Record<1 | 2 | 3 | 4, [zh: string, en: string]> = {
  1: ['一级预警', 'Level 1'],
  2: ['二级预警', 'Level 2'],
  3: ['三级预警', 'Level 3'],
  4: ['四级预警', 'Level 4'],
};

/** A utility bill's line codes: the computed bill uses the same, so lines match one for one. */
export const BILL_LINE_CODES = [
  'energySharp',
  'energyPeak',
  'energyFlat',
  'energyValley',
  'basic',
  'penalty',
  'powerFactor',
  'other',
] as const;
export type BillLineCode = (typeof BILL_LINE_CODES)[number];

export const DEMAND_LIMITS = {
  name: 50,
  code: 50,
  busSegment: 50,
  account: 50,
  remark: 255,
  schemeName: 20,
  /** Inlets of one project. */
  inlets: 200,
  /** Inlets of one analysis query (screens.md: ≤ 6 nodes). */
  queryInlets: 6,
  /** Inlets of one realtime call. */
  realtimeInlets: 200,
  /** Inlets of one bill query. */
  billInlets: 50,
  levels: 4,
  receivers: 100,
  versions: 20,
  billLines: 50,
  lineName: 50,
  /** Days of one curve or daily history query. */
  days: 31,
  /** Months of one monthly query. */
  months: 12,
  /** Months of history a proposal reads. */
  proposalMonths: 12,
  /** Reminder days 1 to 28 (spec: not 29, 30 or 31). */
  reminderDayMax: 28,
  /** kW, kVA and kvar values up to this. */
  powerMax: 10_000_000,
  /** Percent levels up to this. */
  percentMax: 1_000,
  /** Rows of one import. */
  importRows: 100_000,
} as const;

export const DEMAND_MESSAGES = {
  busSegmentRepeats: 'busSegment: bus segments cannot repeat',
  nameRepeats: 'name: an inlet of this name already exists',
  schemeNameRepeats: 'name: a billing scheme of this name already exists',
  atLeastOneLevel: 'levels: set at least one alarm level',
  levelsAscending: 'levels: each level must be higher than the one before',
  tooManyLevels: `levels: at most ${4} levels`,
  atLeastOneMethod: 'methods: choose at least one billing method',
  methodNotAllowed: "billingMethod: the inlet's billing scheme does not allow this method",
  endAfterStart: 'to: the end month must be after the start month',
  blankExpiry:
    'versions: a version with a blank end must be the last; give the previous version an end first',
  versionsOverlap: 'versions: the effective months of two versions overlap',
  reminderDay: 'reminderDay: the reminder day cannot be 29, 30 or 31',
  month: 'month must look like 2026-03',
  monthSpan: `the range cannot be longer than ${12} months`,
  daySpan: `the range cannot be longer than ${31} days`,
  inletUnknown: (id: number) => `inletId: inlet ${id} does not exist in this project`,
  schemeUnknown: (id: number) => `billingSchemeId: billing scheme ${id} does not exist in this project`,
  schemeInUse: (names: string) => `the billing scheme is still bound to inlets: ${names}`,
  meterUnknown: 'meter: choose a meter of this project that measures active power',
  touSchemeUnknown: (id: number) => `touSchemeId: time-of-use scheme ${id} does not exist in this project`,
  tooManyInlets: `a project has at most ${200} inlets`,
  remark: maxLengthMessage('remark', 255),
} as const;

/**
 * A message without its leading field name ('levels: set at least…' → 'set at least…'): the
 * contract's schemas give it, and the answer names the field path before it.
 */
export function ruleOf(message: string): string {
  const colon = message.indexOf(': ');
  return colon < 0 ? message : message.slice(colon + 2);
}

/** 'YYYY-MM'. */
export const MONTH_PATTERN = /^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/;

// ------------------------------------------------------------------ months

/** 'YYYY-MM' of an instant in a zone. */
export function monthOf(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}

/** 'YYYY-MM' plus n months. */
export function addMonth(month: string, n: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** [start, end) of a calendar month 'YYYY-MM' in a zone (from the 1st, 00:00 local). */
export function monthBounds(month: string, timeZone: string): { start: number; end: number } {
  const year = Number(month.slice(0, 4));
  const m = Number(month.slice(5, 7));
  const next = addMonth(month, 1);
  return {
    start: zonedTime(timeZone, year, m, 1),
    end: zonedTime(timeZone, Number(next.slice(0, 4)), Number(next.slice(5, 7)), 1),
  };
}

/** The months from `from` to `to`, both included. */
export function monthList(from: string, to: string): string[] {
  const out: string[] = [];
  for (let m = from; m <= to && out.length < 1200; m = addMonth(m, 1)) out.push(m);
  return out;
}

// ------------------------------------------------------------------ demand maths

/** A sample of active power: time (epoch ms) and kW. */
export interface PowerSample {
  t: number;
  v: number;
}

/**
 * Samples further apart than this leave a gap (no demand over a window that spans it); also how
 * far a window may reach past the first or the last sample (the value held). Two reading
 * intervals: one missing stored reading is bridged, two are not.
 */
export const DEMAND_MAX_GAP_MS = 30 * 60_000;

/** The quarter hour that contains t (quarter hours are the same in every zone's local time). */
export function quarterStart(t: number): number {
  return Math.floor(t / DEMAND_WINDOW_MS) * DEMAND_WINDOW_MS;
}

/**
 * The integral of active power over time from sorted samples: linear between samples, the
 * first and last value held up to `maxGapMs` beyond the ends. `average(a, b)` is the
 * time-weighted mean over [a, b] (kW), or null where the samples do not cover it (a gap wider
 * than maxGapMs inside, or an end too far from a sample).
 */
export class PowerCurve {
  private readonly t: Float64Array;
  private readonly v: Float64Array;
  /** Cumulative integral (kW·ms) at each sample. */
  private readonly cum: Float64Array;
  /** Indices i where t[i] − t[i−1] > maxGap. */
  private readonly gaps: number[] = [];

  constructor(
    samples: readonly PowerSample[],
    private readonly maxGapMs = DEMAND_MAX_GAP_MS,
  ) {
    const sorted = [...samples].filter((s) => Number.isFinite(s.v)).sort((a, b) => a.t - b.t);
    // One value per instant (the later one wins: a live value over a stored reading).
    const unique: PowerSample[] = [];
    for (const s of sorted) {
      const last = unique[unique.length - 1];
      if (last && last.t === s.t) unique[unique.length - 1] = s;
      else unique.push(s);
    }
    const n = unique.length;
    this.t = new Float64Array(n);
    this.v = new Float64Array(n);
    this.cum = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const s = unique[i] as PowerSample;
      this.t[i] = s.t;
      this.v[i] = s.v;
      if (i > 0) {
        const dt = s.t - (this.t[i - 1] as number);
        this.cum[i] = (this.cum[i - 1] as number) + ((s.v + (this.v[i - 1] as number)) / 2) * dt;
        if (dt > maxGapMs) this.gaps.push(i);
      }
    }
  }

  get size(): number {
    return this.t.length;
  }

  get first(): number | undefined {
    return this.t.length > 0 ? this.t[0] : undefined;
  }

  get last(): number | undefined {
    return this.t.length > 0 ? this.t[this.t.length - 1] : undefined;
  }

  /** The index of the last sample at or before x (−1 when none). */
  private indexAt(x: number): number {
    let lo = 0;
    let hi = this.t.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.t[mid] as number) <= x) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  /** The integral from the first sample to x (x inside [first, last]). */
  private integralTo(x: number): number {
    const i = this.indexAt(x);
    if (i < 0) return 0;
    const ti = this.t[i] as number;
    const vi = this.v[i] as number;
    if (i === this.t.length - 1 || x === ti) return this.cum[i] as number;
    const tj = this.t[i + 1] as number;
    const vj = this.v[i + 1] as number;
    const vx = vi + ((vj - vi) * (x - ti)) / (tj - ti);
    return (this.cum[i] as number) + ((vi + vx) / 2) * (x - ti);
  }

  /** The value at x: interpolated, or held past the ends. */
  valueAt(x: number): number | null {
    const n = this.t.length;
    if (n === 0) return null;
    const i = this.indexAt(x);
    if (i < 0) return this.v[0] as number;
    if (i === n - 1) return this.v[n - 1] as number;
    const ti = this.t[i] as number;
    const tj = this.t[i + 1] as number;
    return (
      (this.v[i] as number) + (((this.v[i + 1] as number) - (this.v[i] as number)) * (x - ti)) / (tj - ti)
    );
  }

  /** Whether [a, b] is covered: ends within maxGap of a sample, no wide gap inside. */
  covers(a: number, b: number): boolean {
    const n = this.t.length;
    if (n === 0 || b <= a) return false;
    const first = this.t[0] as number;
    const last = this.t[n - 1] as number;
    if (a < first - this.maxGapMs || b > last + this.maxGapMs) return false;
    for (const g of this.gaps) {
      // The gap spans (t[g−1], t[g]); a window overlapping it is not covered.
      if ((this.t[g - 1] as number) < b && (this.t[g] as number) > a) return false;
    }
    return true;
  }

  /** The time-weighted mean over [a, b] (kW), null when not covered. */
  average(a: number, b: number): number | null {
    if (!this.covers(a, b)) return null;
    const n = this.t.length;
    const first = this.t[0] as number;
    const last = this.t[n - 1] as number;
    let area = 0;
    // Held ends outside the samples.
    if (a < first) area += (this.v[0] as number) * (Math.min(b, first) - a);
    if (b > last) area += (this.v[n - 1] as number) * (b - Math.max(a, last));
    const lo = Math.max(a, first);
    const hi = Math.min(b, last);
    if (hi > lo) area += this.integralTo(hi) - this.integralTo(lo);
    return area / (b - a);
  }
}

/** The demand of one quarter hour: fixed-window average and the largest sliding window ending in it. */
export interface QuarterDemand {
  ts: number;
  avgKw: number | null;
  maxKw: number | null;
  maxAt: number | null;
}

/**
 * The demand of each quarter hour in [from, to) (quarter-hour aligned): `avgKw` the average
 * over the quarter hour (the fixed-window demand); `maxKw` the largest sliding-window demand
 * (15 minutes, moved every DEMAND_SLIDE_MINUTES) whose window ends in (ts, ts + 15 min], and
 * `maxAt` the end of that window (the first such when several are equal).
 */
export function quarterDemands(
  curve: PowerCurve,
  from: number,
  to: number,
  /** Windows ending after this are left out (the present: no demand of the future). */
  until = Number.POSITIVE_INFINITY,
): QuarterDemand[] {
  const out: QuarterDemand[] = [];
  for (let ts = quarterStart(from); ts < to; ts += DEMAND_WINDOW_MS) {
    const avgKw = ts + DEMAND_WINDOW_MS <= until ? curve.average(ts, ts + DEMAND_WINDOW_MS) : null;
    let maxKw: number | null = null;
    let maxAt: number | null = null;
    const last = Math.min(ts + DEMAND_WINDOW_MS, until);
    for (let end = ts + DEMAND_SLIDE_MS; end <= last; end += DEMAND_SLIDE_MS) {
      const v = curve.average(end - DEMAND_WINDOW_MS, end);
      if (v !== null && (maxKw === null || v > maxKw + 1e-9)) {
        maxKw = v;
        maxAt = end;
      }
    }
    out.push({ ts, avgKw, maxKw, maxAt });
  }
  return out;
}

/** The demand that counts for an inlet's window type in one quarter hour, and when. */
export function demandOf(q: QuarterDemand, windowType: DemandWindowType): { kw: number; at: number } | null {
  if (windowType === 'fixed') return q.avgKw === null ? null : { kw: q.avgKw, at: q.ts + DEMAND_WINDOW_MS };
  return q.maxKw === null || q.maxAt === null ? null : { kw: q.maxKw, at: q.maxAt };
}

/** The largest demand of quarter hours (the first when equal). */
export function maximumDemand(
  quarters: readonly QuarterDemand[],
  windowType: DemandWindowType,
): { kw: number; at: number } | null {
  let best: { kw: number; at: number } | null = null;
  for (const q of quarters) {
    const d = demandOf(q, windowType);
    if (d && (best === null || d.kw > best.kw + 1e-9)) best = d;
  }
  return best;
}

/**
 * The demand now and the predicted demand at the end of the current quarter hour:
 * - sliding: the average of the last 15 minutes; fixed: the average of the quarter hour so far;
 * - predicted: the window that ends at the next quarter-hour boundary, with the time still to
 *   come at `activeKw` (the live power), else at the last value.
 */
export function currentDemand(
  curve: PowerCurve,
  now: number,
  windowType: DemandWindowType,
  activeKw: number | null,
): { demandKw: number | null; predictedKw: number | null; intervalStart: number } {
  const intervalStart = quarterStart(now);
  const end = intervalStart + DEMAND_WINDOW_MS;
  const elapsed = now - intervalStart;
  const demandKw =
    windowType === 'sliding'
      ? curve.average(now - DEMAND_WINDOW_MS, now)
      : elapsed > 0
        ? curve.average(intervalStart, now)
        : curve.average(intervalStart - DEMAND_WINDOW_MS, intervalStart);
  let predictedKw: number | null = null;
  const future = activeKw ?? curve.valueAt(now);
  if (future !== null) {
    if (elapsed <= 0) predictedKw = future;
    else {
      const sofar = curve.average(intervalStart, now);
      if (sofar !== null) predictedKw = (sofar * elapsed + future * (end - now)) / DEMAND_WINDOW_MS;
    }
  }
  return { demandKw, predictedKw, intervalStart };
}

// ------------------------------------------------------------------ levels and declarations

/** Warning levels in kW: a % of the declared demand, or kW as given. */
export function levelsInKw(
  basis: WarningBasis,
  levels: readonly { level: number; value: number }[],
  declaredKw: number,
): { level: number; kw: number }[] {
  return [...levels]
    .sort((a, b) => a.level - b.level)
    .map((l) => ({
      level: l.level,
      kw: basis === 'percent' ? Math.round(declaredKw * l.value) / 100 : l.value,
    }));
}

/**
 * The highest level a demand reaches (0: none). `relax` lowers each threshold by that share of
 * it, so an open warning clears only when the demand falls back past the deadband.
 */
export function levelReached(
  kw: number,
  levels: readonly { level: number; kw: number }[],
  relax = 0,
): number {
  let reached = 0;
  for (const l of levels) if (kw > l.kw - Math.abs(l.kw) * relax && l.level > reached) reached = l.level;
  return reached;
}

/** The rule of the warning levels: at least one, at most 4, numbered 1.. in order, values increasing. */
export function checkWarningLevels(levels: readonly { level: number; value: number }[]): string | null {
  if (levels.length === 0) return DEMAND_MESSAGES.atLeastOneLevel;
  if (levels.length > DEMAND_LIMITS.levels) return DEMAND_MESSAGES.tooManyLevels;
  for (let i = 1; i < levels.length; i++) {
    const prev = levels[i - 1] as { level: number; value: number };
    const cur = levels[i] as { level: number; value: number };
    if (cur.level <= prev.level || cur.value <= prev.value) return DEMAND_MESSAGES.levelsAscending;
  }
  return null;
}

/** Default levels: 90, 95, 100 and 105 % of the declared demand. */
export const DEFAULT_WARNING_LEVELS = [
  { level: 1, value: 90 },
  { level: 2, value: 95 },
  { level: 3, value: 100 },
  { level: 4, value: 105 },
] as const;

/** The event level (1 most severe .. 5) of a warning level (4 highest): 5 − level. */
export function eventLevelOfWarning(level: number): number {
  return Math.min(5, Math.max(1, 5 - level));
}

/**
 * The proposed declared demand from monthly maxima (kW, null for months without data):
 * the 90th percentile (nearest rank) of the months with data when there are 3 or more, else
 * their maximum; plus the margin, rounded up to a whole kW.
 */
export function proposeDeclared(
  maxima: readonly (number | null)[],
  marginPct: number,
): {
  method: 'p90OfMonthlyMax' | 'maxOfMonthlyMax' | 'none';
  basisKw: number | null;
  proposedKw: number | null;
} {
  const values = maxima.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (values.length === 0) return { method: 'none', basisKw: null, proposedKw: null };
  const method = values.length >= 3 ? 'p90OfMonthlyMax' : 'maxOfMonthlyMax';
  const basisKw =
    method === 'p90OfMonthlyMax'
      ? (values[Math.ceil(0.9 * values.length) - 1] as number)
      : (values[values.length - 1] as number);
  const proposedKw = Math.ceil(basisKw * (1 + marginPct / 100) - 1e-9);
  return { method, basisKw: Math.round(basisKw * 100) / 100, proposedKw };
}

// ------------------------------------------------------------------ declaration reminders

/**
 * When the reminder of a declaration for `month` is due: 00:00 of its reminder day, in the
 * project's zone, in the month before (the reminder asks to review the coming month's demand).
 */
export function declarationReminderAt(month: string, reminderDay: number, timeZone: string): number {
  const before = addMonth(month, -1);
  return zonedTime(timeZone, Number(before.slice(0, 4)), Number(before.slice(5, 7)), reminderDay);
}

export interface ReminderDeclaration {
  month: string;
  reminderDay: number | null;
  reminderUserCount: number;
  remindedAt: number | null;
  /** When the declaration was last saved. */
  savedAt: number;
}

/**
 * Whether a declaration's reminder is to be sent now: it has a reminder day and users, was not
 * reminded, the reminder moment has come and its month has not begun (a reminder missed for a
 * whole month is not sent late). A declaration saved at or after its reminder moment is not
 * reminded: whoever saved it was reviewing it then.
 */
export function declarationReminderDue(d: ReminderDeclaration, now: number, timeZone: string): boolean {
  if (d.reminderDay === null || d.reminderUserCount === 0 || d.remindedAt !== null) return false;
  const at = declarationReminderAt(d.month, d.reminderDay, timeZone);
  return now >= at && d.savedAt < at && now < monthBounds(d.month, timeZone).start;
}
