/** Display units, standard-coal factors and the accounting cycle of a project (/unitTransition, /cycleconfig). */
import type { catalogue, EndpointData, EndpointParsedInput, Project } from '@eem/contract';
import { ENERGY_TYPES, energyTypeName, energyTypeOf, nextPeriodStart, periodStart, text } from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { effectiveCoalFactors, unitOf } from '../energy/model.js';
import { recordOperation } from '../logs/record-operation.js';
import {
  coalFactorById,
  coalFactorRows,
  deleteCoalFactor as deleteRow,
  insertCoalFactor,
  updateCoalFactor as updateRow,
} from './repo/coal-factors.js';
import { energySettings, writeEnergySettings } from './repo/settings.js';

type Metering = typeof catalogue.metering;
type Body<K extends keyof Metering> = EndpointParsedInput<Metering[K]>['body'];
type Data<K extends keyof Metering> = EndpointData<Metering[K]>;

async function unitList(ctx: RequestContext, project: Project): Promise<Data<'units'>> {
  const { units } = await energySettings(ctx.services.db, project.id);
  return ENERGY_TYPES.map((t) => ({
    energyType: t.code,
    name: energyTypeName(t.code, ctx.language),
    baseUnit: t.baseUnit,
    ...unitOf(units, t),
    options: [...t.units],
  }));
}

export async function units(ctx: RequestContext): Promise<Data<'units'>> {
  return unitList(ctx, await currentProject(ctx));
}

export async function saveUnits(ctx: RequestContext, body: Body<'saveUnits'>): Promise<Data<'saveUnits'>> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const { units: stored } = await energySettings(db, project.id);
  const next = { ...stored };
  for (const item of body.items)
    next[String(item.energyType)] = { unit: item.unit, multiplier: item.multiplier };
  await writeEnergySettings(db, project.id, { units: next }, ctx.services.clock());
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.unitSettings'),
    description: text('oplog.list', {
      items: body.items.map((i) =>
        text('oplog.unit', {
          energyType: text('energyType', { energyType: i.energyType }),
          unit: i.unit,
          multiplier: i.multiplier,
        }),
      ),
    }),
    projectId: project.id,
  });
  return unitList(ctx, project);
}

async function coalList(ctx: RequestContext, project: Project): Promise<Data<'coalFactors'>> {
  const rows = await coalFactorRows(ctx.services.db, project.id);
  const effective = effectiveCoalFactors(rows, project.id);
  return ENERGY_TYPES.filter((t) => t.kind !== 'aggregate').map((t) => {
    const global = rows.find((r) => r.project_id === 0 && r.energy_type === t.code);
    const own = rows.find((r) => r.project_id === project.id && r.energy_type === t.code);
    return {
      energyType: t.code,
      name: energyTypeName(t.code, ctx.language),
      unit: `tce/${t.baseUnit}`,
      factor: effective.get(t.code) ?? t.coalFactor,
      source: own ? 'project' : global ? 'global' : 'standard',
      standard: t.coalFactor,
      global: global ? { id: global.id, factor: global.factor } : null,
      project: own ? { id: own.id, factor: own.factor } : null,
    };
  });
}

export async function coalFactors(ctx: RequestContext): Promise<Data<'coalFactors'>> {
  return coalList(ctx, await currentProject(ctx));
}

/** A platform default may be written by the platform administrator only. */
function checkScope(ctx: RequestContext, projectId: number): void {
  if (projectId === 0 && !requireUser(ctx).root)
    throw ApiError.permission('scope: only the platform administrator changes the platform defaults');
}

export async function createCoalFactor(
  ctx: RequestContext,
  body: Body<'createCoalFactor'>,
): Promise<Data<'createCoalFactor'>> {
  const project = await currentProject(ctx);
  const type = energyTypeOf(body.energyType);
  if (!type || type.kind === 'aggregate')
    throw ApiError.at('body.energyType', 'standard coal has no coefficient of its own');
  const owner = body.scope === 'global' ? 0 : project.id;
  checkScope(ctx, owner);
  const rows = await coalFactorRows(ctx.services.db, project.id);
  if (rows.some((r) => r.project_id === owner && r.energy_type === body.energyType))
    throw ApiError.conflict(
      `energyType: a ${body.scope === 'global' ? 'platform default' : 'project'} coefficient of ${type.enName} exists; change it instead`,
    );
  await insertCoalFactor(ctx.services.db, {
    project_id: owner,
    energy_type: body.energyType,
    factor: body.factor,
    updated_at: ctx.services.clock(),
  });
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.coalCoefficient', {
      energyType: text('energyType', { energyType: body.energyType }),
    }),
    description: text('oplog.coalFactor', { factor: body.factor, unit: type.baseUnit, scope: body.scope }),
    projectId: project.id,
  });
  return coalList(ctx, project);
}

async function ownRow(ctx: RequestContext, project: Project, id: number) {
  const row = await coalFactorById(ctx.services.db, id);
  if (!row || (row.project_id !== 0 && row.project_id !== project.id))
    throw ApiError.notFound(`coefficient ${id} does not exist in this project`);
  checkScope(ctx, row.project_id);
  return row;
}

export async function updateCoalFactor(
  ctx: RequestContext,
  body: Body<'updateCoalFactor'>,
): Promise<Data<'updateCoalFactor'>> {
  const project = await currentProject(ctx);
  const row = await ownRow(ctx, project, body.id);
  await updateRow(ctx.services.db, row.id, body.factor, ctx.services.clock());
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.coalCoefficient', {
      energyType: text('energyType', { energyType: row.energy_type }),
    }),
    description: text('oplog.changedTo', { from: row.factor, to: body.factor }),
    projectId: project.id,
  });
  return coalList(ctx, project);
}

export async function deleteCoalFactor(ctx: RequestContext, id: number): Promise<Data<'deleteCoalFactor'>> {
  const project = await currentProject(ctx);
  const row = await ownRow(ctx, project, id);
  await deleteRow(ctx.services.db, row.id);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.coalCoefficient', {
      energyType: text('energyType', { energyType: row.energy_type }),
    }),
    projectId: project.id,
  });
  return coalList(ctx, project);
}

async function cycleAnswer(ctx: RequestContext, project: Project): Promise<Data<'cycle'>> {
  const { cycle } = await energySettings(ctx.services.db, project.id);
  const now = ctx.services.clock();
  const periods = ['day', 'week', 'month', 'year'] as const;
  return {
    ...cycle,
    timeZone: project.timeZone,
    preview: periods.map((period) => {
      const start = periodStart(now, period, project.timeZone, cycle);
      return { period, start, end: nextPeriodStart(start, period, project.timeZone, cycle) };
    }),
  };
}

export async function cycle(ctx: RequestContext): Promise<Data<'cycle'>> {
  return cycleAnswer(ctx, await currentProject(ctx));
}

export async function saveCycle(ctx: RequestContext, body: Body<'saveCycle'>): Promise<Data<'saveCycle'>> {
  const project = await currentProject(ctx);
  await writeEnergySettings(ctx.services.db, project.id, { cycle: body }, ctx.services.clock());
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.accountingCycle'),
    description: text('oplog.accountingCycleValues', {
      dayStartHour: body.dayStartHour,
      weekStartDay: body.weekStartDay,
      monthStartDay: body.monthStartDay,
      yearStartMonth: body.yearStartMonth,
    }),
    projectId: project.id,
  });
  return cycleAnswer(ctx, project);
}
