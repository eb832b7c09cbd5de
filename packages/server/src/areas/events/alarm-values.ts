/**
 * What each alarm kind measures at a node, from the live values of its points (core
 * ALARM_KINDS), and the level a value reaches against a scheme's thresholds.
 *
 * - energyOverLimit: the energy used in the current local hour: the counter's live value
 *   minus its value at the start of the hour (kWh).
 * - demand: active power (kW). efficiency: power factor (below the threshold); a meter
 *   without load has none.
 * - lossRate: reactive over active power in percent; none without active power.
 * - voltage: the largest deviation of the phase voltages from 230 V, in percent.
 * - thd: voltage THD (%). offline: seconds since the node's newest live value; a node with no
 *   live value since the server started is not judged.
 */
import { type AlarmKindDefinition, type StoredText, shortNumber, text } from '@eem/core';
import type { LiveValue } from '../datalog/live-readings.js';

export interface Measured {
  value: number;
  /** The point that gave the value (null: offline). */
  pointId: number | null;
  /** The value as the description says it, e.g. "active power 612.4 kW" (core's texts). */
  text: StoredText;
}

export interface NodeLive {
  /** Point ids by data id. */
  points: ReadonlyMap<number, number>;
  live(pointId: number): LiveValue | undefined;
  /** The counter's value at the start of the current local hour (energyOverLimit). */
  hourStart?: number | undefined;
}

const NOMINAL_VOLTAGE = 230;

/** A number as a description shows it: 612.4, 0.842, 600 (core's shortNumber). */
export const formatNumber = shortNumber;

/** A number kept as a description shows it (so that every language shows the same digits). */
const shown = (v: number) => Number(shortNumber(v));

function liveOf(node: NodeLive, dataId: number): { pointId: number; value: number } | undefined {
  const pointId = node.points.get(dataId);
  if (pointId === undefined) return undefined;
  const live = node.live(pointId);
  return live ? { pointId, value: live.value } : undefined;
}

export function measure(kind: AlarmKindDefinition, node: NodeLive, now: number): Measured | undefined {
  switch (kind.kind) {
    case 'energyOverLimit': {
      const counter = liveOf(node, 1000);
      if (!counter || node.hourStart === undefined) return undefined;
      const used = counter.value - node.hourStart;
      if (used < 0) return undefined;
      return {
        value: used,
        pointId: counter.pointId,
        text: text('measure.energyThisHour', { value: shown(used) }),
      };
    }
    case 'demand': {
      const p = liveOf(node, 2000);
      return (
        p && {
          value: p.value,
          pointId: p.pointId,
          text: text('measure.activePower', { value: shown(p.value) }),
        }
      );
    }
    case 'efficiency': {
      const pf = liveOf(node, 2002);
      if (!pf || pf.value <= 0) return undefined;
      return {
        value: pf.value,
        pointId: pf.pointId,
        text: text('measure.powerFactor', { value: shown(pf.value) }),
      };
    }
    case 'lossRate': {
      const p = liveOf(node, 2000);
      const q = liveOf(node, 2001);
      if (!p || !q || p.value <= 0) return undefined;
      const rate = (q.value / p.value) * 100;
      return {
        value: rate,
        pointId: q.pointId,
        text: text('measure.lossRate', { value: shown(rate) }),
      };
    }
    case 'voltage': {
      let worst: { pointId: number; value: number; deviation: number; phase: string } | undefined;
      for (const [dataId, phase] of [
        [3001, 'A'],
        [3002, 'B'],
        [3003, 'C'],
      ] as const) {
        const u = liveOf(node, dataId);
        if (!u) continue;
        const deviation = (Math.abs(u.value - NOMINAL_VOLTAGE) / NOMINAL_VOLTAGE) * 100;
        if (!worst || deviation > worst.deviation) worst = { ...u, deviation, phase };
      }
      return (
        worst && {
          value: worst.deviation,
          pointId: worst.pointId,
          text: text('measure.voltageDeviation', {
            value: shown(worst.deviation),
            phase: worst.phase,
            volts: shown(worst.value),
          }),
        }
      );
    }
    case 'thd': {
      const thd = liveOf(node, 3030);
      return (
        thd && {
          value: thd.value,
          pointId: thd.pointId,
          text: text('measure.thd', { value: shown(thd.value) }),
        }
      );
    }
    case 'offline': {
      let newest: number | undefined;
      for (const pointId of node.points.values()) {
        const t = node.live(pointId)?.time;
        if (t !== undefined && (newest === undefined || t > newest)) newest = t;
      }
      if (newest === undefined) return undefined;
      const seconds = Math.max(0, Math.round((now - newest) / 1000));
      return { value: seconds, pointId: null, text: text('measure.noData', { seconds }) };
    }
    default:
      return undefined;
  }
}

/** The most severe level whose threshold the value crosses (level 1 is most severe). */
/**
 * The most severe level whose threshold the value is beyond. `relax` (a share of each
 * threshold) moves the thresholds back: an open event holds until the value is back past the
 * deadband, so noise around a threshold does not raise and clear it over and over.
 */
export function crossedLevel(
  kind: AlarmKindDefinition,
  thresholds: readonly { level: number; value: number }[],
  value: number,
  relax = 0,
): { level: number; value: number } | undefined {
  return [...thresholds]
    .sort((a, b) => a.level - b.level)
    .find((t) => {
      const margin = Math.abs(t.value) * relax;
      return kind.above ? value > t.value - margin : value < t.value + margin;
    });
}

export function describe(
  kind: AlarmKindDefinition,
  nodeName: string,
  measured: Pick<Measured, 'text'>,
  threshold: { level: number; value: number },
): StoredText {
  const facts = {
    node: nodeName,
    measure: measured.text,
    threshold: shown(threshold.value),
    level: threshold.level,
  };
  if (kind.kind === 'offline') return text('event.offline', facts);
  return text('event.threshold', { ...facts, above: kind.above, unit: kind.unit });
}

/** Whether `now` is inside the active window 'HH:mm'–'HH:mm' of local minutes (none: always). */
export function inWindow(activeFrom: string | null, activeTo: string | null, localMinutes: number): boolean {
  if (activeFrom === null || activeTo === null) return true;
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return localMinutes >= minutes(activeFrom) && localMinutes < minutes(activeTo);
}
