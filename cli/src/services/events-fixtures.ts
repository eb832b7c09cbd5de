/** Events shaped like the server's, for unit tests of the event commands and panes. */
import type { EventItem } from '@eem/contract';

export const FIXTURE_NOW = Date.UTC(2026, 0, 15, 8, 0, 0);
const HOUR = 3_600_000;

export function demoEvent(overrides: Partial<EventItem> = {}): EventItem {
  return {
    id: 7,
    projectId: 1,
    logType: 701,
    logTypeName: 'Energy over limit',
    eventClass: 2,
    level: 2,
    status: 1,
    time: FIXTURE_NOW - HOUR,
    endTime: null,
    nodeId: 12,
    nodeLabel: 'room',
    nodeName: 'Workshop A',
    path: 'Building 1 / Workshop A',
    description: 'hourly energy 912 kWh over the 800 kWh limit',
    value: 912,
    threshold: 800,
    unit: 'kWh',
    pointId: 3,
    schemeId: 1,
    incidentId: 4,
    confirmedBy: null,
    confirmedAt: null,
    result: null,
    hasWave: false,
    repairOrder: null,
    ...overrides,
  };
}
