/**
 * Basic-charge billing schemes (/billingscheme): name ≤ 20 unique in the project, versions in
 * month order (only the last may have a blank end; ranges do not overlap; end after start),
 * each with at least one billing method; bound inlets. Delete refused while inlets are bound.
 */
import type { BillingScheme, catalogue, EndpointParsedInput, Project } from '@eem/contract';
import { type BillingMethod, DEMAND_MESSAGES, monthOf, text } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { type Db, inTransaction } from '../../db/database.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { schemesOf as touSchemesOf } from '../metering/repo/tou.js';
import { type DemandBody, type DemandData, inletRefOf, inletsNamed } from './inlets.js';
import { inletsOf } from './repo/inlets.js';
import {
  bindInlets,
  deleteScheme,
  insertScheme,
  replaceVersions,
  schemeById,
  schemesOf,
  updateScheme,
  versionsOf,
} from './repo/schemes.js';

type SchemeFields = DemandBody<'createBillingScheme'>;
type VersionFields = SchemeFields['versions'][number];

/** The version rules, with the spec's messages: ordered, only the last open, no overlap, end after start. */
export function checkVersions(versions: readonly VersionFields[]): string | null {
  for (let i = 0; i < versions.length; i++) {
    const v = versions[i] as VersionFields;
    if (v.to !== null && v.to < v.from) return DEMAND_MESSAGES.endAfterStart;
    const next = versions[i + 1];
    if (!next) continue;
    if (v.to === null) return DEMAND_MESSAGES.blankExpiry;
    if (next.from <= v.to || next.from < v.from) return DEMAND_MESSAGES.versionsOverlap;
  }
  return null;
}

function statusOf(from: string, to: string | null, month: string): 'inEffect' | 'notInEffect' | 'expired' {
  if (month < from) return 'notInEffect';
  if (to !== null && month > to) return 'expired';
  return 'inEffect';
}

export interface SchemeVersion {
  from: string;
  to: string | null;
  methods: BillingMethod[];
  capacityPrice: number;
  demandPrice: number;
  penaltyThresholdPct: number;
  penaltyMultiplier: number;
  energyPrices: { sharp: number; peak: number; flat: number; valley: number };
}

type VersionRow = Awaited<ReturnType<typeof versionsOf>>[number];

export function versionOf(row: VersionRow): SchemeVersion {
  return {
    from: row.month_from,
    to: row.month_to,
    methods: JSON_COLUMNS.billingMethods.read(row.methods, row.id),
    capacityPrice: row.capacity_price,
    demandPrice: row.demand_price,
    penaltyThresholdPct: row.penalty_threshold_pct,
    penaltyMultiplier: row.penalty_multiplier,
    energyPrices: {
      sharp: row.price_sharp,
      peak: row.price_peak,
      flat: row.price_flat,
      valley: row.price_valley,
    },
  };
}

/** The version of a scheme in effect in a month (undefined: none). */
export async function versionFor(
  db: Db,
  projectId: number,
  schemeId: number,
  month: string,
): Promise<SchemeVersion | undefined> {
  const rows = await versionsOf(db, projectId, [schemeId]);
  const row = rows.find((r) => r.month_from <= month && (r.month_to === null || r.month_to >= month));
  return row ? versionOf(row) : undefined;
}

async function wireSchemes(db: Db, project: Project, now: number): Promise<BillingScheme[]> {
  const schemes = await schemesOf(db, project.id);
  const versions = await versionsOf(db, project.id);
  const inlets = await inletsOf(db, project.id);
  const tou = new Map((await touSchemesOf(db, project.id)).map((s) => [s.id, s.name]));
  const month = monthOf(now, project.timeZone);
  return schemes.map((s) => ({
    id: s.id,
    name: s.name,
    pfStandard: s.pf_standard,
    touScheme:
      s.tou_scheme_id === null ? null : { id: s.tou_scheme_id, name: tou.get(s.tou_scheme_id) ?? '' },
    versions: versions
      .filter((v) => v.scheme_id === s.id)
      .map((v) => ({ ...versionOf(v), status: statusOf(v.month_from, v.month_to, month) })),
    inlets: inlets.filter((i) => i.billing_scheme_id === s.id).map(inletRefOf),
    createdAt: Number(s.created_at),
    updatedAt: Number(s.updated_at),
  }));
}

export async function billingSchemes(
  ctx: RequestContext,
  body: DemandBody<'billingSchemes'>,
): Promise<DemandData<'billingSchemes'>> {
  const project = await currentProject(ctx);
  const keyword = body.keyword.toLowerCase();
  return (await wireSchemes(ctx.services.db, project, ctx.services.clock())).filter(
    (s) => keyword === '' || s.name.toLowerCase().includes(keyword),
  );
}

async function checkScheme(
  ctx: RequestContext,
  project: Project,
  body: SchemeFields,
  id?: number,
): Promise<void> {
  const { db } = ctx.services;
  if (await nameTaken(db, 'billing_schemes', project.id, body.name, id))
    throw ApiError.conflict(DEMAND_MESSAGES.schemeNameRepeats);
  const problem = checkVersions(body.versions);
  if (problem) throw ApiError.rule(problem);
  if (body.touSchemeId !== null) {
    const tou = (await touSchemesOf(db, project.id)).find((s) => s.id === body.touSchemeId);
    if (!tou) throw ApiError.rule(DEMAND_MESSAGES.touSchemeUnknown(body.touSchemeId));
  }
  await inletsNamed(ctx, project, body.inletIds);
}

async function writeScheme(db: Db, project: Project, schemeId: number, body: SchemeFields, now: number) {
  await replaceVersions(
    db,
    schemeId,
    body.versions.map((v) => ({
      project_id: project.id,
      scheme_id: schemeId,
      month_from: v.from,
      month_to: v.to,
      methods: JSON_COLUMNS.billingMethods.write([...new Set(v.methods)]),
      capacity_price: v.capacityPrice,
      demand_price: v.demandPrice,
      penalty_threshold_pct: v.penaltyThresholdPct,
      penalty_multiplier: v.penaltyMultiplier,
      price_sharp: v.energyPrices.sharp,
      price_peak: v.energyPrices.peak,
      price_flat: v.energyPrices.flat,
      price_valley: v.energyPrices.valley,
    })),
  );
  // Bound inlets: these, and no others (an inlet bound elsewhere moves here).
  await bindInlets(db, project.id, schemeId, body.inletIds, now);
}

async function answer(ctx: RequestContext, project: Project, id: number): Promise<BillingScheme> {
  const all = await wireSchemes(ctx.services.db, project, ctx.services.clock());
  return all.find((s) => s.id === id) as BillingScheme;
}

export async function createBillingScheme(ctx: RequestContext, body: SchemeFields): Promise<BillingScheme> {
  const project = await currentProject(ctx);
  await checkScheme(ctx, project, body);
  const now = ctx.services.clock();
  const id = await inTransaction(ctx.services.db, async (trx) => {
    const schemeId = await insertScheme(trx, {
      project_id: project.id,
      name: body.name,
      pf_standard: body.pfStandard,
      tou_scheme_id: body.touSchemeId,
      created_at: now,
      updated_at: now,
    });
    await writeScheme(trx, project, schemeId, body, now);
    return schemeId;
  });
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.billingScheme', { name: body.name }),
    projectId: project.id,
  });
  return answer(ctx, project, id);
}

export async function updateBillingScheme(
  ctx: RequestContext,
  body: EndpointParsedInput<typeof catalogue.demand.updateBillingScheme>['body'],
): Promise<BillingScheme> {
  const project = await currentProject(ctx);
  const { db, clock } = ctx.services;
  if (!(await schemeById(db, project.id, body.id)))
    throw ApiError.notFound(DEMAND_MESSAGES.schemeUnknown(body.id));
  await checkScheme(ctx, project, body, body.id);
  const now = clock();
  await inTransaction(db, async (trx) => {
    await updateScheme(trx, project.id, body.id, {
      name: body.name,
      pf_standard: body.pfStandard,
      tou_scheme_id: body.touSchemeId,
      updated_at: now,
    });
    await writeScheme(trx, project, body.id, body, now);
  });
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.billingScheme', { name: body.name }),
    projectId: project.id,
  });
  return answer(ctx, project, body.id);
}

export async function deleteBillingScheme(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const scheme = await schemeById(db, project.id, id);
  if (!scheme) throw ApiError.notFound(DEMAND_MESSAGES.schemeUnknown(id));
  const bound = (await inletsOf(db, project.id)).filter((i) => i.billing_scheme_id === id);
  if (bound.length > 0)
    throw ApiError.conflict(DEMAND_MESSAGES.schemeInUse(bound.map((i) => i.name).join(', ')));
  await inTransaction(db, (trx) => deleteScheme(trx, project.id, id));
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.billingScheme', { name: scheme.name }),
    projectId: project.id,
  });
  return null;
}
