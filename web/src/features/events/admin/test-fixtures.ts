/** Answers as the server gives them, for the event administration screens' component tests. */
import type { AlarmScheme, EventItem, EventTypeSetting, Incident, Waveform } from '@eem/contract';

export const fwSession = (permissions: string[]) => ({
  module: 'fw' as const,
  effectiveProjectId: 2,
  projectId: 2,
  permissions: new Set(permissions),
});

const T0 = Date.UTC(2024, 2, 1, 8);

export function eventItem(patch: Partial<EventItem> = {}): EventItem {
  return {
    id: 11,
    projectId: 2,
    logType: 704,
    logTypeName: 'Demand over threshold',
    eventClass: 2,
    level: 2,
    status: 1,
    time: T0,
    endTime: null,
    nodeId: 21,
    nodeLabel: 'meter',
    nodeName: 'Main meter',
    path: 'Hall A / Main meter',
    description: 'Demand 612 kW over 500 kW',
    value: 612,
    threshold: 500,
    unit: 'kW',
    pointId: 3,
    schemeId: 1,
    incidentId: 5,
    confirmedBy: null,
    confirmedAt: null,
    result: null,
    hasWave: false,
    repairOrder: null,
    ...patch,
  };
}

export function incident(patch: Partial<Incident> = {}): Incident {
  return {
    id: 5,
    primary: eventItem(),
    memberCount: 3,
    startTime: T0,
    lastTime: T0 + 20 * 60_000,
    nodes: ['Main meter'],
    status: 1,
    ...patch,
  };
}

export function typeSetting(patch: Partial<EventTypeSetting> = {}): EventTypeSetting {
  return {
    logType: 704,
    name: 'Demand over threshold',
    level: 2,
    eventClass: 2,
    popup: true,
    sound: true,
    push: false,
    enabled: true,
    lowerLimit: null,
    upperLimit: null,
    ...patch,
  };
}

export function scheme(patch: Partial<AlarmScheme> = {}): AlarmScheme {
  return {
    id: 1,
    name: 'Demand watch',
    enabled: true,
    kind: 'demand',
    logTypes: [704],
    thresholds: [
      { level: 1, value: 800 },
      { level: 2, value: 500 },
    ],
    nodeIds: [],
    receiverUserIds: [7],
    receiverGroupIds: [],
    channels: ['web', 'sound'],
    activeFrom: null,
    activeTo: null,
    repeatMinutes: 0,
    createdAt: T0,
    updatedAt: T0,
    ...patch,
  };
}

/** 0.2 s of three-phase 50 Hz at 3 200 samples/s: 230 V and 10 A lagging 30°. */
export function waveform(eventId = 11): Waveform {
  const rate = 3200;
  const n = 640;
  const channel = (name: string, unit: string, rms: number, shift: number) => {
    const samples = Array.from(
      { length: n },
      (_, i) =>
        Math.round(
          rms * Math.SQRT2 * Math.cos(2 * Math.PI * 50 * (i / rate) + (shift * Math.PI) / 180) * 100,
        ) / 100,
    );
    return { name, unit, samples, rms: samples.map(() => rms) };
  };
  return {
    eventId,
    sampleRate: rate,
    startTime: T0,
    nominalVoltage: 230,
    channels: [
      channel('Ua', 'V', 230, 0),
      channel('Ub', 'V', 230, -120),
      channel('Uc', 'V', 230, 120),
      channel('Ia', 'A', 10, -30),
      channel('Ib', 'A', 10, -150),
      channel('Ic', 'A', 10, 90),
    ],
  };
}
