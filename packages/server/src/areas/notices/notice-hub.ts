/**
 * Notices: stored in the message log with increasing ids, then pushed to the user's open
 * channels. A channel resumes from an id: it replays what was missed, then goes live,
 * losing and repeating nothing (ADR 0003).
 */
import type { Notice } from '@eem/contract';
import { logTypeName, normalizeEventClass } from '@eem/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/database.js';
import {
  insertNotices,
  lastNoticeId,
  type NewNotice,
  type NoticeLogQuery,
  type NoticeRow,
  noticePage,
  noticesSince,
} from './repo/notices.js';

export interface NoticeInput {
  userIds: readonly number[];
  projectId: number | null;
  logType: number;
  eventClass?: number;
  description: string;
  content?: Record<string, unknown>;
}

type Listener = (row: NoticeRow) => void;

export function toWireNotice(row: NoticeRow, language: 'zh' | 'en'): Notice {
  return {
    id: row.id,
    time: row.created_at,
    logType: row.log_type,
    logTypeName: logTypeName(row.log_type, language),
    eventClass: row.event_class,
    description: row.description,
    projectId: row.project_id,
    content: row.content,
  };
}

export class NoticeHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  /** The end of the publish in progress; the next one starts after it. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** Listens to the live notices of a user; returns the function that stops listening. */
  subscribe(userId: number, listener: Listener): () => void {
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  listenerCount(userId: number): number {
    return this.listeners.get(userId)?.size ?? 0;
  }

  /** Stores one notice per recipient (in one transaction), then pushes each to its listeners. */
  async publish(input: NoticeInput): Promise<NoticeRow[]> {
    return this.publishMany([input]);
  }

  async publishMany(inputs: readonly NoticeInput[]): Promise<NoticeRow[]> {
    const now = this.clock();
    const values = inputs.flatMap((input) => {
      const eventClass = normalizeEventClass(input.eventClass ?? input.content?.eventClass ?? 5);
      const content = JSON.stringify({ eventClass, ...(input.content ?? {}) });
      return [...new Set(input.userIds)].map((userId) => ({
        user_id: userId,
        project_id: input.projectId,
        log_type: input.logType,
        event_class: eventClass,
        description: input.description,
        content,
        created_at: now,
      }));
    });
    if (values.length === 0) return [];
    // One publish at a time: ids are handed out in insert order but transactions may commit in
    // any order on a connection pool (PostgreSQL), and a channel skips ids below the last it
    // sent. Serialised, every listener hears ids in increasing order (SQLite's single
    // connection did this by itself).
    const published = this.queue.then(() => this.store(values));
    this.queue = published.catch(() => undefined);
    return published;
  }

  private async store(values: readonly NewNotice[]): Promise<NoticeRow[]> {
    const rows = await insertNotices(this.db, values);
    for (const row of rows) {
      for (const listener of this.listeners.get(row.user_id) ?? []) listener(row);
    }
    return rows;
  }

  /** The user's notices with an id above `afterId`, oldest first. */
  since(userId: number, afterId: number, limit: number): Promise<NoticeRow[]> {
    return noticesSince(this.db, userId, afterId, limit);
  }

  lastId(userId: number): Promise<number> {
    return lastNoticeId(this.db, userId);
  }

  /** The message log: a user's notices in a time range, newest first, paged. */
  log(query: NoticeLogQuery): Promise<{ total: number; rows: NoticeRow[] }> {
    return noticePage(this.db, query);
  }
}
