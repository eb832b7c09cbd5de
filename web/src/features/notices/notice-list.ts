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
