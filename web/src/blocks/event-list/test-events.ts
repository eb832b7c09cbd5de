/** Events as the server gives them, for the EventList's component tests and the event screens'. */
import type { EventItem } from '@eem/contract';

export const EVENT_TIME = 1_795_400_000_000;

export function testEvent(patch: Partial<EventItem> = {}): EventItem {
  return {
    id: 1,
    projectId: 2,
    logType: 712,
    logTypeName: 'Power quality',
    eventClass: 2,
    level: 1,
    status: 1,
    time: EVENT_TIME,
    endTime: null,
    nodeId: 238,
    nodeLabel: 'meter',
    nodeName: 'Meter AH7-2',
    path: 'Building B / Meter AH7-2',
    description: 'Meter AH7-2: voltage THD 7.31% over the 5% threshold (level 1)',
    value: 7.31,
    threshold: 5,
    unit: '%',
    pointId: 518,
    schemeId: 10,
    incidentId: 96,
    confirmedBy: null,
    confirmedAt: null,
    result: null,
    hasWave: false,
    repairOrder: null,
    ...patch,
  };
}

export const eventSession = (permissions: string[]) => ({
  module: 'fw' as const,
  effectiveProjectId: 2,
  projectId: 2,
  permissions: new Set(permissions),
});
