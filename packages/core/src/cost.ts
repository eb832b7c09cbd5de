/**
 * Cost (issue 17; screens.md §2.8, §3.10; ADR 0026): rate schemes with effective-dated
 * versions, the pricing of a volume over days (flat, time-of-use, tiered by the month's volume,
 * seasonal), basic-charge and power-factor rates, budgets and their attainment, unit cost.
 * Written once here and read by the contract, the server, the console and the CLI.
 *
 * Electricity of a node that has a bill (an inlet with a billing scheme, issue 16) is costed by
 * that bill (billing.ts: energy + basic + power-factor), never by kWh × one price.
 */
import { roundMoney, roundTo, sumMoney } from './billing.js';
import { localParts } from './calendar.js';
import type { PfStandard } from './demand.js';
import { TOU_BAND_CODES, type TouBand } from './energy.js';

// ------------------------------------------------------------------ names and bounds

/** single (flat) price, time-of-use, tiered by monthly volume, seasonal, basic capacity, basic demand, PF adjustment. */
export const RATE_TYPES = ['flat', 'tou', 'tiered', 'seasonal', 'capacity', 'demand', 'powerFactor'] as const;
export type RateType = (typeof RATE_TYPES)[number];

/** The rate types that price a volume (kWh, m³, t). */
export const VOLUME_RATE_TYPES = ['flat', 'tou', 'tiered', 'seasonal'] as const satisfies readonly RateType[];
/** The rate types of the basic charge (yuan per kVA or kW and month). */
export const BASIC_RATE_TYPES = ['capacity', 'demand'] as const satisfies readonly RateType[];

export const RATE_TYPE_NAMES: Record<RateType, readonly [zh: string, en: string]> = {
  flat: ['单一费率', 'Single price'],
  tou: ['分时费率', 'Time of use'],
  tiered: ['阶梯费率', 'Tiered by monthly volume'],
  seasonal: ['季节费率', 'Seasonal'],
  capacity: ['容量基本电费', 'Basic charge by capacity'],
  demand: ['需量基本电费', 'Basic charge by demand'],
  powerFactor: ['力调电费', 'Power-factor adjustment'],
};

/** A rate version's status at a day: in effect, not yet in effect, expired. */
export const RATE_STATUSES = ['inEffect', 'notInEffect', 'expired'] as const;
export type RateStatus = (typeof RATE_STATUSES)[number];
export const RATE_STATUS_NAMES: Record<RateStatus, readonly [zh: string, en: string]> = {
  inEffect: ['生效中', 'In effect'],
  notInEffect: ['未生效', 'Not in effect'],
  expired: ['已失效', 'Expired'],
};

/** The fee items an accounting scheme may include. */
export const FEE_ITEMS = ['energy', 'basic', 'powerFactor', 'other'] as const;
export type FeeItem = (typeof FEE_ITEMS)[number];
export const FEE_ITEM_NAMES: Record<FeeItem, readonly [zh: string, en: string]> = {
  energy: ['能源费', 'Energy charge'],
  basic: ['基本费', 'Basic charge'],
  powerFactor: ['力调费', 'Power-factor adjustment'],
  other: ['其他费用', 'Other fees'],
};

/** The accounting cycle: the results shown for a month cover that month, its quarter to date or its year to date. */
export const ACCOUNTING_CYCLES = ['month', 'quarter', 'year'] as const;
export type AccountingCycle = (typeof ACCOUNTING_CYCLES)[number];

/** Where an energy type's cost of an object came from. */
export const COST_SOURCES = ['bill', 'rate', 'none'] as const;
export type CostSource = (typeof COST_SOURCES)[number];

export const COST_LIMITS = {
  /** Rate and accounting scheme names (spec: ≤ 20). */
  schemeName: 20,
  feeName: 20,
  remark: 255,
  /** Versions of one rate scheme. */
  versions: 20,
  tiers: 10,
  seasons: 12,
  /** Prices: 0 to this, up to 6 decimal places. */
  priceMax: 1_000_000,
  priceDecimals: 6,
  /** Tier bounds and basic quantities. */
  volumeMax: 1_000_000_000_000,
  /** Accounting objects of one scheme (the benchmark's 2,000-node project fits). */
  objects: 5_000,
  /** Energy types priced by one accounting scheme. */
  schemeRates: 10,
  otherFees: 10,
  /** Budgets and amounts: 0 to this, 2 decimals (spec). */
  amountMax: 999_999_999_999.99,
  /** Years of one budget query (spec: ≤ 10 y span). */
  budgetYears: 10,
  /** Budget rows of one save. */
  budgetRows: 2_000,
  /** Nodes compared in one analysis (spec: ≤ 4). */
  compareNodes: 4,
  /** Energy types of one analysis. */
  energyTypes: 12,
  /** Months of one unit-cost query (spec: 12). */
  months: 12,
  /** Children ranked in a cost analysis. */
  ranking: 50,
  /** Result rows of one query (nodes named). */
  resultNodes: 5_000,
} as const;

export const COST_MESSAGES = {
  schemeName: `name: 1 to ${COST_LIMITS.schemeName} characters in length`,
  rateNameRepeats: 'name: a rate scheme of this name already exists',
  accountingNameRepeats: 'name: an accounting scheme of this name already exists',
  date: 'date must look like 2026-03-01',
  price: (field: string) =>
    `${field} must be 0 to ${COST_LIMITS.priceMax} with at most ${COST_LIMITS.priceDecimals} decimal places`,
  amount: (field: string) => `${field} must be 0 to 999999999999.99 with at most 2 decimal places`,
  versionsRequired: 'versions: add at least one version',
  endBeforeStart: 'effectiveTo: the end date cannot be before the start date',
  blankExpiry:
    'versions: the previous version has no end date; give it an end date before adding another version',
  versionsOverlap: 'versions: the effective dates of two versions overlap',
  touSchemeRequired: 'touSchemeId: a time-of-use rate needs a time-of-use scheme',
  touSchemeOnlyTou: 'touSchemeId: only a time-of-use rate references a time-of-use scheme',
  touSchemeUnknown: (id: number) => `touSchemeId: time-of-use scheme ${id} does not exist in this project`,
  touOnlyElectricity: 'rateType: time-of-use, basic and power-factor rates apply to electricity only',
  priceRequired: 'price: enter the price of this version',
  bandPricesRequired: 'bandPrices: price each period of the time-of-use scheme (sharp, peak, flat, valley)',
  tiersRequired: 'tiers: add at least one tier',
  tiersAscending: 'tiers: each tier must end above the one before, and only the last is open (upTo blank)',
  seasonsCover: 'seasons: every month 1 to 12 must belong to exactly one season',
  pfStandardRequired: 'pfStandard: choose 0.9, 0.85 or 0.8',
  rateInUse: (names: string) => `the rate scheme is still used by accounting schemes: ${names}`,
  rateUnknown: (field: string, id: number) => `${field}: rate scheme ${id} does not exist in this project`,
  rateWrongType: (field: string, name: string, types: readonly string[]) =>
    `${field}: rate scheme ${name} must be of type ${types.map((t) => RATE_TYPE_NAMES[t as RateType]?.[1] ?? t).join(', ')}`,
  rateWrongEnergy: (field: string, name: string) =>
    `${field}: rate scheme ${name} prices another energy type`,
  energyTypeRepeats: 'rates: each energy type may be priced once',
  feeItemsRequired: 'feeItems: choose at least one fee item',
  objectTaken: (node: string, scheme: string) =>
    `objects: node ${node} is already an accounting object of scheme ${scheme}`,
  objectRepeats: 'objects: a node may be listed once',
  accountingUnknown: (id: number) => `schemeId: accounting scheme ${id} does not exist in this project`,
  shareSchemeUnknown: (id: number) =>
    `shareSchemeId: apportionment scheme ${id} does not exist in this project`,
  monthFuture: 'month: the month cannot be after the current month',
  yearSpan: `endYear: the range cannot be longer than ${COST_LIMITS.budgetYears} years`,
  yearOrder: 'endYear: the end year cannot be before the start year',
  twelveMonths: 'months: give 12 monthly values (null for none)',
  noSchemes: 'schemeId: the project has no accounting scheme; add one on the accounting scheme page',
  energyTypeUnknown: (field: string, type: number) => `${field}: energy type ${type} does not exist`,
  productUnknown: (id: number) => `productId: product ${id} does not exist in this project`,
  rowRepeats: 'rows: a node may be listed once',
  rateTypeFixed: (names: string) =>
    `rateType: the energy type and rate type cannot change while accounting schemes use the rate: ${names}`,
  schemeLinked: (count: number) =>
    `the accounting scheme is still linked to ${count} nodes; unbind them first`,
  calculationRunning: 'a cost calculation of this project is running; wait until it ends',
  monthOrder: 'the end month cannot be before the start month',
  monthSpan: `the range cannot be longer than ${COST_LIMITS.months} months`,
} as const;

/**
 * Chinese texts of the cost rules by their English text without the field (the server answers
 * by Accept-Language, core's localizeMessage reads them); the rules with a varying part are in
 * COST_PATTERNS_ZH.
 */
export const COST_MESSAGES_ZH: Record<string, string> = {
  'a rate scheme of this name already exists': '已存在同名的费率方案',
  'an accounting scheme of this name already exists': '已存在同名的核算方案',
  'date must look like 2026-03-01': '日期格式须如 2026-03-01',
  'add at least one version': '至少添加一个版本',
  'the end date cannot be before the start date': '结束日期不能早于开始日期',
  'the previous version has no end date; give it an end date before adding another version':
    '上一个版本没有结束日期；请先为它设置结束日期，再添加新版本',
  'the effective dates of two versions overlap': '两个版本的生效日期重叠',
  'a time-of-use rate needs a time-of-use scheme': '分时费率需要选择分时方案',
  'only a time-of-use rate references a time-of-use scheme': '只有分时费率可以引用分时方案',
  'time-of-use, basic and power-factor rates apply to electricity only':
    '分时、基本电费和力调电费费率只适用于电',
  'enter the price of this version': '请输入该版本的单价',
  'price each period of the time-of-use scheme (sharp, peak, flat, valley)':
    '请为分时方案的每个时段（尖、峰、平、谷）定价',
  'add at least one tier': '至少添加一个阶梯',
  'each tier must end above the one before, and only the last is open (upTo blank)':
    '每一阶梯的上限须高于前一阶梯，且只有最后一阶梯可以不设上限',
  'every month 1 to 12 must belong to exactly one season': '1 到 12 月的每个月都须恰好属于一个季节',
  'choose 0.9, 0.85 or 0.8': '请选择 0.9、0.85 或 0.8',
  'each energy type may be priced once': '每种能源类型只能设置一个费率',
  'choose at least one fee item': '至少选择一项费用',
  'a node may be listed once': '节点重复',
  'the month cannot be after the current month': '月份不能晚于当前月份',
  [`the range cannot be longer than ${COST_LIMITS.budgetYears} years`]: `时间范围不能超过 ${COST_LIMITS.budgetYears} 年`,
  'the end year cannot be before the start year': '结束年份不能早于开始年份',
  'give 12 monthly values (null for none)': '请给出 12 个月的值（没有的月份留空）',
  'the project has no accounting scheme; add one on the accounting scheme page':
    '本项目还没有核算方案，请先在核算方案页面添加',
  'a cost calculation of this project is running; wait until it ends':
    '本项目的成本核算正在进行，请等它结束后再试',
  'the end month cannot be before the start month': '结束月份不能早于开始月份',
  [`the range cannot be longer than ${COST_LIMITS.months} months`]: `时间范围不能超过 ${COST_LIMITS.months} 个月`,
  // the contract's shape rules of the cost requests
  'choose a rate scheme for at least one energy type': '至少为一种能源类型选择费率方案',
  'choose at least one node': '至少选择一个节点',
  'give at least one row': '至少给出一行',
  'choose at least one month': '至少选择一个月份',
  '1 to 12': '须为 1 到 12',
  'otherFees.name cannot be empty': '费用名称不能为空',
  'band must be 1 (sharp), 2 (peak), 3 (flat) or 4 (valley)': '时段须为 1（尖）、2（峰）、3（平）或 4（谷）',
};

/** Chinese texts of the cost rules with a varying part (field names are left to the path). */
export const COST_PATTERNS_ZH: readonly [RegExp, (...groups: string[]) => string][] = [
  [
    /^\S+ must be 0 to ([\d.]+) with at most (\d+) decimal places$/,
    (max, places) => `须为 0 到 ${max} 的数，最多 ${places} 位小数`,
  ],
  [/^\S+ must be a number$/, () => '须为数字'],
  [/^\S+ must be above 0$/, () => '须大于 0'],
  [/^\S+ must be at most ([\d.]+)$/, (max) => `不能超过 ${max}`],
  [/^at most (\d+)$/, (max) => `最多 ${max} 个`],
  [/^rateType must be one of /, () => '请选择有效的费率类型'],
  [/^cycle must be one of /, () => '请选择有效的核算周期'],
  [/^each must be one of /, () => '请选择有效的费用项'],
  [/^time-of-use scheme (\d+) does not exist in this project$/, (id) => `分时方案 ${id} 不属于本项目`],
  [
    /^the rate scheme is still used by accounting schemes: (.+)$/,
    (names) => `该费率方案仍被核算方案使用：${names}`,
  ],
  [
    /^the energy type and rate type cannot change while accounting schemes use the rate: (.+)$/,
    (names) => `核算方案仍在使用该费率，不能修改能源类型和费率类型：${names}`,
  ],
  [
    /^the accounting scheme is still linked to (\d+) nodes; unbind them first$/,
    (n) => `该核算方案仍关联 ${n} 个节点，请先解除绑定`,
  ],
  [/^rate scheme (\d+) does not exist in this project$/, (id) => `费率方案 ${id} 不属于本项目`],
  [
    /^rate scheme (.+) must be of type (.+)$/,
    (name, types) =>
      `费率方案“${name}”的类型须为${types
        .split(', ')
        .map((t) => Object.values(RATE_TYPE_NAMES).find(([, en]) => en === t)?.[0] ?? t)
        .join('、')}`,
  ],
  [/^rate scheme (.+) prices another energy type$/, (name) => `费率方案“${name}”用于其他能源类型`],
  [
    /^node (.+) is already an accounting object of scheme (.+)$/,
    (node, scheme) => `节点“${node}”已是核算方案“${scheme}”的核算对象`,
  ],
  [/^accounting scheme (\d+) does not exist in this project$/, (id) => `核算方案 ${id} 不属于本项目`],
  [/^apportionment scheme (\d+) does not exist in this project$/, (id) => `分摊方案 ${id} 不属于本项目`],
  [/^energy type (\d+) does not exist$/, (type) => `能源类型 ${type} 不存在`],
  [/^product (\d+) does not exist in this project$/, (id) => `产品 ${id} 不属于本项目`],
];

// ------------------------------------------------------------------ dates

/** 'YYYY-MM-DD' of an instant in a zone. */
export function dayOf(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
}

/** Whether a number has at most `places` decimals. */
export function hasDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const f = 10 ** places;
  return Math.abs(Math.round(value * f) - value * f) < 1e-6;
}

export const isPrice = (v: number): boolean =>
  v >= 0 && v <= COST_LIMITS.priceMax && hasDecimals(v, COST_LIMITS.priceDecimals);
export const isAmount = (v: number): boolean => v >= 0 && v <= COST_LIMITS.amountMax && hasDecimals(v, 2);

// ------------------------------------------------------------------ rate versions

export interface TierPrice {
  /** The month's cumulative volume up to which this price applies; null: open (the last). */
  upTo: number | null;
  price: number;
}

export interface SeasonPrice {
  /** Calendar months 1–12 of the season. */
  months: number[];
  price: number;
}

export interface BandPrice {
  band: TouBand;
  price: number;
}

/** A version of a rate scheme: effective days [from, to] inclusive, and its prices by rate type. */
export interface RateVersion {
  effectiveFrom: string;
  /** null: open. */
  effectiveTo: string | null;
  /** flat, capacity (yuan/kVA·month), demand (yuan/kW·month). */
  price: number | null;
  bandPrices: BandPrice[] | null;
  tiers: TierPrice[] | null;
  seasons: SeasonPrice[] | null;
  pfStandard: PfStandard | null;
}

/** The status of a version on a day. */
export function rateStatus(v: Pick<RateVersion, 'effectiveFrom' | 'effectiveTo'>, today: string): RateStatus {
  if (today < v.effectiveFrom) return 'notInEffect';
  if (v.effectiveTo !== null && v.effectiveTo < today) return 'expired';
  return 'inEffect';
}

/** The problem with one version's prices for a rate type (message names the field), or null. */
export function checkRateVersion(rateType: RateType, v: RateVersion): string | null {
  if (v.effectiveTo !== null && v.effectiveTo < v.effectiveFrom) return COST_MESSAGES.endBeforeStart;
  switch (rateType) {
    case 'flat':
    case 'capacity':
    case 'demand':
      return v.price === null ? COST_MESSAGES.priceRequired : null;
    case 'tou': {
      const bands = new Set((v.bandPrices ?? []).map((b) => b.band));
      return TOU_BAND_CODES.every((b) => bands.has(b)) && bands.size === 4
        ? null
        : COST_MESSAGES.bandPricesRequired;
    }
    case 'tiered': {
      const tiers = v.tiers ?? [];
      if (tiers.length === 0) return COST_MESSAGES.tiersRequired;
      for (const [i, t] of tiers.entries()) {
        const last = i === tiers.length - 1;
        if (last !== (t.upTo === null)) return COST_MESSAGES.tiersAscending;
        const before = i === 0 ? 0 : (tiers[i - 1]?.upTo ?? 0);
        if (t.upTo !== null && !(t.upTo > before)) return COST_MESSAGES.tiersAscending;
      }
      return null;
    }
    case 'seasonal': {
      const seen = new Array<number>(13).fill(0);
      for (const s of v.seasons ?? [])
        for (const m of s.months) if (m >= 1 && m <= 12) seen[m] = (seen[m] ?? 0) + 1;
      return seen.slice(1).every((n) => n === 1) ? null : COST_MESSAGES.seasonsCover;
    }
    case 'powerFactor':
      return v.pfStandard === null ? COST_MESSAGES.pfStandardRequired : null;
  }
}

/**
 * The problem with a scheme's versions taken together (ascending by start, no overlap, only the
 * last may be open: a blank previous expiry blocks adding), or null.
 */
export function checkRateVersions(
  versions: readonly Pick<RateVersion, 'effectiveFrom' | 'effectiveTo'>[],
): string | null {
  if (versions.length === 0) return COST_MESSAGES.versionsRequired;
  const sorted = [...versions].sort((a, b) => (a.effectiveFrom < b.effectiveFrom ? -1 : 1));
  for (let i = 0; i + 1 < sorted.length; i++) {
    const a = sorted[i] as RateVersion;
    const b = sorted[i + 1] as RateVersion;
    if (a.effectiveTo === null) return COST_MESSAGES.blankExpiry;
    if (a.effectiveTo >= b.effectiveFrom) return COST_MESSAGES.versionsOverlap;
  }
  return null;
}

/** The version in effect on a day, or undefined. */
export function versionOn<V extends Pick<RateVersion, 'effectiveFrom' | 'effectiveTo'>>(
  versions: readonly V[],
  day: string,
): V | undefined {
  return versions.find((v) => v.effectiveFrom <= day && (v.effectiveTo === null || day <= v.effectiveTo));
}

// ------------------------------------------------------------------ pricing a volume

/** A stretch of use (a day or an hour) of the project's calendar: its day, its volume and (TOU) its volume per band. */
export interface UseSlice {
  /** 'YYYY-MM-DD' of the project's zone. */
  day: string;
  quantity: number;
  /** Volume per band 1..4 (time-of-use rates); the rest of quantity is priced at the flat band. */
  bands?: readonly number[] | null;
}

export interface PricedSlice {
  quantity: number;
  /** yuan, 6 places (sums are rounded to cents once). */
  amount: number;
  /** Volume and amount per band 1..4 (TOU only). */
  bands: { quantity: number; amount: number }[] | null;
  /** Volume and amount per tier index (tiered only). */
  tiers: { quantity: number; amount: number }[] | null;
  /** No version in effect on the day: not priced. */
  unpriced: boolean;
}

/** The price of a tiered rate for the volume [before, before + q) of a month: split over the tiers. */
export function tieredAmount(
  tiers: readonly TierPrice[],
  before: number,
  quantity: number,
): { amount: number; parts: { quantity: number; amount: number }[] } {
  const parts = tiers.map(() => ({ quantity: 0, amount: 0 }));
  let from = before;
  let left = quantity;
  let amount = 0;
  let lower = 0;
  for (const [i, t] of tiers.entries()) {
    if (left <= 0) break;
    const upper = t.upTo ?? Number.POSITIVE_INFINITY;
    if (from < upper) {
      const take = Math.min(left, upper - Math.max(from, lower));
      if (take > 0) {
        const part = parts[i] as { quantity: number; amount: number };
        part.quantity += take;
        part.amount += take * t.price;
        amount += take * t.price;
        left -= take;
        from += take;
      }
    }
    lower = upper;
  }
  return { amount, parts };
}

/**
 * Prices slices of use in time order with a volume rate's versions: each slice by the version
 * in effect on its day; tiers count the volume of the local calendar month so far (they start
 * again on the 1st), across versions. A slice on a day without a version is not priced.
 */
export function priceSlices(
  rateType: RateType,
  versions: readonly RateVersion[],
  slices: readonly UseSlice[],
): PricedSlice[] {
  let month = '';
  let monthVolume = 0;
  return slices.map((s) => {
    const m = s.day.slice(0, 7);
    if (m !== month) {
      month = m;
      monthVolume = 0;
    }
    const v = versionOn(versions, s.day);
    const before = monthVolume;
    monthVolume += s.quantity;
    if (!v) return { quantity: s.quantity, amount: 0, bands: null, tiers: null, unpriced: true };
    switch (rateType) {
      case 'tou': {
        const prices = new Map((v.bandPrices ?? []).map((b) => [b.band, b.price]));
        const bands = TOU_BAND_CODES.map((b, i) => {
          const q = (s.bands?.[i] ?? 0) + (b === 3 ? Math.max(0, s.quantity - sum(s.bands ?? [])) : 0);
          return { quantity: q, amount: q * (prices.get(b) ?? 0) };
        });
        return {
          quantity: s.quantity,
          amount: sum(bands.map((b) => b.amount)),
          bands,
          tiers: null,
          unpriced: false,
        };
      }
      case 'tiered': {
        const t = tieredAmount(v.tiers ?? [], before, s.quantity);
        return { quantity: s.quantity, amount: t.amount, bands: null, tiers: t.parts, unpriced: false };
      }
      case 'seasonal': {
        const calendarMonth = Number(s.day.slice(5, 7));
        const price = (v.seasons ?? []).find((x) => x.months.includes(calendarMonth))?.price ?? 0;
        return {
          quantity: s.quantity,
          amount: s.quantity * price,
          bands: null,
          tiers: null,
          unpriced: false,
        };
      }
      default:
        return {
          quantity: s.quantity,
          amount: s.quantity * (v.price ?? 0),
          bands: null,
          tiers: null,
          unpriced: false,
        };
    }
  });
}

const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

/** What a volume rate makes of the slices of a period: quantity, amount (cents) and its parts. */
export interface PricedTotal {
  quantity: number;
  amount: number;
  bands: { band: TouBand; quantity: number; amount: number }[] | null;
  tiers: { tier: number; upTo: number | null; quantity: number; amount: number }[] | null;
  unpricedQuantity: number;
}

/** The total of priced slices (amount rounded to cents once), with band or tier parts. */
export function totalOfSlices(
  priced: readonly PricedSlice[],
  tiers: readonly TierPrice[] | null = null,
): PricedTotal {
  let quantity = 0;
  let amount = 0;
  let unpriced = 0;
  const bands = TOU_BAND_CODES.map((band) => ({ band, quantity: 0, amount: 0 }));
  const tierParts = (tiers ?? []).map((t, i) => ({ tier: i + 1, upTo: t.upTo, quantity: 0, amount: 0 }));
  let banded = false;
  let tiered = false;
  for (const p of priced) {
    quantity += p.quantity;
    amount += p.amount;
    if (p.unpriced) unpriced += p.quantity;
    if (p.bands) {
      banded = true;
      for (const [i, b] of p.bands.entries()) {
        const t = bands[i] as { quantity: number; amount: number };
        t.quantity += b.quantity;
        t.amount += b.amount;
      }
    }
    if (p.tiers) {
      tiered = true;
      for (const [i, b] of p.tiers.entries()) {
        const t = tierParts[i];
        if (!t) continue;
        t.quantity += b.quantity;
        t.amount += b.amount;
      }
    }
  }
  return {
    quantity: roundTo(quantity, 6),
    amount: roundMoney(amount),
    bands: banded
      ? bands.map((b) => ({ band: b.band, quantity: roundTo(b.quantity, 6), amount: roundMoney(b.amount) }))
      : null,
    tiers: tiered
      ? tierParts.map((t) => ({ ...t, quantity: roundTo(t.quantity, 6), amount: roundMoney(t.amount) }))
      : null,
    unpricedQuantity: roundTo(unpriced, 6),
  };
}

/** A basic charge of a rate version: price × the billed kVA or kW of the month. */
export function basicAmount(price: number, quantity: number): number {
  return roundMoney(price * quantity);
}

// ------------------------------------------------------------------ budgets and unit cost

/** actual / budget × 100 (2 places); null without a budget above 0 or without an actual. */
export function attainmentPercent(actual: number | null, budget: number | null): number | null {
  if (actual === null || budget === null || budget <= 0) return null;
  return roundTo((actual / budget) * 100, 2);
}

/** A budget row's sums: the months' budget and actual (of months with both for the attainment). */
export function budgetAttainment(
  budget: readonly (number | null)[],
  actual: readonly (number | null)[],
): {
  budgetTotal: number | null;
  actualTotal: number | null;
  monthly: (number | null)[];
  attainmentPct: number | null;
  overrunMonths: number[];
} {
  const has = (v: number | null | undefined): v is number => v !== null && v !== undefined;
  const budgets = budget.filter(has);
  const actuals = actual.filter(has);
  const monthly = budget.map((b, i) => attainmentPercent(actual[i] ?? null, b));
  const overrunMonths: number[] = [];
  for (const [i, b] of budget.entries()) {
    const a = actual[i];
    if (has(b) && has(a) && a > b) overrunMonths.push(i + 1);
  }
  const budgetTotal = budgets.length ? sumMoney(budgets) : null;
  const actualTotal = actuals.length ? sumMoney(actuals) : null;
  // Year to date: the budget of the months that have an actual.
  const toDate = budget.map((b, i) => (has(actual[i]) ? b : null)).filter(has);
  return {
    budgetTotal,
    actualTotal,
    monthly,
    attainmentPct: attainmentPercent(actualTotal, toDate.length ? sumMoney(toDate) : null),
    overrunMonths,
  };
}

/** Cost per unit of product (yuan per unit, 4 places); null without output above 0. */
export function unitCost(cost: number | null, output: number | null): number | null {
  if (cost === null || output === null || output <= 0) return null;
  return roundTo(cost / output, 4);
}

/** The month-end cost projected from the cost so far: so far × month hours / hours elapsed. */
export function projectedMonthEnd(
  costSoFar: number,
  elapsedHours: number,
  monthHours: number,
): number | null {
  if (elapsedHours <= 0) return null;
  return roundMoney((costSoFar * monthHours) / Math.min(elapsedHours, monthHours));
}

/** The percent change (2 places) of a value against a base; null when the base is 0 or missing. */
export function changePercent(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null;
  return roundTo(((value - base) / Math.abs(base)) * 100, 2);
}
