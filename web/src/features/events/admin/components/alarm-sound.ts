/**
 * The alarm sound settings of this browser (volume 0–100, default 100, and mute), kept in
 * localStorage under `eem_alarm_sound`, and a short beep through Web Audio at that volume.
 * The header bell reads the same settings with readAlarmSound().
 */

export const ALARM_SOUND_KEY = 'eem_alarm_sound';

export interface AlarmSound {
  volume: number;
  muted: boolean;
}

export const DEFAULT_ALARM_SOUND: AlarmSound = { volume: 100, muted: false };

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readAlarmSound(): AlarmSound {
  const raw = storage()?.getItem(ALARM_SOUND_KEY);
  if (!raw) return { ...DEFAULT_ALARM_SOUND };
  try {
    const parsed = JSON.parse(raw) as Partial<AlarmSound>;
    const volume = Number(parsed.volume);
    return {
      volume: Number.isFinite(volume) ? Math.min(100, Math.max(0, Math.round(volume))) : 100,
      muted: parsed.muted === true,
    };
  } catch {
    return { ...DEFAULT_ALARM_SOUND };
  }
}

export function writeAlarmSound(sound: AlarmSound): void {
  storage()?.setItem(ALARM_SOUND_KEY, JSON.stringify(sound));
}

type AudioContextClass = new () => AudioContext;

/** Plays a 0.4 s beep at the volume; false when muted, silent or the browser has no Web Audio. */
export function playBeep(sound: AlarmSound, frequency = 880): boolean {
  if (sound.muted || sound.volume <= 0) return false;
  const scope = globalThis as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Context) return false;
  const context = new Context();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  const now = context.currentTime;
  gain.gain.setValueAtTime(sound.volume / 100, now);
  gain.gain.exponentialRampToValueAtTime(0.001, now + 0.4);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(now);
  oscillator.stop(now + 0.4);
  oscillator.onended = () => void context.close();
  return true;
}
