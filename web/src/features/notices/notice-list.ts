/** The bell's list (platform-core §4): newest first, at most 99 kept, each notice once. */
import type { Notice } from '@eem/contract';
import { LOG_TYPE_NAMES, NOTICE_LIMITS } from '@eem/core';

export function addNotice(
  list: readonly Notice[],
  notice: Notice,
  keep: number = NOTICE_LIMITS.keep,
): Notice[] {
  if (list.some((n) => n.id === notice.id)) return [...list];
  const next = [notice, ...list];
  next.sort((a, b) => b.time - a.time || b.id - a.id);
  return next.slice(0, keep);
}

/** The badge text: the count, capped at 99 (Semi shows 99+). */
export function badgeCount(unread: number): number {
  return Math.max(0, Math.min(unread, NOTICE_LIMITS.badgeMax + 1));
}

/** The log type's name in the current language (the server's text for unknown types). */
export function noticeTypeName(
  notice: Pick<Notice, 'logType' | 'logTypeName'>,
  language: 'zh' | 'en',
): string {
  const names = LOG_TYPE_NAMES[notice.logType];
  return names ? names[language === 'zh' ? 0 : 1] : notice.logTypeName;
}

/** How far back the bell reads the message log on sign-in. */
export const RECENT_NOTICES_MS = 30 * 24 * 3_600_000;

const seenKey = (userId: number) => `eem_notice_seen:${userId}`;

/** The newest notice id the user has seen in the bell (kept per user in this browser). */
export function readSeenId(userId: number): number {
  try {
    const value = Number(localStorage.getItem(seenKey(userId)));
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

export function writeSeenId(userId: number, id: number): void {
  try {
    if (id > readSeenId(userId)) localStorage.setItem(seenKey(userId), String(id));
  } catch {
    // Private mode: the bell counts from the next sign-in again.
  }
}

/**
 * The bell on sign-in (issue 12): the latest notices of the message log (newest first, at
 * most 99) and how many the user has not seen. When the page is full of unseen notices and the
 * log holds more, the count goes past 99 so the badge reads 99+.
 */
export function noticesOnSignIn(
  log: { total: number; list: readonly Notice[] },
  seenId: number,
  keep: number = NOTICE_LIMITS.keep,
): { notices: Notice[]; unread: number } {
  let notices: Notice[] = [];
  for (const notice of log.list) notices = addNotice(notices, notice, keep);
  const unseen = notices.filter((n) => n.id > seenId).length;
  const more = unseen === notices.length && log.total > notices.length;
  return { notices, unread: Math.min(more ? unseen + 1 : unseen, NOTICE_LIMITS.badgeMax + 1) };
}
