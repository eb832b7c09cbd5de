/**
 * Where an event's screens link to: the energy analysis of its node and day, the efficiency
 * indexes, the loss curve, the waveform viewer and a repair order prefilled with the event.
 */
import type { EventItem } from '@eem/contract';

type LinkEvent = Pick<
  EventItem,
  'id' | 'nodeId' | 'nodeLabel' | 'nodeName' | 'time' | 'description' | 'level'
>;

/** What a loss warning adds (events.lossEvents): its loss object and the window of its rate. */
type LossLinkEvent = LinkEvent & {
  lossObject?: { id: number } | null;
  windowStart?: number | null;
  windowEnd?: number | null;
};

const DAY_MS = 86_400_000;

function nodeQuery(event: LinkEvent): Record<string, string> {
  return event.nodeId === null
    ? {}
    : { nodeId: String(event.nodeId), ...(event.nodeLabel ? { modelLabel: event.nodeLabel } : {}) };
}

function withQuery(path: string, query: Record<string, string>): string {
  const search = new URLSearchParams(query).toString();
  return search ? `${path}?${search}` : path;
}

/** The day around the event: from 12 h before to 12 h after. */
function period(event: LinkEvent): Record<string, string> {
  return { startTime: String(event.time - DAY_MS / 2), endTime: String(event.time + DAY_MS / 2) };
}

export const eventLinks = {
  energyAnalysis: (event: LinkEvent) =>
    withQuery('/energyQueryAndAnalysis', { ...nodeQuery(event), ...period(event) }),
  efficiencyIndexes: (event: LinkEvent) =>
    withQuery('/energyEfficiencyIndexes', { ...nodeQuery(event), ...period(event) }),
  /**
   * A loss warning's loss object over the window its rate was measured in (else the day around
   * it); an event without its object opens its node.
   */
  lossCurve: (event: LossLinkEvent) =>
    event.lossObject
      ? withQuery('/energyLossAnalysis', {
          lossObjectId: String(event.lossObject.id),
          ...(event.windowStart && event.windowEnd && event.windowEnd > event.windowStart
            ? { startTime: String(event.windowStart), endTime: String(event.windowEnd) }
            : period(event)),
        })
      : withQuery('/energyLossAnalysis', { ...nodeQuery(event), ...period(event) }),
  waveform: (event: LinkEvent) => withQuery('/eventAndWave', { eventId: String(event.id) }),
  repairOrder: (event: LinkEvent) =>
    withQuery('/repairorder', {
      eventId: String(event.id),
      ...nodeQuery(event),
      nodeName: event.nodeName,
      description: event.description,
      level: String(event.level),
    }),
  /** The event's repair order on its board. */
  order: (code: string) => withQuery('/repairorder', { code }),
};
