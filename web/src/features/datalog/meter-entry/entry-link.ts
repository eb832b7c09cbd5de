/**
 * The address of the meter-entry screen, so other screens (meter-reading data, data
 * completeness) can open it on a flagged value:
 * /meterEntry?nodeId=..&modelLabel=..&pointId=..&startTime=..&endTime=.. (every part optional).
 */
import { POINT_NODE_TYPES } from '@eem/core';

export interface EntryLink {
  node: { id: number; modelLabel: string } | null;
  pointId: number | null;
  range: { start: number; end: number } | null;
}

function positive(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function parseEntryLink(params: URLSearchParams): EntryLink {
  const id = positive(params.get('nodeId'));
  const label = params.get('modelLabel') ?? 'meter';
  const start = positive(params.get('startTime'));
  const end = positive(params.get('endTime'));
  return {
    node:
      id !== null && (POINT_NODE_TYPES as readonly string[]).includes(label)
        ? { id, modelLabel: label }
        : null,
    pointId: positive(params.get('pointId')),
    range: start !== null && end !== null && end > start ? { start, end } : null,
  };
}

export function entryHref(link: {
  nodeId: number;
  modelLabel: string;
  pointId?: number;
  startTime?: number;
  endTime?: number;
}): string {
  const query = new URLSearchParams({ nodeId: String(link.nodeId), modelLabel: link.modelLabel });
  if (link.pointId !== undefined) query.set('pointId', String(link.pointId));
  if (link.startTime !== undefined && link.endTime !== undefined) {
    query.set('startTime', String(link.startTime));
    query.set('endTime', String(link.endTime));
  }
  return `/meterEntry?${query.toString()}`;
}
