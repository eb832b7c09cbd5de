/** The pq area (issue 7): PQ events by bands, their recordings and the COMTRADE download. */

import type { catalogue, EndpointData, EndpointParsedInput, Waveform, WaveRms } from '@eem/contract';
import { localParts } from '@eem/core';
import { zipBuffer } from '@eem/xlsx';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import type { AreaHandlers } from '../../http/handlers.js';
import { checkEventRange, subtreeIds } from '../events/event-filter.js';
import { toComtrade } from './comtrade.js';
import { projectNodes, recordedEvent, toPqEvent, waveParameters } from './pq-store.js';
import { pqEvents, recordedPqEvents } from './repo/pq-events.js';
import { recordWave } from './waveform.js';

type Body<K extends keyof typeof catalogue.pq> = EndpointParsedInput<(typeof catalogue.pq)[K]>['body'];

function checkBand(min: number | null, max: number | null, field: string): void {
  if (min !== null && max !== null && min > max)
    throw ApiError.at(`body.${field}Max`, 'the maximum must not be below the minimum');
}

async function events(
  ctx: RequestContext,
  body: Body<'events'>,
): Promise<EndpointData<typeof catalogue.pq.events>> {
  const project = await currentProject(ctx);
  checkEventRange(body, project);
  checkBand(body.magnitudeMin, body.magnitudeMax, 'magnitude');
  checkBand(body.durationMinMs, body.durationMaxMs, 'duration');
  const rows = await pqEvents(ctx.services.db, {
    projectId: project.id,
    startTime: body.startTime,
    endTime: body.endTime,
    types: body.types,
    // A node stands for its subtree, as in the event log.
    nodeIds: body.nodeIds.length > 0 ? await subtreeIds(ctx.services.db, project.id, body.nodeIds) : null,
    magnitudeMin: body.magnitudeMin,
    magnitudeMax: body.magnitudeMax,
    durationMinMs: body.durationMinMs,
    durationMaxMs: body.durationMaxMs,
  });
  const { visible, names } = await projectNodes(ctx, project);
  const seen = visible ? rows.filter((r) => r.node_id === null || visible.has(r.node_id)) : rows;
  const start = body.page.index * body.page.limit;
  return {
    total: seen.length,
    list: seen.slice(start, start + body.page.limit).map((r) => toPqEvent(r, names)),
  };
}

async function wave(ctx: RequestContext, eventId: number): Promise<Waveform> {
  const project = await currentProject(ctx);
  const { row } = await recordedEvent(ctx, project, eventId);
  return recordWave(waveParameters(row), row.time, row.event_id);
}

/**
 * The half-cycle RMS of several recordings (one page of the list) in one answer, in the order
 * asked; ids of other projects, of nodes the user may not see or without a recording are left
 * out, as pq.wave would refuse them. The list is bounded by the contract (PQ_WAVE_BATCH_MAX).
 */
async function waveRms(ctx: RequestContext, eventIds: readonly number[]): Promise<{ list: WaveRms[] }> {
  const project = await currentProject(ctx);
  const rows = await recordedPqEvents(ctx.services.db, project.id, [...new Set(eventIds)]);
  const { visible } = await projectNodes(ctx, project);
  const byEvent = new Map(
    rows.filter((r) => !visible || r.node_id === null || visible.has(r.node_id)).map((r) => [r.event_id, r]),
  );
  const list: WaveRms[] = [];
  for (const eventId of new Set(eventIds)) {
    const row = byEvent.get(eventId);
    if (!row) continue;
    const recording = recordWave(waveParameters(row), row.time, row.event_id);
    list.push({
      eventId,
      nominalVoltage: recording.nominalVoltage,
      channels: recording.channels.map((c) => ({ name: c.name, unit: c.unit, rms: c.rms })),
    });
  }
  return { list };
}

/** A file name of the node and the local time: no characters a file system refuses. */
function fileBase(nodeName: string, time: number, timeZone: string): string {
  const p = localParts(time, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const name = nodeName.replace(/[\\/:*?"<>|,\s]+/g, '_').replace(/^_+|_+$/g, '') || 'event';
  return `${name}_${p.year}${two(p.month)}${two(p.day)}_${two(p.hour)}${two(p.minute)}${two(p.second)}`;
}

async function waveDownload(ctx: RequestContext, eventId: number): Promise<null> {
  const project = await currentProject(ctx);
  const { row, nodeName } = await recordedEvent(ctx, project, eventId);
  const recording = recordWave(waveParameters(row), row.time, row.event_id);
  const files = toComtrade(recording, {
    station: nodeName,
    device: `EEM-${row.node_id ?? project.id}`,
    triggerTime: row.time,
    timeZone: project.timeZone,
  });
  const base = fileBase(nodeName, row.time, project.timeZone);
  const zip = await zipBuffer(
    [
      { name: `${base}.cfg`, data: Buffer.from(files.cfg, 'ascii') },
      { name: `${base}.dat`, data: Buffer.from(files.dat, 'ascii') },
    ],
    localParts(row.time, project.timeZone),
  );
  ctx.reply
    .header('content-type', 'application/zip')
    .header('content-disposition', attachment(`${base}.zip`))
    .send(zip);
  return null;
}

export const pqHandlers: AreaHandlers<typeof catalogue.pq> = {
  events: ({ body }, ctx) => events(ctx, body),
  wave: ({ body }, ctx) => wave(ctx, body.eventId),
  waveRms: ({ body }, ctx) => waveRms(ctx, body.eventIds),
  waveDownload: ({ body }, ctx) => waveDownload(ctx, body.eventId),
};
