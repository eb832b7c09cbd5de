/**
 * How `eem notices tail` prints a notice and its status: a line for people (local time, the
 * class in its alarm colour, type name, description, node), a tab-separated line for scripts,
 * one JSON object per line for `--json`, and the one-line status that tells quiet from
 * disconnected.
 */
import type { Notice } from '@eem/contract';
import { logTypeName } from '@eem/core';
import type { Palette } from '../output/colour.js';
import { displayTime, isoTime } from '../output/time.js';
import { className, paintLevel } from './events-colours.js';
import type { StreamState } from './notices-tail-stream.js';

export interface NoticeFilter {
  classes: number[];
  types: number[];
}

export function matches(notice: Notice, filter: NoticeFilter): boolean {
  return (
    (filter.classes.length === 0 || filter.classes.includes(notice.eventClass)) &&
    (filter.types.length === 0 || filter.types.includes(notice.logType))
  );
}

/** The node a notice is about, from its content (nodeName, else the path), or ''. */
export function noticeNode(notice: Notice): string {
  if (!notice.content.startsWith('{')) return '';
  try {
    const content = JSON.parse(notice.content) as Record<string, unknown>;
    for (const key of ['nodeName', 'path', 'node']) {
      const value = content[key];
      if (typeof value === 'string' && value.trim() !== '') return value.trim();
    }
  } catch {
    // Not JSON: no node.
  }
  return '';
}

function typeName(notice: Notice): string {
  return notice.logTypeName || logTypeName(notice.logType);
}

const oneLine = (text: string) => text.replace(/[\t\r\n]+/g, ' ');

/** `2026-01-15 16:00:00  Alarm     Energy over limit  Workshop A: … · Workshop A`, the time in `timeZone` (the project's). */
export function humanLine(
  notice: Notice,
  palette: Palette,
  language: 'zh' | 'en' = 'en',
  timeZone: string | undefined = undefined,
): string {
  const cls = className(notice.eventClass, language);
  const node = noticeNode(notice);
  const description = oneLine(notice.description);
  const about = node && !description.includes(node) ? palette.dim(` · ${node}`) : '';
  return `${palette.dim(displayTime(notice.time, timeZone))}  ${paintLevel(palette, notice.eventClass, cls.padEnd(8))}  ${palette.bold(typeName(notice))}  ${description}${about}`;
}

/** id, ISO time, class, class name, log type, type name, description, node: tab-separated. */
export function tsvLine(notice: Notice): string {
  return [
    notice.id,
    isoTime(notice.time) ?? '',
    notice.eventClass,
    className(notice.eventClass),
    notice.logType,
    typeName(notice),
    notice.description,
    noticeNode(notice),
  ]
    .map((v) => oneLine(String(v)))
    .join('\t');
}

export function jsonLine(notice: Notice): string {
  return JSON.stringify(notice);
}

/** "3h 12m", "45s": a span for people. */
export function formatSpan(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${m % 60}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}

/** "connected · 12 notices · quiet for 2m", "disconnected · retrying in 4s", "connecting…". */
export function statusText(
  state: StreamState,
  now: number,
  count: number,
  lastNoticeAt?: number | undefined,
): string {
  switch (state.kind) {
    case 'connecting':
      return state.attempt === 0 ? 'connecting…' : `reconnecting… (attempt ${state.attempt + 1})`;
    case 'connected': {
      const since = Math.max(state.since, lastNoticeAt ?? state.lastNoticeAt ?? 0);
      const quiet = formatSpan(now - since);
      const notices = `${count} notice${count === 1 ? '' : 's'}`;
      return `connected · ${notices} · quiet for ${quiet}`;
    }
    case 'disconnected':
      return `disconnected (${state.reason}) · retrying in ${formatSpan(Math.max(0, state.retryAt - now))}`;
  }
}
