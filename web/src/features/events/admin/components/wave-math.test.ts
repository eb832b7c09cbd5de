import { describe, expect, it } from 'vitest';
import { clampView, envelope, estimateFrequency, indexAt, phasorAt, valueAt, wrapAngle } from './wave-math';

const RATE = 6400;
/** 0.2 s of a 50 Hz wave of RMS `rms` shifted by `phase` degrees. */
function wave(rms: number, phase: number, seconds = 0.2): number[] {
  return Array.from(
    { length: Math.round(RATE * seconds) },
    (_, i) => rms * Math.SQRT2 * Math.cos(2 * Math.PI * 50 * (i / RATE) + (phase * Math.PI) / 180),
  );
}

describe('wave math', () => {
  it('finds the value at a time in series of different rates over one recording', () => {
    const samples = { values: [0, 1, 2, 3, 4, 5, 6, 7], duration: 0.08 };
    const rms = { values: [10, 20], duration: 0.08 };
    expect(indexAt(samples, 0.035)).toBe(3);
    expect(valueAt(samples, 0.035)).toBe(3);
    expect(valueAt(rms, 0.035)).toBe(10);
    expect(valueAt(rms, 0.05)).toBe(20);
    expect(valueAt(samples, 1)).toBe(7);
    expect(valueAt({ values: [], duration: 1 }, 0)).toBeNull();
  });

  it('keeps the peaks when many samples share a pixel', () => {
    const values = wave(230, 0);
    const points = envelope({ values, duration: 0.2 }, 0, 0.2, 50);
    expect(points.length).toBeLessThanOrEqual(51);
    const peak = Math.max(...points.map((p) => p.max));
    expect(peak).toBeCloseTo(230 * Math.SQRT2, 0);
    expect(Math.min(...points.map((p) => p.min))).toBeCloseTo(-230 * Math.SQRT2, 0);
  });

  it('measures the frequency from zero crossings', () => {
    expect(estimateFrequency(wave(230, 10), RATE)).toBeCloseTo(50, 1);
    expect(estimateFrequency([1, 1, 1], RATE)).toBe(50);
  });

  it('gives the RMS and angle of the fundamental of one cycle', () => {
    const perCycle = RATE / 50;
    const a = phasorAt(wave(230, 0), 640, perCycle);
    const b = phasorAt(wave(230, -120), 640, perCycle);
    expect(a?.magnitude).toBeCloseTo(230, 3);
    expect(b?.magnitude).toBeCloseTo(230, 3);
    expect(wrapAngle((b?.angle ?? 0) - (a?.angle ?? 0))).toBeCloseTo(-120, 3);
    expect(phasorAt([1, 2], 0, perCycle)).toBeNull();
  });

  it('wraps angles and clamps zoom windows', () => {
    expect(wrapAngle(270)).toBe(-90);
    expect(wrapAngle(-190)).toBe(170);
    expect(clampView(0.15, 0.05, 0.2, 0.001)).toEqual([0.05, 0.15]);
    expect(clampView(0.19, 0.25, 0.2, 0.001)[1]).toBe(0.2);
    expect(clampView(0.1, 0.1, 0.2, 0.01)).toEqual([0.1, 0.11]);
  });
});
