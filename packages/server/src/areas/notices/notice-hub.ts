/**
 * Notices: stored in the message log with increasing ids, then pushed to the user's open
 * channels. A channel resumes from an id: it replays what was missed, then goes live,
 * losing and repeating nothing (ADR 0003).
 */
import type { Notice } from '@eem/contract';
import {
  encodeText,
  logTypeName,
  normalizeEventClass,
  renderText,
  type StoredText,
  shownText,
  workOrderStatusName,
} from '@eem/core';
import type { Clock } from '../../clock.js';
import { type Db, inTransaction } from '../../db/database.js';
import {
  insertNotices,
  lastNoticeId,
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
  /**
   * What the notice says, as a text of core's catalogue: each reader sees it in their language
   * (the message log by the request's Accept-Language, a notice channel by its own). The
   * content's `description`, when it has one, is this text too.
   */
  text: StoredText;
  content?: Record<string, unknown>;
}

type Listener = (row: NoticeRow) => void;

/**
 * Several servers on one database (PostgreSQL, cluster/notice-relay.ts): the store transaction
 * takes the lock that keeps ids in commit order and announces what it stored; listeners hear
 * every server's notices through the relay, which calls dispatch() in id order.
 */
export interface NoticeRelay {
  beforeStore(trx: Db): Promise<void>;
  stored(trx: Db, rows: readonly NoticeRow[]): Promise<void>;
}

/** Stores notices inside the transaction of NoticeHub.transaction. */
export type PublishIn = (inputs: readonly NoticeInput[]) => Promise<NoticeRow[]>;

export function toWireNotice(row: NoticeRow, language: 'zh' | 'en'): Notice {
  const description = shownText(row.description_text, row.description, language);
  return {
    id: row.id,
    time: row.created_at,
    logType: row.log_type,
    logTypeName: logTypeName(row.log_type, language),
    eventClass: row.event_class,
    description,
    projectId: row.project_id,
    content: localContent(row.content, description, language),
  };
}

/** The content's texts in the reader's language: its description, a work order's status name. */
function localContent(content: string, description: string, language: 'zh' | 'en'): string {
  try {
    const parsed = JSON.parse(content) as Record<string, unknown>;
    if (typeof parsed.description === 'string') parsed.description = description;
    if (typeof parsed.statusName === 'string' && typeof parsed.workSheetStatus === 'number')
      parsed.statusName = workOrderStatusName(parsed.workSheetStatus, language);
    return JSON.stringify(parsed);
  } catch {
    return content;
  }
}

export class NoticeHub {
  private readonly listeners = new Map<number, Set<Listener>>();
  /** The end of the publish in progress; the next one starts after it. */
  private queue: Promise<unknown> = Promise.resolve();
  private relay: NoticeRelay | undefined;

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

  /** The users with listeners in this process. */
  listenedUsers(): number[] {
    return [...this.listeners.keys()];
  }

  /** From now on listeners hear notices through `relay` (several servers, ADR 0016). */
  useRelay(relay: NoticeRelay): void {
    this.relay = relay;
  }

  /** Hands a stored notice to its user's listeners (in id order). */
  dispatch(row: NoticeRow): void {
    for (const listener of this.listeners.get(row.user_id) ?? []) listener(row);
  }

  /** Stores one notice per recipient (in one transaction), then pushes each to its listeners. */
  async publish(input: NoticeInput): Promise<NoticeRow[]> {
    return this.publishMany([input]);
  }

  async publishMany(inputs: readonly NoticeInput[]): Promise<NoticeRow[]> {
    if (inputs.every((input) => input.userIds.length === 0)) return [];
    return this.transaction((_trx, publish) => publish(inputs));
  }

  /**
   * Runs `work` in one transaction in which `publish` stores notices, so that what the work
   * writes and its notices commit together or not at all (an event and its notices). Listeners
   * hear the notices after the commit.
   *
   * One at a time: ids are handed out in insert order but transactions may commit in any order
   * on a connection pool (PostgreSQL), and a channel skips ids below the last it sent.
   * Serialised, every listener hears ids in increasing order (SQLite's single connection did
   * this by itself; across servers the relay's lock does it).
   */
  transaction<T>(work: (trx: Db, publish: PublishIn) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const stored: NoticeRow[] = [];
      const result = await inTransaction(this.db, (trx) =>
        work(trx, async (inputs) => {
          const rows = await this.store(trx, inputs);
          stored.push(...rows);
          return rows;
        }),
      );
      if (!this.relay) for (const row of stored.sort((a, b) => a.id - b.id)) this.dispatch(row);
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async store(trx: Db, inputs: readonly NoticeInput[]): Promise<NoticeRow[]> {
    const now = this.clock();
    const values = inputs.flatMap((input) => {
      const eventClass = normalizeEventClass(input.eventClass ?? input.content?.eventClass ?? 5);
      const description = renderText(input.text, 'en');
      // The content carries the description too (platform-core §3), rendered again when read.
      const content = JSON.stringify({ eventClass, ...(input.content ?? {}), description });
      return [...new Set(input.userIds)].map((userId) => ({
        user_id: userId,
        project_id: input.projectId,
        log_type: input.logType,
        event_class: eventClass,
        description,
        description_text: encodeText(input.text),
        content,
        created_at: now,
      }));
    });
    if (values.length === 0) return [];
    await this.relay?.beforeStore(trx);
    const rows = await insertNotices(trx, values);
    await this.relay?.stored(trx, rows);
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
