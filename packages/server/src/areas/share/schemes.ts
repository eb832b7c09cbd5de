/**
 * Apportionment, public-area and loss-share schemes (/shareschemeconfig, /publicSchemeConfig,
 * /lossSchemeConfig) and their results. Rules are core's (checkSchemeVersions); nodes are
 * nodes of the project the user may see. A save that changes what is computed starts the
 * recomputation of the months it touches (recompute.ts) and answers with its task.
 */
import type { catalogue, EndpointData, EndpointParsedInput, EnergyNodeRef } from '@eem/contract';
import {
  addMonth,
  checkSchemeVersions,
  energyTypeOf,
  LOSS_SHARE_METHODS,
  type ResultType,
  type SchemeType,
  SHARE_LIMITS,
  SHARE_MESSAGES,
  SHARE_METHODS,
} from '@eem/core';
import { type RequestContext, requireUser } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { type EnergyCall, energyCall, mayRead } from '../energy/scope.js';
import { invalid, lossObjectOf, nodeIdOf } from '../loss/objects.js';
import { lossObjectsOf } from '../loss/repo/objects.js';
import { shareOf } from './compute.js';
import { firstMonth, recomputeKey, startRecompute } from './recompute.js';
import {
  deleteSchemeRows,
  resultsOf,
  type SchemeRow,
  schemeById,
  schemeCount,
  schemeNameTaken,
  schemesOf,
  type VersionRow,
  writeScheme,
} from './repo/schemes.js';

type Share = typeof catalogue.share;
type ShareBody<K extends keyof Share> = EndpointParsedInput<Share[K]>['body'];
type ShareData<K extends keyof Share> = EndpointData<Share[K]>;

/** Who may read schemes and results of a type (platform-core.md §route permission keys). */
const READ_KEYS: Record<ResultType, string | null> = {
  share: null,
  public: 'energyshareconfig_browser',
  loss: 'lossshareconfig_browser',
};

function requireRead(ctx: RequestContext, type: ResultType): void {
  const key = READ_KEYS[type];
  if (key !== null && !requireUser(ctx).permissions.has(key))
    throw ApiError.permission(`no permission for this operation (needs ${key})`);
}

function statusAt(v: VersionRow, now: number): 'inEffect' | 'notInEffect' | 'expired' {
  if (now < v.from) return 'notInEffect';
  if (v.to !== null && now >= v.to) return 'expired';
  return 'inEffect';
}

function versionsOut(call: EnergyCall, versions: readonly VersionRow[]) {
  const now = call.ctx.services.clock();
  return versions.map((v) => ({
    from: v.from,
    to: v.to,
    method: v.method,
    targets: v.targets.map((t) => ({ node: call.model.info(t.nodeId), ratio: t.ratio, weight: t.weight })),
    status: statusAt(v, now),
  }));
}

function typeName(ctx: RequestContext, type: number): string {
  const t = energyTypeOf(type);
  return t ? (ctx.language === 'zh' ? t.name : t.enName) : String(type);
}

function shareSchemeOut(call: EnergyCall, s: SchemeRow): ShareData<'saveScheme'>['scheme'] {
  return {
    id: Number(s.id),
    type: s.type as SchemeType,
    name: s.name,
    energyType: s.energy_type,
    energyTypeName: typeName(call.ctx, s.energy_type),
    unit: call.model.unit(s.energy_type).unit,
    source: call.model.info(Number(s.source_node_id)),
    versions: versionsOut(call, s.versions),
    remark: s.remark,
    createdAt: Number(s.created_at),
    updatedAt: Number(s.updated_at),
  };
}

async function lossSchemeOut(call: EnergyCall, s: SchemeRow): Promise<ShareData<'saveLossScheme'>['scheme']> {
  const objects = new Map(
    (await lossObjectsOf(call.ctx.services.db, call.project.id)).map((o) => [Number(o.id), o]),
  );
  const o = objects.get(Number(s.loss_object_id));
  return {
    id: Number(s.id),
    name: s.name,
    lossObject: { id: Number(s.loss_object_id), name: o?.name ?? String(s.loss_object_id) },
    energyType: s.energy_type,
    unit: call.model.unit(s.energy_type).unit,
    versions: versionsOut(call, s.versions),
    remark: s.remark,
    createdAt: Number(s.created_at),
    updatedAt: Number(s.updated_at),
  };
}

interface VersionInput {
  from: number;
  to: number | null;
  method: string;
  targets: readonly { node: EnergyNodeRef; ratio: number | null; weight: number | null }[];
}

function versionRows(call: EnergyCall, versions: readonly VersionInput[]): VersionRow[] {
  return versions.map((v, i) => ({
    from: v.from,
    to: v.to,
    method: v.method,
    targets: v.targets.map((t, j) => ({
      nodeId: nodeIdOf(call, t.node, `versions.${i}.targets.${j}.node`),
      ratio: v.method === 'fixedRatio' ? t.ratio : null,
      weight:
        v.method === 'fixedRatio' || v.method === 'metered' || v.method === 'consumption' ? null : t.weight,
    })),
  }));
}

/** The first instant whose results differ between two version lists (null: none). */
export function changedFrom(before: readonly VersionRow[], after: readonly VersionRow[]): number | null {
  const n = Math.max(before.length, after.length);
  for (let i = 0; i < n; i++) {
    const a = before[i];
    const b = after[i];
    if (JSON.stringify(a) !== JSON.stringify(b)) return Math.min(a?.from ?? Infinity, b?.from ?? Infinity);
  }
  return null;
}

async function existing(call: EnergyCall, id: number, type: ResultType): Promise<SchemeRow> {
  const s = await schemeById(call.ctx.services.db, call.project.id, id);
  if (!s || s.type !== type) throw ApiError.notFound(SHARE_MESSAGES.schemeUnknown(id));
  return s;
}

/** Saves a scheme and starts its recomputation when what it computes changed. */
async function save(
  call: EnergyCall,
  type: ResultType,
  id: number | undefined,
  fields: {
    name: string;
    energy_type: number;
    source_node_id: number | null;
    loss_object_id: number | null;
    remark: string;
  },
  versions: VersionRow[],
  sourceId: number | null,
) {
  const { ctx } = call;
  const { db, clock, nodeJobs } = ctx.services;
  const user = requireUser(ctx);
  const before = id === undefined ? null : await existing(call, id, type);
  const problem = checkSchemeVersions(
    sourceId,
    versions,
    type === 'loss' ? LOSS_SHARE_METHODS : SHARE_METHODS,
  );
  if (problem) throw invalid(problem);
  if (await schemeNameTaken(db, call.project.id, type, fields.name, id))
    throw invalid(SHARE_MESSAGES.nameRepeats);
  if (id === undefined && (await schemeCount(db, call.project.id, type)) >= SHARE_LIMITS.schemes)
    throw ApiError.rule(SHARE_MESSAGES.tooManySchemes);
  const sameBasis =
    before !== null &&
    before.energy_type === fields.energy_type &&
    before.source_node_id === fields.source_node_id &&
    before.loss_object_id === fields.loss_object_id;
  const from = sameBasis ? changedFrom(before.versions, versions) : Math.min(...versions.map((v) => v.from));
  // A recomputation of this scheme under way: the change waits for it (refused meanwhile).
  const key = id === undefined ? null : recomputeKey(id);
  if (key !== null && !(await nodeJobs.reserve(key))) throw ApiError.conflict(SHARE_MESSAGES.recomputing);
  let schemeId: number;
  try {
    schemeId = await inTransaction(db, (trx) =>
      writeScheme(trx, call.project.id, id, { type, ...fields }, versions, clock()),
    );
  } catch (error) {
    if (key !== null) nodeJobs.release(key);
    throw error;
  }
  const saved = (await schemeById(db, call.project.id, schemeId)) as SchemeRow;
  if (from === null) {
    if (key !== null) nodeJobs.release(key);
    return { saved, task: null };
  }
  const newKey = recomputeKey(schemeId);
  if (key === null && !(await nodeJobs.reserve(newKey))) return { saved, task: null };
  const task = await startRecompute(
    ctx.services,
    call.project,
    user.id,
    { id: schemeId, name: fields.name },
    firstMonth(from, clock(), call.project.timeZone),
    (error) => ctx.request.log.error({ err: error }, 'share recomputation failed'),
    ctx.language,
  );
  return { saved, task };
}

async function remove(call: EnergyCall, type: ResultType, ids: readonly number[]): Promise<null> {
  const unique = [...new Set(ids)];
  for (const id of unique) await existing(call, id, type);
  await inTransaction(call.ctx.services.db, (trx) => deleteSchemeRows(trx, call.project.id, unique));
  return null;
}

function paged<T>(rows: readonly T[], page: { index: number; limit: number }): T[] {
  return rows.slice(page.index * page.limit, (page.index + 1) * page.limit);
}

// ------------------------------------------------------------------ share and public

export async function schemes(
  ctx: RequestContext,
  body: ShareBody<'schemes'>,
): Promise<ShareData<'schemes'>> {
  requireRead(ctx, body.type);
  const call = await energyCall(ctx);
  const keyword = body.keyword.toLowerCase();
  const rows = (await schemesOf(ctx.services.db, call.project.id, body.type)).filter(
    (s) =>
      mayRead(call, Number(s.source_node_id)) &&
      (body.energyType === undefined || s.energy_type === body.energyType) &&
      (keyword === '' || s.name.toLowerCase().includes(keyword)),
  );
  return { total: rows.length, list: paged(rows, body.page).map((s) => shareSchemeOut(call, s)) };
}

export async function saveScheme(
  ctx: RequestContext,
  body: ShareBody<'saveScheme'>,
): Promise<ShareData<'saveScheme'>> {
  const call = await energyCall(ctx);
  const sourceId = nodeIdOf(call, body.source, 'source');
  const { saved, task } = await save(
    call,
    body.type,
    body.id,
    {
      name: body.name,
      energy_type: body.energyType,
      source_node_id: sourceId,
      loss_object_id: null,
      remark: body.remark,
    },
    versionRows(call, body.versions),
    sourceId,
  );
  return { scheme: shareSchemeOut(call, saved), task };
}

export async function deleteSchemes(ctx: RequestContext, body: ShareBody<'deleteSchemes'>): Promise<null> {
  return remove(await energyCall(ctx), body.type, body.ids);
}

// ------------------------------------------------------------------ loss share

export async function lossSchemes(
  ctx: RequestContext,
  body: ShareBody<'lossSchemes'>,
): Promise<ShareData<'lossSchemes'>> {
  const call = await energyCall(ctx);
  if (body.lossObjectId !== undefined) await lossObjectOf(call, body.lossObjectId);
  const keyword = body.keyword.toLowerCase();
  const rows = (await schemesOf(ctx.services.db, call.project.id, 'loss')).filter(
    (s) =>
      (body.lossObjectId === undefined || Number(s.loss_object_id) === body.lossObjectId) &&
      (keyword === '' || s.name.toLowerCase().includes(keyword)),
  );
  const list = [];
  for (const s of paged(rows, body.page)) list.push(await lossSchemeOut(call, s));
  return { total: rows.length, list };
}

export async function saveLossScheme(
  ctx: RequestContext,
  body: ShareBody<'saveLossScheme'>,
): Promise<ShareData<'saveLossScheme'>> {
  const call = await energyCall(ctx);
  const o = await lossObjectOf(call, body.lossObjectId);
  const { saved, task } = await save(
    call,
    'loss',
    body.id,
    {
      name: body.name,
      energy_type: o.energy_type,
      source_node_id: null,
      loss_object_id: Number(o.id),
      remark: body.remark,
    },
    versionRows(call, body.versions),
    Number(o.supply_node_id),
  );
  return { scheme: await lossSchemeOut(call, saved), task };
}

export async function deleteLossSchemes(
  ctx: RequestContext,
  body: ShareBody<'deleteLossSchemes'>,
): Promise<null> {
  return remove(await energyCall(ctx), 'loss', body.ids);
}

// ------------------------------------------------------------------ results

export async function results(
  ctx: RequestContext,
  body: ShareBody<'results'>,
): Promise<ShareData<'results'>> {
  requireRead(ctx, body.type);
  const call = await energyCall(ctx);
  const { db } = ctx.services;
  let list = await schemesOf(db, call.project.id, body.type);
  if (body.schemeId !== undefined) {
    const one = await existing(call, body.schemeId, body.type);
    list = [one];
  }
  if (body.lossObjectId !== undefined) {
    await lossObjectOf(call, body.lossObjectId);
    list = list.filter((s) => Number(s.loss_object_id) === body.lossObjectId);
  }
  const objects = new Map((await lossObjectsOf(db, call.project.id)).map((o) => [Number(o.id), o]));
  list = list.filter((s) =>
    s.type === 'loss'
      ? mayRead(call, Number(objects.get(Number(s.loss_object_id))?.supply_node_id ?? -1))
      : mayRead(call, Number(s.source_node_id)),
  );
  const stored = await resultsOf(
    db,
    call.project.id,
    list.map((s) => Number(s.id)),
    body.startMonth,
    body.endMonth,
  );
  const months: string[] = [];
  for (let m = body.startMonth; m <= body.endMonth && months.length < SHARE_LIMITS.months; m = addMonth(m, 1))
    months.push(m);
  return {
    timeZone: call.project.timeZone,
    months,
    results: list.map((s) => {
      const o = s.loss_object_id === null ? undefined : objects.get(Number(s.loss_object_id));
      return {
        scheme: { id: Number(s.id), name: s.name, type: s.type as ResultType },
        energyType: s.energy_type,
        unit: call.model.unit(s.energy_type).unit,
        source: s.source_node_id === null ? null : call.model.info(Number(s.source_node_id)),
        lossObject: s.loss_object_id === null ? null : { id: Number(s.loss_object_id), name: o?.name ?? '' },
        months: stored
          .filter((r) => r.schemeId === Number(s.id))
          .map((r) => ({
            month: r.month,
            start: r.start,
            end: r.end,
            sourceAmount: r.sourceAmount,
            total: r.total,
            parts: r.parts,
            lines: r.lines.map((l) => ({
              node: call.model.info(l.nodeId),
              amount: l.amount,
              share: shareOf(l.amount, r.total),
            })),
            computedAt: r.computedAt,
          })),
      };
    }),
  };
}
