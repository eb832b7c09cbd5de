/**
 * Time-of-use schemes (/timesharingconfig): list, create, replace, delete, bind nodes and the
 * re-split they start. A change that alters the bands of bound meters reserves the project's
 * re-split key first (refused while a re-split runs), writes, then re-splits the meters whose
 * bands changed from the earliest day that changed.
 */
import type { catalogue, EndpointData, EndpointParsedInput, Project, Task, TouScheme } from '@eem/contract';
import {
  checkTouVersions,
  ENERGY_MESSAGES,
  nextDayStart,
  startOf,
  TOU_LIMITS,
  text,
  touVersionStatus,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { EnergyModel, PROJECT_NODE } from '../energy/model.js';
import { recordOperation } from '../logs/record-operation.js';
import { visibleNodes } from '../nodes/tree-access.js';
import {
  bindingsOf,
  deleteUnboundScheme,
  insertScheme,
  replaceScheme,
  schemeById,
  schemesOf,
  setBindings,
  type TouVersionRow,
  type VersionValues,
  versionsOf,
} from './repo/tou.js';
import { changedPoints, electricCounters, resplitKey, startResplit } from './resplit.js';
import { projectTouPlans } from './tou-plan.js';

type Metering = typeof catalogue.metering;
type Body<K extends keyof Metering> = EndpointParsedInput<Metering[K]>['body'];
type Data<K extends keyof Metering> = EndpointData<Metering[K]>;

/** The schemes of a project as answers show them. */
async function schemeList(ctx: RequestContext, project: Project, only?: number): Promise<TouScheme[]> {
  const { db } = ctx.services;
  const [schemes, versions, bindings, model] = await Promise.all([
    schemesOf(db, project.id),
    versionsOf(db, project.id),
    bindingsOf(db, project.id),
    EnergyModel.load(db, project),
  ]);
  const now = ctx.services.clock();
  return schemes
    .filter((s) => only === undefined || s.id === only)
    .map((s) => ({
      id: s.id,
      name: s.name,
      updatedAt: s.updated_at,
      versions: versions
        .filter((v) => v.scheme_id === s.id)
        .map((v) => ({
          id: v.id,
          effectiveFrom: v.effective_from,
          effectiveTo: v.effective_to,
          status: touVersionStatus(
            {
              effectiveFrom: v.effective_from,
              toEnd: v.effective_to === null ? null : nextDayStart(v.effective_to, project.timeZone),
            },
            now,
          ),
          ...v.definition,
        })),
      nodes: [...bindings]
        .filter(([, scheme]) => scheme === s.id)
        .map(([node]) => node)
        .filter((node) => node === PROJECT_NODE || model.node(node))
        .map((node) => model.info(node)),
    }));
}

export async function schemes(ctx: RequestContext): Promise<Data<'schemes'>> {
  return schemeList(ctx, await currentProject(ctx));
}

/** The versions of a body with their days normalised to local day starts, checked together. */
function versionValues(project: Project, versions: Body<'createScheme'>['versions']): VersionValues[] {
  const values = versions.map((v) => ({
    id: v.id,
    effective_from: startOf(v.effectiveFrom, 'day', project.timeZone),
    effective_to: v.effectiveTo === null ? null : startOf(v.effectiveTo, 'day', project.timeZone),
    definition: { seasons: v.seasons, holidays: v.holidays, workdays: v.workdays },
  }));
  const problem = checkTouVersions(
    values.map((v) => ({ effectiveFrom: v.effective_from, effectiveTo: v.effective_to })),
  );
  if (problem) throw ApiError.at('body.versions', problem);
  return values;
}

async function reserve(ctx: RequestContext, project: Project): Promise<void> {
  if (!(await ctx.services.nodeJobs.reserve(resplitKey(project.id))))
    throw ApiError.conflict(ENERGY_MESSAGES.resplitRunning);
}

/** After a change: a re-split of the meters whose bands changed (the key is released when none). */
async function resplitAfter(
  ctx: RequestContext,
  project: Project,
  before: Awaited<ReturnType<typeof projectTouPlans>> | null,
  schemeId: number | null,
  since: number | null,
  what: string,
): Promise<Task | null> {
  const after = await projectTouPlans(ctx.services.db, project);
  const counters = await electricCounters(ctx, project);
  const points = changedPoints(counters, before, after, schemeId);
  if (points.length === 0) {
    ctx.services.nodeJobs.release(resplitKey(project.id));
    return null;
  }
  return startResplit(ctx, project, requireUser(ctx).id, points, since, what);
}

function earliest(
  rows: readonly Pick<TouVersionRow, 'effective_from'>[],
  values: readonly VersionValues[],
): number | null {
  const all = [...rows.map((r) => r.effective_from), ...values.map((v) => v.effective_from)];
  return all.length > 0 ? Math.min(...all) : null;
}

export async function createScheme(
  ctx: RequestContext,
  body: Body<'createScheme'>,
): Promise<Data<'createScheme'>> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  if ((await schemesOf(db, project.id)).length >= TOU_LIMITS.schemes)
    throw ApiError.validation(`a project has at most ${TOU_LIMITS.schemes} time-of-use schemes`);
  if (await nameTaken(db, 'tou_schemes', project.id, body.name))
    throw ApiError.conflict(ENERGY_MESSAGES.schemeNameTaken);
  const values = versionValues(project, body.versions);
  const id = await insertScheme(db, project.id, body.name, values, ctx.services.clock());
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.touScheme', { name: body.name }),
    projectId: project.id,
  });
  const [scheme] = await schemeList(ctx, project, id);
  return { scheme: scheme as TouScheme, task: null };
}

export async function updateScheme(
  ctx: RequestContext,
  body: Body<'updateScheme'>,
): Promise<Data<'updateScheme'>> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const existing = await schemeById(db, project.id, body.id);
  if (!existing) throw ApiError.notFound(`time-of-use scheme ${body.id} does not exist in this project`);
  if (await nameTaken(db, 'tou_schemes', project.id, body.name, body.id))
    throw ApiError.conflict(ENERGY_MESSAGES.schemeNameTaken);
  const values = versionValues(project, body.versions);
  const old = await versionsOf(db, project.id, body.id);
  const known = new Set(old.map((v) => v.id));
  for (const v of values) if (v.id !== undefined && !known.has(v.id)) v.id = undefined;
  await reserve(ctx, project);
  let task: Task | null;
  try {
    await replaceScheme(db, project.id, body.id, body.name, values, ctx.services.clock());
    task = await resplitAfter(ctx, project, null, body.id, earliest(old, values), `scheme ${body.name}`);
  } catch (error) {
    ctx.services.nodeJobs.release(resplitKey(project.id));
    throw error;
  }
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.touScheme', { name: body.name }),
    projectId: project.id,
  });
  const [scheme] = await schemeList(ctx, project, body.id);
  return { scheme: scheme as TouScheme, task };
}

export async function deleteScheme(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const scheme = await schemeById(db, project.id, id);
  if (!scheme) throw ApiError.notFound(`time-of-use scheme ${id} does not exist in this project`);
  const bound = [...(await bindingsOf(db, project.id)).values()].filter((s) => s === id).length;
  if (bound > 0 || !(await deleteUnboundScheme(db, project.id, id)))
    throw ApiError.conflict(ENERGY_MESSAGES.schemeInUse(bound || 1));
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.touScheme', { name: scheme.name }),
    projectId: project.id,
  });
  return null;
}

export async function bindScheme(ctx: RequestContext, body: Body<'bindScheme'>): Promise<Data<'bindScheme'>> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const scheme = await schemeById(db, project.id, body.schemeId);
  if (!scheme) throw ApiError.notFound(`time-of-use scheme ${body.schemeId} does not exist in this project`);
  const model = await EnergyModel.load(db, project);
  const visible = visibleNodes(
    user,
    project,
    [...model.nodes.values()]
      .filter((n) => n.id !== PROJECT_NODE)
      .map((n) => ({ id: n.id, parent_id: n.parentId, model_label: n.modelLabel })),
  );
  const ids: number[] = [];
  for (const ref of body.nodes) {
    if (ref.modelLabel === 'project') {
      if (ref.id !== project.id)
        throw ApiError.at('body.nodes', `project ${ref.id} is not the current project`);
      ids.push(PROJECT_NODE);
      continue;
    }
    const node = model.node(ref.id);
    if (!node || ref.id === PROJECT_NODE) throw ApiError.rule(ENERGY_MESSAGES.unknownNode(ref.id));
    if (visible !== null && !visible.has(ref.id))
      throw ApiError.permission(ENERGY_MESSAGES.hiddenNode(node.name));
    ids.push(ref.id);
  }
  await reserve(ctx, project);
  let task: Task | null;
  try {
    const before = await projectTouPlans(db, project);
    await setBindings(db, project.id, body.schemeId, [...new Set(ids)]);
    task = await resplitAfter(ctx, project, before, null, null, `nodes of scheme ${scheme.name}`);
  } catch (error) {
    ctx.services.nodeJobs.release(resplitKey(project.id));
    throw error;
  }
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.touScheme', { name: scheme.name }),
    description: text('oplog.boundNodes', { count: ids.length }),
    projectId: project.id,
  });
  const [answer] = await schemeList(ctx, project, body.schemeId);
  return { scheme: answer as TouScheme, task };
}

export async function resplit(ctx: RequestContext, body: Body<'resplit'>): Promise<Data<'resplit'>> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  if (body.schemeId !== undefined && !(await schemeById(db, project.id, body.schemeId)))
    throw ApiError.notFound(`time-of-use scheme ${body.schemeId} does not exist in this project`);
  await reserve(ctx, project);
  try {
    const plans = await projectTouPlans(db, project);
    const counters = await electricCounters(ctx, project);
    const points = [...counters]
      .filter(([, meter]) => body.schemeId === undefined || plans.schemeOfNode(meter) === body.schemeId)
      .map(([point]) => point);
    return await startResplit(
      ctx,
      project,
      user.id,
      points,
      null,
      body.schemeId === undefined ? 'every meter' : `scheme ${body.schemeId}`,
    );
  } catch (error) {
    ctx.services.nodeJobs.release(resplitKey(project.id));
    throw error;
  }
}
