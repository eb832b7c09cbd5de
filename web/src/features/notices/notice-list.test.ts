import type { Notice } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { addNotice, badgeCount, noticesOnSignIn, noticeTypeName } from './notice-list';

const notice = (id: number, time = id * 1000): Notice => ({
  id,
  time,
  logType: 701,
  logTypeName: 'Energy over limit',
  eventClass: 2,
  description: `notice ${id}`,
  projectId: 1,
  content: '{}',
});

describe('notice list', () => {
  it('keeps the newest first, at most 99, each once', () => {
    let list: Notice[] = [];
    for (let i = 1; i <= 120; i++) list = addNotice(list, notice(i));
    list = addNotice(list, notice(120));
    expect(list).toHaveLength(99);
    expect(list[0]?.id).toBe(120);
    expect(list.at(-1)?.id).toBe(22);
  });

  it('caps the badge at 99 (shown as 99+)', () => {
    expect(badgeCount(5)).toBe(5);
    expect(badgeCount(500)).toBe(100);
  });
});

describe('notice type names', () => {
  it('names known log types in the current language and keeps the server text otherwise', () => {
    expect(noticeTypeName({ logType: 704, logTypeName: 'x' }, 'zh')).toBe('需量超限');
    expect(noticeTypeName({ logType: 704, logTypeName: 'x' }, 'en')).toBe('Demand over threshold');
    expect(noticeTypeName({ logType: 999, logTypeName: 'Custom' }, 'zh')).toBe('Custom');
  });

  it('fills the bell on sign-in from the message log, counting what the user has not seen', () => {
    const page = (ids: number[], total = ids.length) => ({ total, list: ids.map((id) => notice(id)) });
    const fresh = noticesOnSignIn(page([5, 4, 3, 2, 1]), 3);
    expect(fresh.notices.map((n) => n.id)).toEqual([5, 4, 3, 2, 1]);
    expect(fresh.unread).toBe(2);
    expect(noticesOnSignIn(page([5, 4]), 5).unread).toBe(0);
    // A full page of unseen notices with more in the log: past 99, shown as 99+.
    const full = Array.from({ length: 99 }, (_, i) => 500 - i);
    expect(badgeCount(noticesOnSignIn(page(full, 500), 0).unread)).toBe(100);
    expect(noticesOnSignIn(page(full, 99), 0).unread).toBe(99);
  });
});
