/** The message log (notices, ids increasing per insert) and the registered notice clients. */
import type { Insertable, Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { NoticeTable } from '../../../db/schema.js';

export type NoticeRow = Selectable<NoticeTable>;
export type NewNotice = Insertable<NoticeTable>;

/** Stores notices in one transaction, 500 rows a statement; answers them by id. */
export async function insertNotices(db: Db, values: readonly NewNotice[]): Promise<NoticeRow[]> {
  const rows = await inTransaction(db, async (trx) => {
    const out: NoticeRow[] = [];
    for (let i = 0; i < values.length; i += 500) {
      out.push(
        ...(await trx
          .insertInto('notices')
          .values(values.slice(i, i + 500))
          .returningAll()
          .execute()),
      );
    }
    return out;
  });
  return rows.sort((a, b) => a.id - b.id);
}

/** The user's notices with an id above `afterId`, oldest first. */
export function noticesSince(db: Db, userId: number, afterId: number, limit: number): Promise<NoticeRow[]> {
  return db
    .selectFrom('notices')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function lastNoticeId(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.max('id').as('max'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** The newest notice of anyone (0: none). */
export async function newestNoticeId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.max('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0);
}

/** Notices with ids in (afterId, uptoId], of these users (null: of anyone), oldest first, at most `limit`. */
export function noticesBetween(
  db: Db,
  range: { afterId: number; uptoId: number; userIds: readonly number[] | null; limit: number },
): Promise<NoticeRow[]> {
  let query = db
    .selectFrom('notices')
    .selectAll()
    .where('id', '>', range.afterId)
    .where('id', '<=', range.uptoId);
  if (range.userIds)
    query = query.where('user_id', 'in', range.userIds.length > 0 ? [...range.userIds] : [0]);
  return query.orderBy('id').limit(range.limit).execute();
}

/** A user's notices in [startTime, endTime) (after `afterId`), newest first, paged, with the total. */
export interface NoticeLogQuery {
  userId: number;
  startTime: number;
  endTime: number;
  index: number;
  limit: number;
  afterId?: number | undefined;
}

export async function noticePage(
  db: Db,
  query: NoticeLogQuery,
): Promise<{ total: number; rows: NoticeRow[] }> {
  let base = db
    .selectFrom('notices')
    .where('user_id', '=', query.userId)
    .where('created_at', '>=', query.startTime)
    .where('created_at', '<', query.endTime);
  if (query.afterId !== undefined) base = base.where('id', '>', query.afterId);
  const total = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.index * query.limit)
    .execute();
  return { total: Number(total?.n ?? 0), rows };
}

/** Registers (or re-registers) a user's notice client with its tags. */
export async function upsertMessageClient(
  db: Db,
  client: { userId: number; tags: readonly string[]; now: number },
): Promise<void> {
  const tags = JSON_COLUMNS.messageClientTags.write([...client.tags]);
  await db
    .insertInto('message_clients')
    .values({ user_id: client.userId, tags, registered_at: client.now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ tags, registered_at: client.now }))
    .execute();
}
