/** Fault scenarios of the tenant: query, add, change, delete (plans forget a deleted one). */
import type { catalogue, EndpointParsedInput, FaultScenario } from '@eem/contract';
import { LOG_TYPE_NAMES, NODE_LABELS, text } from '@eem/core';
import { assertGovernsTenant, scopeOf, tenantSharedRefusals } from '../../auth/scope.js';
import { currentTenant, type RequestContext, requireUser } from '../../context.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { attachFiles } from '../files/file-store.js';
import { recordOperation } from '../logs/record-operation.js';
import { scenarioOf, scenarioWhat } from './expert-store.js';
import {
  deleteScenario as deleteScenarioRows,
  insertScenario,
  type ScenarioRow,
  type ScenarioValues,
  scenarioOfTenant,
  tenantScenarios,
  updateScenario as updateScenarioRow,
} from './repo/scenarios.js';

type Body<K extends keyof typeof catalogue.expert> = EndpointParsedInput<
  (typeof catalogue.expert)[K]
>['body'];
type ScenarioBody = Body<'createScenario'>;

export const expertMessages = {
  unknownScenario: (id: number) => `id: fault scenario ${id} does not exist`,
  scenarioNameTaken: (name: string) => `name: a fault scenario named ${name} already exists`,
  unknownDeviceClass: (label: string) =>
    `deviceClassified: ${label} is not a device class (one of ${NODE_LABELS.join(', ')})`,
  unknownLogType: (logType: number) => `logTypes: ${logType} is not an event type`,
  attachmentTwice: 'attachments: a document is listed twice',
} as const;

export async function scenarios(ctx: RequestContext, body: Body<'scenarios'>): Promise<FaultScenario[]> {
  const tenantId = await currentTenant(ctx);
  const keyword = body.keyWord.toLowerCase();
  const lock = await tenantSharedRefusals(ctx, await scopeOf(ctx), tenantId);
  return (await tenantScenarios(ctx.services.db, tenantId))
    .map((row) => scenarioOf(row, lock))
    .filter(
      (s) =>
        (body.scenariosId === null || s.id === body.scenariosId) &&
        (body.deviceClassified === '' || s.deviceClassified === body.deviceClassified) &&
        (body.eventClassified === null || s.eventClassified === body.eventClassified) &&
        (keyword === '' || [s.name, ...s.causes, ...s.checks].some((t) => t.toLowerCase().includes(keyword))),
    )
    .slice(0, body.limit);
}

async function checkScenario(ctx: RequestContext, tenantId: number, body: ScenarioBody, exceptId = 0) {
  if (body.deviceClassified !== '' && !NODE_LABELS.includes(body.deviceClassified))
    throw ApiError.rule(expertMessages.unknownDeviceClass(body.deviceClassified));
  const unknown = body.logTypes.find((t) => !LOG_TYPE_NAMES[t]);
  if (unknown !== undefined) throw ApiError.rule(expertMessages.unknownLogType(unknown));
  if (new Set(body.attachments).size !== body.attachments.length)
    throw ApiError.rule(expertMessages.attachmentTwice);
  if (await nameTaken(ctx.services.db, 'fault_scenarios', tenantId, body.name, exceptId))
    throw ApiError.conflict(expertMessages.scenarioNameTaken(body.name));
  await attachFiles(ctx.services, body.attachments, {
    tenantId,
    userId: requireUser(ctx).id,
    kind: 'document',
    field: 'attachments',
    list: true,
  });
}

function columns(body: ScenarioBody, now: number): ScenarioValues {
  return {
    name: body.name,
    device_classified: body.deviceClassified,
    event_classified: body.eventClassified,
    log_types: [...new Set(body.logTypes)],
    causes: body.causes,
    checks: body.checks,
    attachments: body.attachments,
    updated_at: now,
  };
}

async function ownScenario(ctx: RequestContext, tenantId: number, id: number): Promise<ScenarioRow> {
  const row = await scenarioOfTenant(ctx.services.db, tenantId, id);
  if (!row) throw ApiError.notFound(expertMessages.unknownScenario(id));
  return row;
}

export async function createScenario(ctx: RequestContext, body: ScenarioBody): Promise<FaultScenario> {
  const tenantId = await currentTenant(ctx);
  await checkScenario(ctx, tenantId, body);
  const now = ctx.services.clock();
  const row = await insertScenario(ctx.services.db, {
    ...columns(body, now),
    tenant_id: tenantId,
    created_at: now,
  });
  await recordOperation(ctx, { operation: 'add', object: text('oplog.faultScenario', { name: body.name }) });
  return scenarioOf(row, await tenantSharedRefusals(ctx, await scopeOf(ctx), tenantId));
}

export async function updateScenario(
  ctx: RequestContext,
  body: Body<'updateScenario'>,
): Promise<FaultScenario> {
  const tenantId = await currentTenant(ctx);
  const own = await ownScenario(ctx, tenantId, body.id);
  await assertGovernsTenant(ctx, await scopeOf(ctx), tenantId, scenarioWhat(own.name));
  await checkScenario(ctx, tenantId, body, body.id);
  const row = await updateScenarioRow(ctx.services.db, body.id, columns(body, ctx.services.clock()));
  await recordOperation(ctx, { operation: 'edit', object: text('oplog.faultScenario', { name: body.name }) });
  return scenarioOf(row, () => null);
}

export async function deleteScenario(ctx: RequestContext, id: number): Promise<null> {
  const tenantId = await currentTenant(ctx);
  const row = await ownScenario(ctx, tenantId, id);
  await assertGovernsTenant(ctx, await scopeOf(ctx), tenantId, scenarioWhat(row.name));
  await deleteScenarioRows(ctx.services.db, id);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.faultScenario', { name: row.name }),
  });
  return null;
}
