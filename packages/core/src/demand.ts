/**
 * Demand (maximum-load) management (issue 16; screens.md §2.6, ADR 0022): the rules of inlets,
 * billing schemes, warning levels and declarations, read by the contract, the server, the
 * console and the CLI, and the pure demand maths: the 15-minute demand of active power over a
 * fixed or a sliding window, the month's maximum, the predicted end-of-interval value and the
 * level a value reaches.
 */
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

/** 'YYYY-MM'. */
export const MONTH_PATTERN = /^(19|20|21)\d{2}-(0[1-9]|1[0-2])$/;
