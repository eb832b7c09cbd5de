/**
 * What the event log says of a PQ event: its class, level, threshold and description by type
 * (sag and swell: warnings; interruption: alarm; transient: general).
 */
import { EVENT_CLASS, type EventClass, type StoredText, text } from '@eem/core';
import type { PqEventType } from './waveform.js';

export interface PqEventFacts {
  type: PqEventType;
  phase: string;
  magnitude: number;
  durationMs: number;
}

export const PQ_EVENT_CLASS: Record<PqEventType, EventClass> = {
  sag: EVENT_CLASS.warning,
  swell: EVENT_CLASS.warning,
  interruption: EVENT_CLASS.alarm,
  transient: EVENT_CLASS.general,
};

/** The limit the magnitude crossed, in % of nominal (IEC 61000-4-30 thresholds). */
export const PQ_THRESHOLD: Record<PqEventType, number> = {
  sag: 90,
  swell: 110,
  interruption: 10,
  transient: 150,
};

export function pqEventLevel(e: PqEventFacts): number {
  if (e.type === 'interruption') return 2;
  if (e.type === 'sag') return e.magnitude < 50 ? 2 : 3;
  if (e.type === 'swell') return 3;
  return 4;
}

const TITLES: Record<PqEventType, string> = {
  sag: 'Voltage sag',
  swell: 'Voltage swell',
  interruption: 'Supply interruption',
  transient: 'Transient overvoltage',
};

export function pqEventDescription(e: PqEventFacts): string {
  const phases = e.phase.length > 1 ? `phases ${e.phase}` : `phase ${e.phase}`;
  const size =
    e.type === 'transient'
      ? `peak ${e.magnitude} % of Un, ${e.durationMs} ms`
      : `${e.magnitude} % of Un for ${e.durationMs} ms`;
  return `${TITLES[e.type]} on ${phases}: ${size}`;
}

/** The description as a stored text (core's catalogue), in each reader's language. */
export function pqEventText(e: PqEventFacts): StoredText {
  return text('event.powerQuality', {
    type: e.type,
    phase: e.phase,
    magnitude: e.magnitude,
    duration: e.durationMs,
  });
}
