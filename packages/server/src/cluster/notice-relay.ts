/**
 * Notices across servers (ADR 0016). Every store transaction takes one transaction-level
 * advisory lock before its inserts, so ids are handed out and committed in the same order on
 * every server, and the committed notices are always a prefix of the ids (gaps of rolled-back
 * transactions aside). In the same transaction it NOTIFYs the highest id it stored; PostgreSQL
 * delivers notifications in commit order. Each server then reads the rows after the last id it
 * handed on, up to the announced one (of the users with channels here), and hands them to the
 * channels in id order: every channel of a user on every server hears every notice once, in
 * order; a channel's own `sent` id drops what its replay already sent. A lost bus connection
 * is caught up from the table when it is back.
 */
import type { NoticeHub, NoticeRelay } from '../areas/notices/notice-hub.js';
import { newestNoticeId, noticesBetween } from '../areas/notices/repo/notices.js';
import type { Db } from '../db/database.js';
import type { PostgresBus } from './bus.js';
import { lockNoticeIds } from './repo/signals.js';

const BATCH = 1_000;
/** Read the rows of these users only while fewer have channels here (else all rows). */
const FILTER_USERS_UP_TO = 2_000;

export class PostgresNoticeRelay implements NoticeRelay {
  /** The newest id handed to the channels here. */
  private seen = 0;
  /** The newest id announced. */
  private target = 0;
  private pumping = false;
  private retry: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly bus: PostgresBus,
    private readonly hub: NoticeHub,
    private readonly log: (message: string) => void,
  ) {}

  /** Starts from the newest notice stored now (channels replay older ones themselves). */
  async start(): Promise<void> {
    this.bus.on('eem_notices', (payload) => this.announced(Number(payload)));
    this.bus.onGap((state) => {
      if (state === 'back') this.catchUp();
    });
    // An announcement heard while reading this may be newer than what was read: it stays the target.
    const newest = await this.newest();
    this.seen = newest;
    this.target = Math.max(this.target, newest);
    this.hub.useRelay(this);
    void this.pump();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
  }

  beforeStore(trx: Db): Promise<void> {
    return lockNoticeIds(trx);
  }

  async stored(trx: Db, rows: readonly { id: number }[]): Promise<void> {
    const last = rows.at(-1);
    if (last) await this.bus.send('eem_notices', String(last.id), trx);
  }

  private newest(): Promise<number> {
    return newestNoticeId(this.db);
  }

  private catchUp(): void {
    this.newest()
      .then((id) => this.announced(id))
      .catch((error: unknown) => this.log(`notices: catching up failed: ${text(error)}`));
  }

  private announced(id: number): void {
    if (!Number.isFinite(id)) return;
    if (id > this.target) this.target = id;
    void this.pump();
  }

  /** Hands on the rows up to the announced id, one batch after the other. */
  private async pump(): Promise<void> {
    if (this.pumping || this.stopped) return;
    this.pumping = true;
    try {
      while (this.seen < this.target && !this.stopped) {
        const upto = this.target;
        const users = this.hub.listenedUsers();
        if (users.length === 0) {
          this.seen = upto;
          continue;
        }
        const rows = await noticesBetween(this.db, {
          afterId: this.seen,
          uptoId: upto,
          userIds: users.length <= FILTER_USERS_UP_TO ? users : null,
          limit: BATCH,
        });
        for (const row of rows) this.hub.dispatch(row);
        this.seen = rows.length === BATCH ? (rows.at(-1)?.id ?? upto) : upto;
      }
    } catch (error) {
      this.log(`notices: reading announced notices failed: ${text(error)}`);
      this.retry = setTimeout(() => {
        this.retry = undefined;
        void this.pump();
      }, 1_000);
      this.retry.unref();
    } finally {
      this.pumping = false;
    }
  }
}

function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
