/**
 * Power-quality events: the pq_events row of an event of log type 712 in the event log, with
 * its node, and the parameters its recording is generated from.
 */
import type { PqEvent, Project } from '@eem/contract';
import { LOG_TYPE } from '@eem/core';
import type { Selectable } from 'kysely';
import { type RequestContext, requireUser } from '../../context.js';
import type { PqEventTable } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { visibleNodes } from '../nodes/tree-access.js';
import type { IticRegion } from './itic.js';
import type { PqEventType, WaveParameters } from './waveform.js';

export type PqRow = Selectable<PqEventTable> & {
  time: number;
  node_id: number | null;
  point_id: number | null;
};

export const pqMessages = {
  unknownEvent: (id: number) => `eventId: event ${id} does not exist in this project`,
  noRecording: (id: number) => `eventId: event ${id} has no recording`,
} as const;

/** The ids of the project's nodes the user may see (null: all) and every node's name. */
export async function projectNodes(
  ctx: RequestContext,
  project: Project,
): Promise<{ visible: Set<number> | null; names: Map<number, string> }> {
  const rows = await ctx.services.nodes.all(project.id);
  return {
    visible: visibleNodes(requireUser(ctx), project, rows),
    names: new Map(rows.map((r) => [r.id, r.name])),
  };
}

export function pqSelect(ctx: RequestContext, projectId: number) {
  return ctx.services.db
    .selectFrom('pq_events')
    .innerJoin('events', 'events.id', 'pq_events.event_id')
    .selectAll('pq_events')
    .select(['events.time', 'events.node_id', 'events.point_id'])
    .where('events.project_id', '=', projectId)
    .where('events.log_type', '=', LOG_TYPE.powerQuality);
}

export function toPqEvent(row: PqRow, names: ReadonlyMap<number, string>): PqEvent {
  return {
    id: row.id,
    eventId: row.event_id,
    time: row.time,
    pointId: row.point_id,
    nodeId: row.node_id ?? 0,
    nodeName: row.node_id === null ? '' : (names.get(row.node_id) ?? ''),
    type: row.type as PqEventType,
    phase: row.phase,
    magnitude: row.magnitude,
    durationMs: row.duration_ms,
    itic: row.itic as IticRegion,
  };
}

/** The PQ event of an event id of the project (a recording the user may see), or 404. */
export async function recordedEvent(
  ctx: RequestContext,
  project: Project,
  eventId: number,
): Promise<{ row: PqRow; nodeName: string }> {
  const event = await ctx.services.db
    .selectFrom('events')
    .select(['id', 'node_id', 'has_wave'])
    .where('id', '=', eventId)
    .where('project_id', '=', project.id)
    .executeTakeFirst();
  const { visible, names } = await projectNodes(ctx, project);
  if (!event || (visible && event.node_id !== null && !visible.has(event.node_id)))
    throw ApiError.notFound(pqMessages.unknownEvent(eventId));
  const row = await pqSelect(ctx, project.id).where('pq_events.event_id', '=', eventId).executeTakeFirst();
  if (!row || !event.has_wave) throw ApiError.notFound(pqMessages.noRecording(eventId));
  return { row, nodeName: row.node_id === null ? project.name : (names.get(row.node_id) ?? project.name) };
}

export function waveParameters(row: Selectable<PqEventTable>): WaveParameters {
  return {
    type: row.type as PqEventType,
    phase: row.phase,
    magnitude: row.magnitude,
    durationMs: row.duration_ms,
    nominalVoltage: row.nominal_voltage,
    loadCurrent: row.load_current,
    powerFactor: row.power_factor,
    pointOnWave: row.point_on_wave,
    seed: Number(row.seed),
  };
}
