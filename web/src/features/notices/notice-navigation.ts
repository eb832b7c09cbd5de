/**
 * Where a click on a notice goes (platform-core §2.5): the configurable notice route list
 * first, then the table by log type, then the configurable default (event diagnosis). In
 * module pf a project page cannot be opened (请先进入项目之后再跳转); on the target page
 * already, an info message says so; a page that is not built yet is not opened.
 */
import { isPlatformRoute, type Module, noticeTarget } from '@eem/core';

export type NoticeJump =
  | { kind: 'navigate'; path: string }
  | { kind: 'alreadyOnPage'; path: string }
  | { kind: 'enterProjectFirst'; path: string }
  | { kind: 'unavailable'; path: string };

export interface NoticeJumpInput {
  logType: number;
  module: Module;
  currentPath: string;
  /** shell.appSystemInfo noticeRoutes: log type (as text) → path. */
  noticeRoutes?: Readonly<Record<string, string>> | undefined;
  defaultRoute?: string | undefined;
  screens: ReadonlySet<string>;
}

export function noticeJump(input: NoticeJumpInput): NoticeJump {
  const configured: Record<number, string> = {};
  for (const [key, path] of Object.entries(input.noticeRoutes ?? {})) {
    const type = Number(key);
    if (Number.isInteger(type) && path.startsWith('/')) configured[type] = path;
  }
  const options = input.defaultRoute ? { configured, defaultPath: input.defaultRoute } : { configured };
  const path = noticeTarget(input.logType, options);
  if (input.module === 'pf' && !isPlatformRoute(path)) return { kind: 'enterProjectFirst', path };
  if (input.currentPath === path) return { kind: 'alreadyOnPage', path };
  if (!input.screens.has(path)) return { kind: 'unavailable', path };
  return { kind: 'navigate', path };
}

/**
 * The address a notice opens: its page, with ?code=… when the notice is about a work order (the
 * board opens it), ?inletId=… when it is about an inlet (a declaration reminder opens that inlet's
 * proposal) or ?eventId=… when it is about an event (the event screens then show that event).
 */
export function noticeHref(path: string, content: string | undefined): string {
  let parsed: { eventId?: unknown; orderCode?: unknown; inletId?: unknown } = {};
  try {
    const value: unknown = content ? JSON.parse(content) : null;
    parsed = value !== null && typeof value === 'object' ? (value as typeof parsed) : {};
  } catch {
    parsed = {};
  }
  // A work order's notice opens that order on its board.
  if (typeof parsed.orderCode === 'string' && parsed.orderCode !== '')
    return `${path}?code=${encodeURIComponent(parsed.orderCode)}`;
  const id = Number(parsed.eventId);
  if (Number.isSafeInteger(id) && id > 0) return `${path}?eventId=${id}`;
  const inletId = Number(parsed.inletId);
  return Number.isSafeInteger(inletId) && inletId > 0 ? `${path}?inletId=${inletId}` : path;
}
