/**
 * The recording of a power-quality event, generated from its parameters (nothing is stored
 * but the parameters): 3 200 samples per second (64 per 50 Hz cycle), 10 cycles before the
 * trigger, the event and 10 cycles after it, at most one second. Voltages Ua, Ub, Uc in V and
 * currents Ia, Ib, Ic in A, each with its half-cycle RMS (a sliding window of 32 samples, one
 * value per sample: the RMS of the half cycle that ends there). Deterministic for a seed.
 */
import type { Waveform } from '@eem/contract';
import { seededRandom } from '../../simulator/random.js';

export type PqEventType = 'sag' | 'swell' | 'interruption' | 'transient';

export interface WaveParameters {
  type: PqEventType;
  /** The affected phases: A, B, C or combinations (AB, ABC). */
  phase: string;
  /** Residual (sag, interruption) or peak (swell, transient) in % of nominal. */
  magnitude: number;
  durationMs: number;
  /** Phase-to-neutral RMS, V. */
  nominalVoltage: number;
  /** Load current RMS, A. */
  loadCurrent: number;
  powerFactor: number;
  /** Phase angle of Ua at the trigger, degrees. */
  pointOnWave: number;
  seed: number;
}

export const WAVE = {
  frequency: 50,
  sampleRate: 3_200,
  samplesPerCycle: 64,
  preCycles: 10,
  postCycles: 10,
  maxSamples: 3_200,
} as const;

const PHASES = ['A', 'B', 'C'] as const;
const SHIFT = [0, (-2 * Math.PI) / 3, (2 * Math.PI) / 3];

/** Samples the event itself lasts (at least one). */
function eventSamples(durationMs: number): number {
  return Math.max(1, Math.round((durationMs * WAVE.sampleRate) / 1000));
}

/** Samples of a recording: before, during and after the event, cut to the one-second cap. */
export function sampleCount(durationMs: number): number {
  const pre = WAVE.preCycles * WAVE.samplesPerCycle;
  const post = WAVE.postCycles * WAVE.samplesPerCycle;
  return Math.min(WAVE.maxSamples, pre + eventSamples(durationMs) + post);
}

/** The time of the first sample: 10 cycles before the trigger (the event's time). */
export function firstSampleTime(eventTime: number): number {
  return eventTime - (WAVE.preCycles * 1000) / WAVE.frequency;
}

/** Half-cycle RMS per sample (the first half cycle uses the first full window). */
export function halfCycleRms(samples: readonly number[]): number[] {
  const window = WAVE.samplesPerCycle / 2;
  const out: number[] = [];
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    sum += (samples[i] ?? 0) ** 2;
    if (i >= window) sum -= (samples[i - window] ?? 0) ** 2;
    out.push(i >= window - 1 ? Math.sqrt(Math.max(0, sum) / window) : Number.NaN);
  }
  const first = out[Math.min(window, samples.length) - 1] ?? 0;
  return out.map((v) => round(Number.isNaN(v) ? first : v));
}

function round(v: number): number {
  return Math.round(v * 100) / 100;
}

export function recordWave(p: WaveParameters, eventTime: number, eventId: number): Waveform {
  const random = seededRandom(p.seed);
  const n = sampleCount(p.durationMs);
  const pre = WAVE.preCycles * WAVE.samplesPerCycle;
  const during = eventSamples(p.durationMs);
  const dt = 1 / WAVE.sampleRate;
  const w = 2 * Math.PI * WAVE.frequency;
  const theta = (p.pointOnWave * Math.PI) / 180;
  const phi = Math.acos(Math.min(1, Math.max(0, p.powerFactor)));
  const m = p.magnitude / 100;
  const uPeak = Math.SQRT2 * p.nominalVoltage;
  const iPeak = Math.SQRT2 * p.loadCurrent;
  const affected = PHASES.map((ph) => p.phase.includes(ph));
  // A transient rings at about 1 kHz and dies within its duration.
  const ringTau = Math.max(1, (p.durationMs * WAVE.sampleRate) / 3000);
  const voltages: number[][] = [[], [], []];
  const currents: number[][] = [[], [], []];
  for (let k = 0; k < 3; k++) {
    for (let i = 0; i < n; i++) {
      const t = (i - pre) * dt;
      const angle = w * t + theta + (SHIFT[k] ?? 0);
      const inEvent = i >= pre && i < pre + during;
      // The voltage envelope: the event's magnitude on the affected phases, a little of it
      // on the others (they share the source impedance).
      let factor = 1;
      if (inEvent && p.type !== 'transient') factor = affected[k] ? m : 1 + (m - 1) * 0.08;
      let u =
        uPeak * factor * Math.sin(angle) +
        uPeak * 0.03 * Math.sin(5 * angle + 0.4) +
        uPeak * 0.012 * Math.sin(7 * angle + 1.1) +
        uPeak * 0.002 * (random.next() * 2 - 1);
      if (p.type === 'transient' && affected[k] && i >= pre) {
        // The impulse adds to the fundamental: the first sample reaches magnitude % of the peak.
        const j = i - pre;
        const base = Math.sin(theta + (SHIFT[k] ?? 0));
        const sign = base >= 0 ? 1 : -1;
        const amplitude = Math.max(0, m * uPeak - Math.abs(uPeak * base));
        u += sign * amplitude * Math.exp(-j / ringTau) * Math.cos((2 * Math.PI * 1000 * j) / WAVE.sampleRate);
      }
      voltages[k]?.push(round(u));
      // Constant-impedance load: the current follows the voltage; after a sag or an
      // interruption the motors draw an inrush that decays in about 50 ms.
      let g = factor;
      if (affected[k] && i >= pre + during && (p.type === 'sag' || p.type === 'interruption')) {
        g = 1 + 0.6 * (1 - m) * Math.exp(-((i - pre - during) * dt) / 0.05);
      }
      const current =
        iPeak * g * Math.sin(angle - phi) +
        iPeak * g * 0.08 * Math.sin(5 * (angle - phi) + 0.7) +
        iPeak * 0.005 * (random.next() * 2 - 1);
      currents[k]?.push(round(current));
    }
  }
  const channel = (name: string, unit: string, samples: number[]) => ({
    name,
    unit,
    samples,
    rms: halfCycleRms(samples),
  });
  return {
    eventId,
    sampleRate: WAVE.sampleRate,
    startTime: firstSampleTime(eventTime),
    nominalVoltage: p.nominalVoltage,
    channels: [
      channel('Ua', 'V', voltages[0] ?? []),
      channel('Ub', 'V', voltages[1] ?? []),
      channel('Uc', 'V', voltages[2] ?? []),
      channel('Ia', 'A', currents[0] ?? []),
      channel('Ib', 'A', currents[1] ?? []),
      channel('Ic', 'A', currents[2] ?? []),
    ],
  };
}
