import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALARM_SOUND_KEY, playBeep, readAlarmSound, writeAlarmSound } from './alarm-sound';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('alarm sound', () => {
  it('defaults to volume 100, unmuted, and keeps what is written', () => {
    expect(readAlarmSound()).toEqual({ volume: 100, muted: false });
    writeAlarmSound({ volume: 35, muted: true });
    expect(readAlarmSound()).toEqual({ volume: 35, muted: true });
    localStorage.setItem(ALARM_SOUND_KEY, '{"volume": 400}');
    expect(readAlarmSound()).toEqual({ volume: 100, muted: false });
    localStorage.setItem(ALARM_SOUND_KEY, 'not json');
    expect(readAlarmSound()).toEqual({ volume: 100, muted: false });
  });

  it('beeps at the volume unless muted', () => {
    const gains: number[] = [];
    class FakeContext {
      currentTime = 0;
      destination = {};
      createOscillator() {
        return {
          type: '',
          frequency: { value: 0 },
          connect: (n: unknown) => n,
          start() {},
          stop() {},
          onended: null,
        };
      }
      createGain() {
        return {
          gain: { setValueAtTime: (v: number) => gains.push(v), exponentialRampToValueAtTime() {} },
          connect: (n: unknown) => n,
        };
      }
      close() {
        return Promise.resolve();
      }
    }
    vi.stubGlobal('AudioContext', FakeContext);
    expect(playBeep({ volume: 40, muted: false })).toBe(true);
    expect(gains).toEqual([0.4]);
    expect(playBeep({ volume: 40, muted: true })).toBe(false);
    expect(playBeep({ volume: 0, muted: false })).toBe(false);
  });
});
