/**
 * Rate schemes (/rateadministration) and accounting schemes (/accountingscheme): names ≤ 20
 * unique in the project; a TOU rate references a time-of-use scheme of the project; versions by
 * core's rules; a rate in use and a scheme with objects are not deleted; objects are nodes of
 * this project the user may read, each in one scheme only.
 */
import type { AccountingScheme, catalogue, EndpointData, EndpointParsedInput, Rate } from '@eem/contract';
import {
  BASIC_RATE_TYPES,
  COST_MESSAGES,
  dayOf,
  energyTypeName,
  energyTypeOf,
  RATE_TYPE_NAMES,
  type RateStatus,
  rateStatus,
  text,
  VOLUME_RATE_TYPES,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { type EnergyCall, energyCall, nodeOf } from '../energy/scope.js';
import { recordOperation } from '../logs/record-operation.js';
import { schemesOf as touSchemesOf } from '../metering/repo/tou.js';
import { schemeById as shareSchemeById, schemesOf as shareSchemesOf } from '../share/repo/schemes.js';
import { loadRates, loadSchemes, type RateDef, type SchemeDef } from './pricing.js';
import {
  deleteRate as deleteRateRow,
  insertRate,
  rateUses,
  updateRate as updateRateRow,
  type VersionInsert,
} from './repo/rates.js';
import { calculationsOf } from './repo/results.js';
import {
  deleteScheme as deleteSchemeRows,
  insertScheme,
  objectsOf,
  replaceObjects,
  touchScheme,
  updateScheme as updateSchemeRows,
} from './repo/schemes.js';

type Cost = typeof catalogue.cost;
export type CostBody<K extends keyof Cost> = EndpointParsedInput<Cost[K]>['body'];
export type CostData<K extends keyof Cost> = EndpointData<Cost[K]>;

const lang = (ctx: RequestContext) => (ctx.language === 'zh' ? 0 : 1);

/** The day today in the project's zone. */
export function today(call: EnergyCall): string {
  return dayOf(call.ctx.services.clock(), call.project.timeZone);
}

/** A scheme's status: of the version in effect today, else of a later one, else expired. */
function statusOf(rate: RateDef, day: string): RateStatus {
  const statuses = rate.versions.map((v) => rateStatus(v, day));
  if (statuses.includes('inEffect')) return 'inEffect';
  if (statuses.includes('notInEffect')) return 'notInEffect';
  return 'expired';
}

function rateOut(
  call: EnergyCall,
  rate: RateDef,
  usedBy: { id: number; name: string }[],
  touNames: Map<number, string>,
): Rate {
  const day = today(call);
  const l = lang(call.ctx);
  const type = energyTypeOf(rate.energyType);
  return {
    id: rate.id,
    name: rate.name,
    energyType: rate.energyType,
    energyTypeName: energyTypeName(rate.energyType, call.ctx.language),
    unit: type?.baseUnit ?? '',
    rateType: rate.rateType,
    rateTypeName: RATE_TYPE_NAMES[rate.rateType][l],
    touScheme:
      rate.touSchemeId === null ? null : { id: rate.touSchemeId, name: touNames.get(rate.touSchemeId) ?? '' },
    versions: rate.versions.map((v) => ({
      id: v.id,
      effectiveFrom: v.effectiveFrom,
      effectiveTo: v.effectiveTo,
      price: v.price,
      bandPrices: v.bandPrices,
      tiers: v.tiers,
      seasons: v.seasons
        ? v.seasons.map((s, i) => ({ name: v.seasonNames[i] ?? '', months: s.months, price: s.price }))
        : null,
      pfStandard: v.pfStandard,
      status: rateStatus(v, day),
    })),
    status: statusOf(rate, day),
    remark: rate.remark,
    usedBy,
    updatedAt: rate.updatedAt,
  };
}

async function usesOf(call: EnergyCall): Promise<Map<number, { id: number; name: string }[]>> {
  const rows = await rateUses(call.ctx.services.db, call.project.id);
  const out = new Map<number, { id: number; name: string }[]>();
  for (const r of rows)
    for (const id of [r.rate_id, r.basic_rate_id, r.pf_rate_id]) {
      if (id === null) continue;
      const list = out.get(Number(id)) ?? [];
      if (!list.some((x) => x.id === Number(r.scheme_id)))
        list.push({ id: Number(r.scheme_id), name: r.scheme_name });
      out.set(Number(id), list);
    }
  return out;
}

async function touNamesOf(call: EnergyCall): Promise<Map<number, string>> {
  const rows = await touSchemesOf(call.ctx.services.db, call.project.id);
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

export async function rates(ctx: RequestContext, body: CostBody<'rates'>): Promise<CostData<'rates'>> {
  const call = await energyCall(ctx);
  const [all, uses, touNames] = await Promise.all([
    loadRates(ctx.services, call.project.id),
    usesOf(call),
    touNamesOf(call),
  ]);
  const keyword = body.keyword.toLowerCase();
  const list = [...all.values()]
    .map((r) => rateOut(call, r, uses.get(r.id) ?? [], touNames))
    .filter(
      (r) =>
        (body.energyType === undefined || r.energyType === body.energyType) &&
        (body.rateType === undefined || r.rateType === body.rateType) &&
        (body.status === undefined || r.status === body.status) &&
        (keyword === '' || r.name.toLowerCase().includes(keyword)),
    );
  const from = body.page.index * body.page.limit;
  return { total: list.length, list: list.slice(from, from + body.page.limit) } as CostData<'rates'>;
}

type RateFields = CostBody<'createRate'>;

function versionRows(fields: RateFields): VersionInsert[] {
  return fields.versions.map((v) => ({
    effective_from: v.effectiveFrom,
    effective_to: v.effectiveTo,
    price: ['flat', 'capacity', 'demand'].includes(fields.rateType) ? v.price : null,
    pf_standard: fields.rateType === 'powerFactor' ? v.pfStandard : null,
    prices:
      fields.rateType === 'tou'
        ? (v.bandPrices ?? []).map((b, i) => ({
            position: i,
            band: b.band,
            up_to: null,
            months: null,
            name: '',
            price: b.price,
          }))
        : fields.rateType === 'tiered'
          ? (v.tiers ?? []).map((t, i) => ({
              position: i,
              band: null,
              up_to: t.upTo,
              months: null,
              name: '',
              price: t.price,
            }))
          : fields.rateType === 'seasonal'
            ? (v.seasons ?? []).map((s, i) => ({
                position: i,
                band: null,
                up_to: null,
                months: [...s.months].sort((a, b) => a - b).join(','),
                name: s.name,
                price: s.price,
              }))
            : [],
  }));
}

async function checkRate(call: EnergyCall, fields: RateFields, exceptId = 0): Promise<void> {
  if (!energyTypeOf(fields.energyType))
    throw ApiError.rule(COST_MESSAGES.energyTypeUnknown('energyType', fields.energyType));
  if (await nameTaken(call.ctx.services.db, 'cost_rates', call.project.id, fields.name, exceptId))
    throw ApiError.rule(COST_MESSAGES.rateNameRepeats);
  if (fields.touSchemeId !== null && !(await touNamesOf(call)).has(fields.touSchemeId))
    throw ApiError.rule(COST_MESSAGES.touSchemeUnknown(fields.touSchemeId));
}

async function oneRate(call: EnergyCall, id: number): Promise<Rate> {
  const all = await loadRates(call.ctx.services, call.project.id, [id]);
  const rate = all.get(id);
  if (!rate) throw ApiError.rule(COST_MESSAGES.rateUnknown('id', id));
  return rateOut(call, rate, (await usesOf(call)).get(id) ?? [], await touNamesOf(call));
}

export async function createRate(ctx: RequestContext, body: RateFields): Promise<Rate> {
  const call = await energyCall(ctx);
  await checkRate(call, body);
  const now = ctx.services.clock();
  const id = await inTransaction(ctx.services.db, (trx) =>
    insertRate(
      trx,
      {
        project_id: call.project.id,
        name: body.name,
        energy_type: body.energyType,
        rate_type: body.rateType,
        tou_scheme_id: body.touSchemeId,
        remark: body.remark,
        created_at: now,
        updated_at: now,
      },
      versionRows(body),
    ),
  );
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.rateScheme', { name: body.name }),
    projectId: call.project.id,
  });
  return oneRate(call, id);
}

export async function updateRate(ctx: RequestContext, body: CostBody<'updateRate'>): Promise<Rate> {
  const call = await energyCall(ctx);
  const existing = (await loadRates(ctx.services, call.project.id, [body.id])).get(body.id);
  if (!existing) throw ApiError.rule(COST_MESSAGES.rateUnknown('id', body.id));
  await checkRate(call, body, body.id);
  const uses = (await usesOf(call)).get(body.id) ?? [];
  if (uses.length > 0 && (existing.rateType !== body.rateType || existing.energyType !== body.energyType))
    throw ApiError.rule(COST_MESSAGES.rateTypeFixed(uses.map((u) => u.name).join(', ')));
  await inTransaction(ctx.services.db, (trx) =>
    updateRateRow(
      trx,
      call.project.id,
      body.id,
      {
        name: body.name,
        energy_type: body.energyType,
        rate_type: body.rateType,
        tou_scheme_id: body.touSchemeId,
        remark: body.remark,
        updated_at: ctx.services.clock(),
      },
      versionRows(body),
    ),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.rateScheme', { name: body.name }),
    projectId: call.project.id,
  });
  return oneRate(call, body.id);
}

export async function deleteRate(ctx: RequestContext, id: number): Promise<null> {
  const call = await energyCall(ctx);
  const existing = (await loadRates(ctx.services, call.project.id, [id])).get(id);
  if (!existing) throw ApiError.rule(COST_MESSAGES.rateUnknown('id', id));
  const uses = (await usesOf(call)).get(id) ?? [];
  if (uses.length > 0) throw ApiError.rule(COST_MESSAGES.rateInUse(uses.map((u) => u.name).join(', ')));
  await inTransaction(ctx.services.db, (trx) => deleteRateRow(trx, call.project.id, id));
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.rateScheme', { name: existing.name }),
    projectId: call.project.id,
  });
  return null;
}

// ------------------------------------------------------------------ accounting schemes

function schemeOut(
  call: EnergyCall,
  s: SchemeDef,
  calculated: { month: string; at: number } | undefined,
  shareNames: ReadonlyMap<number, string>,
): AccountingScheme {
  const day = today(call);
  return {
    id: s.id,
    name: s.name,
    objects: s.objects.map((o) => ({ node: call.model.info(o.nodeId), basicQuantity: o.basicQuantity })),
    rates: s.rates.map((r) => ({
      energyType: r.energyType,
      energyTypeName: energyTypeName(r.energyType, call.ctx.language),
      rate: { id: r.rate.id, name: r.rate.name, rateType: r.rate.rateType, status: statusOf(r.rate, day) },
      basicRate: r.basic ? { id: r.basic.id, name: r.basic.name, rateType: r.basic.rateType } : null,
      pfRate: r.pf ? { id: r.pf.id, name: r.pf.name, rateType: r.pf.rateType } : null,
    })),
    feeItems: s.feeItems,
    otherFees: s.otherFees,
    shareScheme:
      s.shareSchemeId === null ? null : { id: s.shareSchemeId, name: shareNames.get(s.shareSchemeId) ?? '' },
    cycle: s.cycle,
    remark: s.remark,
    lastMonth: calculated?.month ?? null,
    calculatedAt: calculated?.at ?? null,
    updatedAt: s.updatedAt,
  };
}

async function schemesOut(call: EnergyCall, ids?: readonly number[]): Promise<AccountingScheme[]> {
  const services = call.ctx.services;
  const rates = await loadRates(services, call.project.id);
  const schemes = await loadSchemes(services, call.project.id, rates, ids);
  const calcs = await calculationsOf(
    services.db,
    call.project.id,
    schemes.map((s) => s.id),
  );
  const last = new Map<number, { month: string; at: number }>();
  for (const c of calcs) last.set(Number(c.scheme_id), { month: c.month, at: Number(c.calculated_at) });
  const shareNames = new Map<number, string>();
  for (const type of ['share', 'public'])
    for (const r of await shareSchemesOf(services.db, call.project.id, type))
      shareNames.set(Number(r.id), r.name);
  return schemes.map((s) => schemeOut(call, s, last.get(s.id), shareNames));
}

export async function schemes(ctx: RequestContext, body: CostBody<'schemes'>): Promise<CostData<'schemes'>> {
  const call = await energyCall(ctx);
  const keyword = body.keyword.toLowerCase();
  const list = (await schemesOut(call)).filter(
    (s) => keyword === '' || s.name.toLowerCase().includes(keyword),
  );
  const from = body.page.index * body.page.limit;
  return { total: list.length, list: list.slice(from, from + body.page.limit) } as CostData<'schemes'>;
}

type SchemeFields = CostBody<'createScheme'>;
type ObjectFields = SchemeFields['objects'];

/** The objects as rows: each a node of the project the user may read, listed once, in no other scheme. */
async function objectRows(call: EnergyCall, objects: ObjectFields, schemeId: number) {
  const ids = objects.map((o) => nodeOf(call, o.node, 'objects'));
  if (new Set(ids).size !== ids.length) throw ApiError.rule(COST_MESSAGES.objectRepeats);
  const taken = await objectsOf(call.ctx.services.db, call.project.id);
  const takenBy = new Map(
    taken
      .filter((t) => Number(t.scheme_id) !== schemeId)
      .map((t) => [Number(t.node_id), Number(t.scheme_id)]),
  );
  const others = new Map(
    (await loadSchemes(call.ctx.services, call.project.id, new Map())).map((s) => [s.id, s.name]),
  );
  for (const id of ids) {
    const other = takenBy.get(id);
    if (other !== undefined)
      throw ApiError.rule(
        COST_MESSAGES.objectTaken(call.model.info(id).name, others.get(other) ?? String(other)),
      );
  }
  return objects.map((o, i) => ({
    node_id: ids[i] as number,
    model_label: o.node.modelLabel,
    basic_quantity: o.basicQuantity,
  }));
}

async function rateRows(call: EnergyCall, fields: SchemeFields) {
  const all = await loadRates(call.ctx.services, call.project.id);
  const types = new Set<number>();
  const check = (field: string, id: number | null, energyType: number, allowed: readonly string[]) => {
    if (id === null) return;
    const rate = all.get(id);
    if (!rate) throw ApiError.rule(COST_MESSAGES.rateUnknown(field, id));
    if (!allowed.includes(rate.rateType))
      throw ApiError.rule(COST_MESSAGES.rateWrongType(field, rate.name, allowed));
    if (rate.energyType !== energyType) throw ApiError.rule(COST_MESSAGES.rateWrongEnergy(field, rate.name));
  };
  for (const r of fields.rates) {
    if (types.has(r.energyType)) throw ApiError.rule(COST_MESSAGES.energyTypeRepeats);
    types.add(r.energyType);
    check('rates.rateId', r.rateId, r.energyType, VOLUME_RATE_TYPES);
    check('rates.basicRateId', r.basicRateId, r.energyType, BASIC_RATE_TYPES);
    check('rates.pfRateId', r.pfRateId, r.energyType, ['powerFactor']);
  }
  return fields.rates.map((r) => ({
    energy_type: r.energyType,
    rate_id: r.rateId,
    basic_rate_id: r.basicRateId,
    pf_rate_id: r.pfRateId,
  }));
}

/** The apportionment scheme: a share or public-area scheme of this project (with a source node). */
async function checkShareScheme(call: EnergyCall, id: number | null): Promise<void> {
  if (id === null) return;
  const scheme = await shareSchemeById(call.ctx.services.db, call.project.id, id);
  if (!scheme || scheme.source_node_id === null || !['share', 'public'].includes(scheme.type))
    throw ApiError.rule(COST_MESSAGES.shareSchemeUnknown(id));
}

function schemeRow(fields: SchemeFields, now: number) {
  return {
    name: fields.name,
    fee_items: [...new Set(fields.feeItems)].join(','),
    other_fees: JSON_COLUMNS.costOtherFees.write(fields.otherFees),
    share_scheme_id: fields.shareSchemeId,
    cycle: fields.cycle,
    remark: fields.remark,
    updated_at: now,
  };
}

async function oneScheme(call: EnergyCall, id: number): Promise<AccountingScheme> {
  const [scheme] = await schemesOut(call, [id]);
  if (!scheme) throw ApiError.rule(COST_MESSAGES.accountingUnknown(id));
  return scheme;
}

async function existingScheme(call: EnergyCall, id: number): Promise<SchemeDef> {
  const [scheme] = await loadSchemes(call.ctx.services, call.project.id, new Map(), [id]);
  if (!scheme) throw ApiError.rule(COST_MESSAGES.accountingUnknown(id).replace('schemeId', 'id'));
  return scheme;
}

export async function createScheme(ctx: RequestContext, body: SchemeFields): Promise<AccountingScheme> {
  const call = await energyCall(ctx);
  const db = ctx.services.db;
  if (await nameTaken(db, 'cost_schemes', call.project.id, body.name))
    throw ApiError.rule(COST_MESSAGES.accountingNameRepeats);
  const rates = await rateRows(call, body);
  await checkShareScheme(call, body.shareSchemeId);
  const objects = await objectRows(call, body.objects, 0);
  const now = ctx.services.clock();
  const id = await inTransaction(db, (trx) =>
    insertScheme(trx, call.project.id, { ...schemeRow(body, now), created_at: now }, rates, objects),
  );
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.accountingScheme', { name: body.name }),
    projectId: call.project.id,
  });
  return oneScheme(call, id);
}

export async function updateScheme(
  ctx: RequestContext,
  body: CostBody<'updateScheme'>,
): Promise<AccountingScheme> {
  const call = await energyCall(ctx);
  const db = ctx.services.db;
  await existingScheme(call, body.id);
  if (await nameTaken(db, 'cost_schemes', call.project.id, body.name, body.id))
    throw ApiError.rule(COST_MESSAGES.accountingNameRepeats);
  const rates = await rateRows(call, body);
  await checkShareScheme(call, body.shareSchemeId);
  const objects = await objectRows(call, body.objects, body.id);
  await inTransaction(db, (trx) =>
    updateSchemeRows(trx, call.project.id, body.id, schemeRow(body, ctx.services.clock()), rates, objects),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.accountingScheme', { name: body.name }),
    projectId: call.project.id,
  });
  return oneScheme(call, body.id);
}

export async function bindNodes(ctx: RequestContext, body: CostBody<'bindNodes'>): Promise<AccountingScheme> {
  const call = await energyCall(ctx);
  const scheme = await existingScheme(call, body.id);
  const objects = await objectRows(call, body.objects, body.id);
  await inTransaction(ctx.services.db, async (trx) => {
    await replaceObjects(trx, call.project.id, body.id, objects);
    await touchScheme(trx, call.project.id, body.id, ctx.services.clock());
  });
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.accountingScheme', { name: scheme.name }),
    description: text('oplog.accountingObjects', { count: objects.length }),
    projectId: call.project.id,
  });
  return oneScheme(call, body.id);
}

export async function deleteScheme(ctx: RequestContext, id: number): Promise<null> {
  const call = await energyCall(ctx);
  const scheme = await existingScheme(call, id);
  if (scheme.objects.length > 0) throw ApiError.rule(COST_MESSAGES.schemeLinked(scheme.objects.length));
  await inTransaction(ctx.services.db, (trx) => deleteSchemeRows(trx, call.project.id, id));
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.accountingScheme', { name: scheme.name }),
    projectId: call.project.id,
  });
  return null;
}
