/**
 * A recording as COMTRADE (IEEE C37.111-1999): the configuration file (.cfg) and the ASCII
 * data file (.dat), lines ended by CR LF. Analog values are integers scaled per channel
 * (value = a * integer + b, b = 0) within ±32767; times in the project's local time.
 */
import type { Waveform } from '@eem/contract';
import { localParts } from '@eem/core';
import { WAVE } from './waveform.js';

const CRLF = '\r\n';
const RANGE = 32_767;

/** COMTRADE 1999 text is ASCII without commas in fields. */
export function comtradeText(text: string): string {
  return [...text].map((c) => (c >= ' ' && c <= '~' && c !== ',' ? c : '_')).join('');
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}

/** dd/mm/yyyy,hh:mm:ss.ssssss in the time zone. */
export function comtradeTime(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  const micros = String((((ms % 1000) + 1000) % 1000) * 1000).padStart(6, '0');
  return `${two(p.day)}/${two(p.month)}/${p.year},${two(p.hour)}:${two(p.minute)}:${two(p.second)}.${micros}`;
}

const PHASE_OF: Record<string, string> = { a: 'A', b: 'B', c: 'C' };

export interface ComtradeFiles {
  cfg: string;
  dat: string;
}

export function toComtrade(
  wave: Waveform,
  recording: { station: string; device: string; triggerTime: number; timeZone: string },
): ComtradeFiles {
  const channels = wave.channels;
  const scales = channels.map((c) => {
    const peak = c.samples.reduce((max, v) => Math.max(max, Math.abs(v)), 0);
    // A little headroom below the integer range; a silent channel still gets a usable scale.
    return Number((Math.max(peak, 0.001) / 32_000).toPrecision(6));
  });
  const count = channels[0]?.samples.length ?? 0;
  const cfg = [
    `${comtradeText(recording.station)},${comtradeText(recording.device)},1999`,
    `${channels.length},${channels.length}A,0D`,
    ...channels.map((c, i) => {
      const phase = PHASE_OF[c.name.slice(-1).toLowerCase()] ?? '';
      return `${i + 1},${comtradeText(c.name)},${phase},,${comtradeText(c.unit)},${scales[i]},0,0,${-RANGE},${RANGE},1,1,P`;
    }),
    String(WAVE.frequency),
    '1',
    `${wave.sampleRate},${count}`,
    comtradeTime(wave.startTime, recording.timeZone),
    comtradeTime(recording.triggerTime, recording.timeZone),
    'ASCII',
    '1',
  ];
  const rows: string[] = [];
  for (let i = 0; i < count; i++) {
    const micros = Math.round((i * 1_000_000) / wave.sampleRate);
    const values = channels.map((c, k) => Math.round((c.samples[i] ?? 0) / (scales[k] ?? 1)));
    rows.push(`${i + 1},${micros},${values.join(',')}`);
  }
  return { cfg: cfg.join(CRLF) + CRLF, dat: rows.join(CRLF) + CRLF };
}
