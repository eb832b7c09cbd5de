/**
 * The arithmetic of the waveform viewer: the time of a sample (instantaneous and RMS arrays
 * span the same recording at their own rates), the value at a time, min/max envelopes for
 * drawing many samples in few pixels, the frequency from zero crossings, and the phasor
 * (RMS magnitude and angle of the fundamental) of one cycle around a time.
 */

export interface WaveSeries {
  /** Values evenly spread over [0, duration) seconds. */
  values: readonly number[];
  duration: number;
}

/** The index of the value at time `t` (s), clamped to the series. */
export function indexAt(series: WaveSeries, t: number): number {
  const n = series.values.length;
  if (n === 0) return 0;
  const i = Math.floor((t / series.duration) * n);
  return Math.min(n - 1, Math.max(0, i));
}

export function valueAt(series: WaveSeries, t: number): number | null {
  if (series.values.length === 0) return null;
  return series.values[indexAt(series, t)] ?? null;
}

export interface EnvelopePoint {
  t: number;
  min: number;
  max: number;
}

/**
 * The values within [from, to) seconds in at most `buckets` buckets, each with its min and max,
 * so a polyline through them keeps the peaks however far out the view is zoomed.
 */
export function envelope(series: WaveSeries, from: number, to: number, buckets: number): EnvelopePoint[] {
  const n = series.values.length;
  if (n === 0 || to <= from) return [];
  const dt = series.duration / n;
  const first = Math.max(0, Math.floor(from / dt));
  const last = Math.min(n - 1, Math.ceil(to / dt));
  const count = last - first + 1;
  const per = Math.max(1, Math.ceil(count / Math.max(1, buckets)));
  const out: EnvelopePoint[] = [];
  for (let start = first; start <= last; start += per) {
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (let i = start; i < Math.min(start + per, last + 1); i++) {
      const v = series.values[i] ?? 0;
      if (v < min) min = v;
      if (v > max) max = v;
    }
    out.push({ t: (start + per / 2) * dt, min, max });
  }
  return out;
}

/** The frequency of a sampled wave from its rising zero crossings; `fallback` when too few. */
export function estimateFrequency(samples: readonly number[], sampleRate: number, fallback = 50): number {
  const crossings: number[] = [];
  for (let i = 1; i < samples.length; i++) {
    const a = samples[i - 1] ?? 0;
    const b = samples[i] ?? 0;
    if (a < 0 && b >= 0) crossings.push(i - 1 + a / (a - b));
  }
  if (crossings.length < 2) return fallback;
  const first = crossings[0] ?? 0;
  const last = crossings.at(-1) ?? 0;
  const f = ((crossings.length - 1) * sampleRate) / (last - first);
  return Number.isFinite(f) && f > 1 ? f : fallback;
}

export interface Phasor {
  /** RMS of the fundamental. */
  magnitude: number;
  /** Degrees, −180 to 180, against the cosine at the window's start. */
  angle: number;
}

/** The fundamental of one cycle of `samples` centred on index `centre` (a one-bin DFT). */
export function phasorAt(samples: readonly number[], centre: number, samplesPerCycle: number): Phasor | null {
  const n = Math.round(samplesPerCycle);
  if (n < 4 || samples.length < n) return null;
  const start = Math.min(samples.length - n, Math.max(0, Math.round(centre - n / 2)));
  let re = 0;
  let im = 0;
  for (let k = 0; k < n; k++) {
    const v = samples[start + k] ?? 0;
    const w = (2 * Math.PI * k) / n;
    re += v * Math.cos(w);
    im -= v * Math.sin(w);
  }
  const peak = (2 / n) * Math.hypot(re, im);
  return { magnitude: peak / Math.SQRT2, angle: (Math.atan2(im, re) * 180) / Math.PI };
}

/** An angle brought into (−180, 180]. */
export function wrapAngle(degrees: number): number {
  let a = degrees % 360;
  if (a <= -180) a += 360;
  if (a > 180) a -= 360;
  return a;
}

/** Clamps a zoom window [from, to] within [0, duration], at least `minSpan` wide. */
export function clampView(from: number, to: number, duration: number, minSpan: number): [number, number] {
  const span = Math.min(duration, Math.max(minSpan, Math.abs(to - from)));
  let a = Math.min(from, to);
  a = Math.min(Math.max(0, a), duration - span);
  return [a, a + span];
}
