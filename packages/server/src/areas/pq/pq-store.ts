/**
 * Power-quality events: the pq_events row of an event of log type 712 in the event log, with
 * its node, and the parameters its recording is generated from.
 */
import type { PqEvent, Project } from '@eem/contract';
import { type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { projectNodes as projectNodeRows } from '../nodes/repo/nodes.js';
import { visibleNodes } from '../nodes/tree-access.js';
import type { IticRegion } from './itic.js';
import { type PqRow, pqEventOf, recordingOf } from './repo/pq-events.js';
import type { PqEventType, WaveParameters } from './waveform.js';

export type { PqRow };

export const pqMessages = {
  unknownEvent: (id: number) => `eventId: event ${id} does not exist in this project`,
  noRecording: (id: number) => `eventId: event ${id} has no recording`,
} as const;

/** The ids of the project's nodes the user may see (null: all) and every node's name. */
export async function projectNodes(
  ctx: RequestContext,
  project: Project,
): Promise<{ visible: Set<number> | null; names: Map<number, string> }> {
  const rows = await projectNodeRows(ctx.services.db, project.id);
  return {
    visible: visibleNodes(requireUser(ctx), project, rows),
    names: new Map(rows.map((r) => [r.id, r.name])),
  };
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
  const event = await recordingOf(ctx.services.db, project.id, eventId);
  const { visible, names } = await projectNodes(ctx, project);
  if (!event || (visible && event.node_id !== null && !visible.has(event.node_id)))
    throw ApiError.notFound(pqMessages.unknownEvent(eventId));
  const row = await pqEventOf(ctx.services.db, project.id, eventId);
  if (!row || !event.has_wave) throw ApiError.notFound(pqMessages.noRecording(eventId));
  return { row, nodeName: row.node_id === null ? project.name : (names.get(row.node_id) ?? project.name) };
}

export function waveParameters(row: PqRow): WaveParameters {
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
