/**
 * The alarm sound (platform-core §9): a short beep made with WebAudio (no asset to download),
 * with a volume 0..100 (default 100) and a mute switch, both kept in localStorage.
 */
export const VOLUME_STORAGE_KEY = 'eem_alarm_volume';
export const MUTE_STORAGE_KEY = 'eem_alarm_muted';
export const DEFAULT_VOLUME = 100;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readVolume(): number {
  const raw = storage()?.getItem(VOLUME_STORAGE_KEY);
  const n = raw === null || raw === undefined ? Number.NaN : Number(raw);
  return Number.isFinite(n) ? Math.min(100, Math.max(0, Math.round(n))) : DEFAULT_VOLUME;
}

export function writeVolume(volume: number): void {
  storage()?.setItem(VOLUME_STORAGE_KEY, String(Math.min(100, Math.max(0, Math.round(volume)))));
}

export function readMuted(): boolean {
  return storage()?.getItem(MUTE_STORAGE_KEY) === 'true';
}

export function writeMuted(muted: boolean): void {
  storage()?.setItem(MUTE_STORAGE_KEY, String(muted));
}

type AudioContextCtor = new () => AudioContext;
let context: AudioContext | undefined;

/** Plays a 0.3 s two-tone beep at `volume` (0..100); false when audio is unavailable. */
export function beep(volume: number): boolean {
  if (volume <= 0) return false;
  const Ctor = (globalThis as { AudioContext?: AudioContextCtor }).AudioContext;
  if (!Ctor) return false;
  try {
    context ??= new Ctor();
    if (context.state === 'suspended') void context.resume();
    const start = context.currentTime;
    const gain = context.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.3 * (volume / 100), start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.3);
    gain.connect(context.destination);
    const osc = context.createOscillator();
    osc.type = 'sine';
    osc.frequency.setValueAtTime(880, start);
    osc.frequency.setValueAtTime(660, start + 0.15);
    osc.connect(gain);
    osc.start(start);
    osc.stop(start + 0.31);
    return true;
  } catch {
    return false;
  }
}
