/**
 * The monthly cost calculation (operation type 16; ADR 0026). For each accounting scheme and
 * object: per energy type the volume of the month from the rollups (one bulk read per energy
 * type for all objects), priced day by day by the scheme's rate (core priceSlices: versions by
 * day, tiers by the local calendar month's volume); electricity of a node that measures an
 * inlet with a billing scheme by that inlet's bill (issue 16: energy + basic + PF); the basic
 * and PF rates of the scheme for other electricity objects; other fees. The results of a month
 * are written in one transaction: a failure leaves the previous ones as they were.
 *
 * `calculateCostMonth(services, projectId, month)` is the whole calculation without a request
 * (the benchmark calls it); the endpoint runs it as a task with progress.
 */
import type { ObjectCost, Task } from '@eem/contract';
import {
  basicAmount,
  billingMonth,
  COST_MESSAGES,
  ENERGY_TYPE,
  energyTypeName,
  energyTypeOf,
  FEE_ITEM_NAMES,
  LOG_TYPE,
  monthOf,
  pfAdjustment,
  priceSlices,
  roundMoney,
  roundTo,
  sumMoney,
  TASK_OPERATION_TYPE,
  text,
  totalOfSlices,
  versionOn,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import { LINE_NAMES, lineName } from '../bills/compute.js';
import { monthEnergy } from '../bills/readings.js';
import { EnergyModel } from '../energy/model.js';
import { recordOperation } from '../logs/record-operation.js';
import { TaskProgress } from '../nodes/task-progress.js';
import { resultsOf as shareResultsOf, schemeById as shareSchemeById } from '../share/repo/schemes.js';
import {
  billsOf,
  dayBounds,
  loadPricing,
  loadRates,
  loadSchemes,
  type Pricing,
  readVolumes,
  type SchemeDef,
  slicesOf,
  type Volumes,
} from './pricing.js';
import { replaceMonth } from './repo/results.js';

type Component = ObjectCost['energies'][number]['components'][number];
type EnergyCost = ObjectCost['energies'][number];

const BAND_CODES = { 1: 'energySharp', 2: 'energyPeak', 3: 'energyFlat', 4: 'energyValley' } as const;
const names = (language: 'zh' | 'en') => ({
  energy: FEE_ITEM_NAMES.energy[language === 'zh' ? 0 : 1],
  tier: (i: number) => (language === 'zh' ? `第${i}阶梯` : `Tier ${i}`),
  basic: FEE_ITEM_NAMES.basic[language === 'zh' ? 0 : 1],
  pf: FEE_ITEM_NAMES.powerFactor[language === 'zh' ? 0 : 1],
});

/** A component's name in `language`, by its code and the energy's source (as schemeMonthCosts names it). */
function componentName(
  source: EnergyCost['source'],
  code: string,
  stored: string,
  language: 'zh' | 'en',
): string {
  if (source === 'bill' || (code.startsWith('energy') && code !== 'energy'))
    return code in LINE_NAMES ? lineName(code as keyof typeof LINE_NAMES, language) : stored;
  const n = names(language);
  const tier = /^tier(\d+)$/.exec(code);
  if (tier) return n.tier(Number(tier[1]));
  if (code === 'energy' || code === 'basic') return n[code];
  if (code === 'powerFactor') return n.pf;
  return stored;
}

/**
 * Stored energies (written in the language of the calculation) with their energy-type and
 * component names in `language`, the request's.
 */
export function localizeEnergies(energies: readonly EnergyCost[], language: 'zh' | 'en'): EnergyCost[] {
  return energies.map((e) => ({
    ...e,
    energyTypeName: energyTypeName(e.energyType, language),
    components: e.components.map((c) => ({ ...c, name: componentName(e.source, c.code, c.name, language) })),
  }));
}

/** Volumes of the month per object and energy type, read in bulk per energy type. */
export type MonthVolumes = Map<number, Map<number, Volumes>>;

export async function readMonthVolumes(
  p: Pricing,
  schemes: readonly SchemeDef[],
  bounds: readonly number[],
): Promise<MonthVolumes> {
  const byType = new Map<number, Set<number>>();
  const banded = new Set<number>();
  for (const s of schemes)
    for (const r of s.rates) {
      const set = byType.get(r.energyType) ?? new Set<number>();
      for (const o of s.objects)
        if (!(r.energyType === ENERGY_TYPE.electricity && p.billOfNode.has(o.nodeId))) set.add(o.nodeId);
      byType.set(r.energyType, set);
      if (r.rate.rateType === 'tou') banded.add(r.energyType);
    }
  const out: MonthVolumes = new Map();
  for (const [type, nodes] of byType)
    out.set(type, await readVolumes(p, [...nodes], type, bounds, banded.has(type)));
  return out;
}

/** The costs of a scheme's objects for a month. */
export async function schemeMonthCosts(
  p: Pricing,
  scheme: SchemeDef,
  month: string,
  bounds: readonly number[],
  volumes: MonthVolumes,
  language: 'zh' | 'en',
  ctx?: RequestContext,
): Promise<ObjectCost[]> {
  const zone = p.project.timeZone;
  const n = names(language);
  const includes = new Set(scheme.feeItems);
  const monthEnd = billingMonth(month, zone).end;
  const out: ObjectCost[] = [];
  for (const o of scheme.objects) {
    const energies: EnergyCost[] = [];
    for (const r of scheme.rates) {
      const def = energyTypeOf(r.energyType);
      const unit = def?.baseUnit ?? '';
      const typeName = energyTypeName(r.energyType, language);
      const coal = p.model.coal.get(r.energyType) ?? def?.coalFactor ?? 0;
      const inlet = r.energyType === ENERGY_TYPE.electricity ? p.billOfNode.get(o.nodeId) : undefined;
      if (inlet) {
        const bill = (await billsOf(p, inlet, month, month, ctx))[0];
        if (bill) {
          const lines = bill.bill.lines;
          const of = (codes: string[]) =>
            sumMoney(lines.filter((l) => codes.includes(l.code)).map((l) => l.amount));
          const energyCharge = includes.has('energy')
            ? of(['energySharp', 'energyPeak', 'energyFlat', 'energyValley'])
            : 0;
          const basicCharge = includes.has('basic') ? of(['basic', 'penalty']) : 0;
          const pfCharge = includes.has('powerFactor') ? of(['powerFactor']) : 0;
          const keep = (code: string) =>
            code === 'basic' || code === 'penalty'
              ? includes.has('basic')
              : code === 'powerFactor'
                ? includes.has('powerFactor')
                : includes.has('energy');
          energies.push({
            energyType: r.energyType,
            energyTypeName: typeName,
            unit,
            quantity: bill.kWh,
            tce: roundTo(bill.kWh * coal, 6),
            energyCharge,
            basicCharge,
            pfAdjustment: pfCharge,
            total: sumMoney([energyCharge, basicCharge, pfCharge]),
            source: 'bill',
            rate: bill.terms.scheme,
            components: lines
              .filter((l) => keep(l.code))
              .map((l) => ({
                code: l.code,
                name: lineName(l.code, language),
                quantity: l.quantity,
                unit: l.unit,
                price: l.price,
                amount: l.amount,
              })),
          });
          continue;
        }
      }
      const v = volumes.get(r.energyType)?.get(o.nodeId);
      const slices = v ? slicesOf(v, bounds, zone) : [];
      const read = v ? v.quantity.some((q) => q !== null) : false;
      const priced = totalOfSlices(
        priceSlices(r.rate.rateType, r.rate.versions, slices),
        r.rate.rateType === 'tiered'
          ? (versionOn(r.rate.versions, slices.at(-1)?.day ?? '')?.tiers ?? null)
          : null,
      );
      const components: Component[] = [];
      if (includes.has('energy')) {
        if (priced.bands)
          for (const b of priced.bands)
            components.push({
              code: BAND_CODES[b.band],
              name: lineName(BAND_CODES[b.band], language),
              quantity: b.quantity,
              unit,
              price: b.quantity > 0 ? roundTo(b.amount / b.quantity, 6) : null,
              amount: b.amount,
            });
        else if (priced.tiers)
          for (const t of priced.tiers)
            components.push({
              code: `tier${t.tier}`,
              name: n.tier(t.tier),
              quantity: t.quantity,
              unit,
              price: t.quantity > 0 ? roundTo(t.amount / t.quantity, 6) : null,
              amount: t.amount,
            });
        else
          components.push({
            code: 'energy',
            name: n.energy,
            quantity: priced.quantity,
            unit,
            price: priced.quantity > 0 ? roundTo(priced.amount / priced.quantity, 6) : null,
            amount: priced.amount,
          });
      }
      const energyCharge = includes.has('energy') ? priced.amount : 0;
      let basicCharge = 0;
      if (includes.has('basic') && r.basic && o.basicQuantity !== null) {
        const version =
          versionOn(r.basic.versions, dayOfMonthEnd(slices)) ??
          versionOn(r.basic.versions, slices[0]?.day ?? '');
        if (version?.price !== null && version?.price !== undefined) {
          basicCharge = basicAmount(version.price, o.basicQuantity);
          components.push({
            code: 'basic',
            name: n.basic,
            quantity: o.basicQuantity,
            unit: r.basic.rateType === 'capacity' ? 'kVA' : 'kW',
            price: version.price,
            amount: basicCharge,
          });
        }
      }
      let pfCharge = 0;
      if (includes.has('powerFactor') && r.pf && r.energyType === ENERGY_TYPE.electricity && read) {
        const standard = versionOn(r.pf.versions, dayOfMonthEnd(slices))?.pfStandard ?? null;
        if (standard !== null) {
          const energy = await monthEnergy(
            p.services.db,
            p.model,
            o.nodeId,
            [billingMonth(month, zone)],
            Math.min(p.now, monthEnd),
          );
          const kvarh = energy[0]?.kvarh ?? null;
          if (kvarh !== null) {
            const adj = pfAdjustment(priced.quantity, kvarh, standard, basicCharge, energyCharge);
            pfCharge = adj.amount;
            components.push({
              code: 'powerFactor',
              name: n.pf,
              quantity: adj.percent,
              unit: '%',
              price: null,
              amount: adj.amount,
            });
          }
        }
      }
      energies.push({
        energyType: r.energyType,
        energyTypeName: typeName,
        unit,
        quantity: read ? priced.quantity : null,
        tce: read ? roundTo(priced.quantity * coal, 6) : null,
        energyCharge,
        basicCharge,
        pfAdjustment: pfCharge,
        total: sumMoney([energyCharge, basicCharge, pfCharge]),
        source: read ? 'rate' : 'none',
        rate: { id: r.rate.id, name: r.rate.name },
        components,
      });
    }
    const otherFees = includes.has('other') ? scheme.otherFees : [];
    const energyCharge = sumMoney(energies.map((e) => e.energyCharge));
    const basicCharge = sumMoney(energies.map((e) => e.basicCharge));
    const pf = sumMoney(energies.map((e) => e.pfAdjustment));
    const otherTotal = sumMoney(otherFees.map((f) => f.amount));
    const tces = energies.map((e) => e.tce).filter((t): t is number => t !== null);
    out.push({
      node: p.model.info(o.nodeId),
      energies,
      energyCharge,
      basicCharge,
      pfAdjustment: pf,
      otherFees,
      otherFeesTotal: otherTotal,
      // Set by apportion() when the scheme has an apportionment scheme.
      apportionedIn: 0,
      apportionedOut: 0,
      total: sumMoney([energyCharge, basicCharge, pf, otherTotal]),
      tce: tces.length
        ? roundTo(
            tces.reduce((a, b) => a + b, 0),
            6,
          )
        : null,
    });
  }
  return out;
}

function dayOfMonthEnd(slices: readonly { day: string }[]): string {
  return slices.at(-1)?.day ?? '';
}

/** The local day bounds of a month, up to now for the current month. */
export function monthDayBounds(p: Pricing, month: string): number[] {
  const m = billingMonth(month, p.project.timeZone);
  return dayBounds(m.start, m.end, p.project.timeZone);
}

/** Every object cost of the schemes for a month, computed (not written). */
export async function computeMonth(
  p: Pricing,
  schemes: readonly SchemeDef[],
  month: string,
  language: 'zh' | 'en',
  onScheme?: (done: number, total: number) => Promise<void>,
): Promise<Map<number, ObjectCost[]>> {
  const bounds = monthDayBounds(p, month);
  const volumes = await readMonthVolumes(p, schemes, bounds);
  const out = new Map<number, ObjectCost[]>();
  for (const [i, s] of schemes.entries()) {
    const costs = await schemeMonthCosts(p, s, month, bounds, volumes, language);
    if (s.shareSchemeId !== null) await apportion(p, s, month, bounds, costs, language);
    out.set(s.id, costs);
    if (onScheme) await onScheme(i + 1, schemes.length);
  }
  return out;
}

/**
 * Apportioned in and out (ADR 0026): the stored month of the scheme's apportionment scheme (the
 * loss area's share results) splits the source node's cost of that energy type over the
 * targets by their share of the energy; an object that is the source gives it out, objects
 * that are targets take their part in. A source outside the scheme is priced by its rate.
 */
async function apportion(
  p: Pricing,
  scheme: SchemeDef,
  month: string,
  bounds: readonly number[],
  costs: ObjectCost[],
  language: 'zh' | 'en',
): Promise<void> {
  const db = p.services.db;
  const share = await shareSchemeById(db, p.project.id, scheme.shareSchemeId as number);
  if (!share || share.source_node_id === null) return;
  const [result] = await shareResultsOf(db, p.project.id, [Number(share.id)], month, month);
  if (!result || !(result.total > 0)) return;
  const source = Number(share.source_node_id);
  const type = Number(share.energy_type);
  const index = new Map(scheme.objects.map((o, i) => [o.nodeId, i]));
  const own = index.get(source);
  let sourceCost: number;
  if (own !== undefined) sourceCost = costs[own]?.energies.find((e) => e.energyType === type)?.total ?? 0;
  else {
    const alone = {
      ...scheme,
      objects: [{ nodeId: source, modelLabel: 'node', basicQuantity: null }],
      feeItems: ['energy' as const],
    };
    const volumes = await readMonthVolumes(p, [alone], bounds);
    const [cost] = await schemeMonthCosts(p, alone, month, bounds, volumes, language);
    sourceCost = cost?.energies.find((e) => e.energyType === type)?.total ?? 0;
  }
  if (sourceCost === 0) return;
  const parts: number[] = [];
  for (const line of result.lines) {
    const part = roundMoney((sourceCost * line.amount) / result.total);
    parts.push(part);
    const target = index.get(line.nodeId);
    const o = target === undefined ? undefined : costs[target];
    if (o) o.apportionedIn = sumMoney([o.apportionedIn, part]);
  }
  const src = own === undefined ? undefined : costs[own];
  if (src) src.apportionedOut = sumMoney(parts);
  for (const o of costs)
    o.total = sumMoney([
      o.energyCharge,
      o.basicCharge,
      o.pfAdjustment,
      o.otherFeesTotal,
      o.apportionedIn,
      -o.apportionedOut,
    ]);
}

/** Writes the month's results of the schemes in one transaction (all of them or none). */
export async function writeMonth(
  services: Services,
  projectId: number,
  month: string,
  costs: ReadonlyMap<number, ObjectCost[]>,
  taskId: number | null,
): Promise<number> {
  const now = services.clock();
  let rows = 0;
  await inTransaction(services.db, async (trx) => {
    for (const [schemeId, objects] of costs) {
      await replaceMonth(
        trx,
        projectId,
        schemeId,
        month,
        objects.map((o) => ({
          project_id: projectId,
          scheme_id: schemeId,
          month,
          node_id: o.node.modelLabel === 'project' ? 0 : o.node.id,
          energy_charge: o.energyCharge,
          basic_charge: o.basicCharge,
          pf_adjustment: o.pfAdjustment,
          other_fees: o.otherFeesTotal,
          apportioned_in: o.apportionedIn,
          apportioned_out: o.apportionedOut,
          total: o.total,
          tce: o.tce,
          detail: JSON_COLUMNS.costDetail.write({ energies: o.energies, otherFees: o.otherFees }),
        })),
        { task_id: taskId, calculated_at: now },
      );
      rows += objects.length;
    }
  });
  return rows;
}

/**
 * The whole calculation of a month for a project's schemes (all, or `schemeId`), written all
 * or nothing; the benchmark's entry point. Returns the objects written.
 */
export async function calculateCostMonth(
  services: Services,
  projectId: number,
  month: string,
  options: {
    schemeId?: number;
    taskId?: number | null;
    language?: 'zh' | 'en';
    onProgress?: (ratio: number, message: string) => Promise<void>;
  } = {},
): Promise<{ schemes: number; objects: number }> {
  const project = await services.projects.get(projectId);
  if (!project) throw new Error(`project ${projectId} does not exist`);
  const model = await EnergyModel.load(services.db, project);
  const p = await loadPricing(services, project, model, services.clock());
  const schemes =
    options.schemeId === undefined ? p.schemes : p.schemes.filter((s) => s.id === options.schemeId);
  const costs = await computeMonth(p, schemes, month, options.language ?? 'en', async (done, total) => {
    await options.onProgress?.((0.9 * done) / Math.max(1, total), `calculating: ${done}/${total} schemes`);
  });
  const objects = await writeMonth(services, projectId, month, costs, options.taskId ?? null);
  return { schemes: schemes.length, objects };
}

const jobKey = (projectId: number) => `cost-calculation:${projectId}`;

/** POST costaccount/calculate: the month (≤ the current one) as a task. */
export async function startCalculation(
  ctx: RequestContext,
  body: { schemeId?: number | undefined; month: string },
): Promise<Task> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const { services } = ctx;
  if (body.month > monthOf(services.clock(), project.timeZone))
    throw ApiError.rule(COST_MESSAGES.monthFuture);
  const schemes = await loadSchemes(services, project.id, await loadRates(services, project.id));
  if (body.schemeId !== undefined && !schemes.some((s) => s.id === body.schemeId))
    throw ApiError.rule(COST_MESSAGES.accountingUnknown(body.schemeId));
  if (schemes.length === 0) throw ApiError.rule(COST_MESSAGES.noSchemes);
  const key = jobKey(project.id);
  if (!(await services.nodeJobs.reserve(key))) throw ApiError.conflict(COST_MESSAGES.calculationRunning);
  let task: Task;
  try {
    task = await services.tasks.create({
      projectId: project.id,
      userId: user.id,
      operationType: TASK_OPERATION_TYPE.costCalculation,
      logType: LOG_TYPE.taskNodeImport,
      name: text('task.costCalculation', { month: body.month }),
      language: ctx.language,
    });
  } catch (error) {
    services.nodeJobs.release(key);
    throw error;
  }
  services.nodeJobs.start(key, async () => {
    const progress = new TaskProgress(services.tasks, task.id);
    try {
      const done = await calculateCostMonth(services, project.id, body.month, {
        ...(body.schemeId === undefined ? {} : { schemeId: body.schemeId }),
        taskId: task.id,
        language: ctx.language,
        onProgress: (ratio, message) => progress.at(ratio, { message }),
      });
      const message = text('oplog.costCalculated', {
        month: body.month,
        objects: done.objects,
        schemes: done.schemes,
      });
      await services.tasks.finish(task.id, true, message);
      await recordOperation(ctx, {
        operation: 'edit',
        object: text('oplog.costAccounting', { month: body.month }),
        description: message,
        projectId: project.id,
      });
    } catch (error) {
      ctx.request.log.error({ err: error }, 'cost calculation failed');
      await services.tasks.finish(
        task.id,
        false,
        `the calculation of ${body.month} failed; the results calculated before are unchanged`,
      );
    }
  });
  return task;
}
