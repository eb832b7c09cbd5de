import { describe, expect, it } from 'vitest';
import { toComtrade } from './comtrade.js';
import { iticRegion } from './itic.js';
import { recordWave, sampleCount, type WaveParameters } from './waveform.js';

const sag: WaveParameters = {
  type: 'sag',
  phase: 'A',
  magnitude: 60,
  durationMs: 100,
  nominalVoltage: 230,
  loadCurrent: 100,
  powerFactor: 0.9,
  pointOnWave: 30,
  seed: 7,
};

describe('ITIC regions', () => {
  it('follows the standard breakpoints', () => {
    expect(iticRegion(0, 15)).toBe('ok');
    expect(iticRegion(0, 25)).toBe('noDamage');
    expect(iticRegion(75, 400)).toBe('ok');
    expect(iticRegion(65, 400)).toBe('noDamage');
    expect(iticRegion(75, 600)).toBe('noDamage');
    expect(iticRegion(85, 20_000)).toBe('noDamage');
    expect(iticRegion(125, 100)).toBe('prohibited');
    expect(iticRegion(115, 100)).toBe('ok');
    expect(iticRegion(115, 1_000)).toBe('prohibited');
    expect(iticRegion(190, 1)).toBe('ok');
    expect(iticRegion(210, 1)).toBe('prohibited');
    expect(iticRegion(450, 0.1)).toBe('ok');
  });
});

describe('recordings', () => {
  it('are the same for the same parameters and show the sag on the affected phase', () => {
    const a = recordWave(sag, 1_000_000, 5);
    expect(recordWave(sag, 1_000_000, 5)).toEqual(a);
    expect(a.startTime).toBe(1_000_000 - 200);
    const [ua, ub] = a.channels;
    expect(ua?.samples).toHaveLength(sampleCount(100));
    expect(sampleCount(100)).toBe(640 + 320 + 640);
    expect(sampleCount(5_000)).toBe(3_200);
    const minA = Math.min(...(ua?.rms ?? []));
    expect(minA / 230).toBeCloseTo(0.6, 1);
    expect(Math.min(...(ub?.rms ?? [])) / 230).toBeGreaterThan(0.95);
    expect((ua?.rms[100] ?? 0) / 230).toBeCloseTo(1, 1);
  });

  it('put the peak of a transient at its magnitude', () => {
    const wave = recordWave({ ...sag, type: 'transient', magnitude: 200, durationMs: 1 }, 0, 1);
    const peak = Math.max(...(wave.channels[0]?.samples ?? []).map(Math.abs));
    expect(peak / (230 * Math.SQRT2)).toBeCloseTo(2, 1);
  });

  it('write COMTRADE 1999 with scaled integers', () => {
    const wave = recordWave(sag, Date.UTC(2026, 0, 2, 3, 4, 5, 6), 5);
    const { cfg, dat } = toComtrade(wave, {
      station: 'Meter, T1',
      device: 'EEM-9',
      triggerTime: Date.UTC(2026, 0, 2, 3, 4, 5, 6),
      timeZone: 'UTC',
    });
    const lines = cfg.split('\r\n');
    expect(lines[0]).toBe('Meter_ T1,EEM-9,1999');
    expect(lines[1]).toBe('6,6A,0D');
    expect(lines[2]).toMatch(/^1,Ua,A,,V,[0-9.e-]+,0,0,-32767,32767,1,1,P$/);
    expect(lines.slice(8, 11)).toEqual(['50', '1', `3200,${sampleCount(100)}`]);
    expect(lines[11]).toBe('02/01/2026,03:04:04.806000');
    expect(lines[12]).toBe('02/01/2026,03:04:05.006000');
    expect(lines.slice(13, 15)).toEqual(['ASCII', '1']);
    const rows = dat.trimEnd().split('\r\n');
    expect(rows).toHaveLength(sampleCount(100));
    const scale = Number(lines[2]?.split(',')[5]);
    const first = rows[0]?.split(',').map(Number) ?? [];
    expect(first.slice(0, 2)).toEqual([1, 0]);
    expect((first[2] ?? 0) * scale).toBeCloseTo(wave.channels[0]?.samples[0] ?? 0, 0);
    expect(
      Math.max(
        ...rows.flatMap((r) =>
          r
            .split(',')
            .slice(2)
            .map((v) => Math.abs(Number(v))),
        ),
      ),
    ).toBeLessThanOrEqual(32_767);
  });
});
