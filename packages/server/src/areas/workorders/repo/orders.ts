/**
 * Work orders: the board's reads (a page, counts by state), one order by code, writes that
 * name the version they read (two people acting at once: one write wins, the other finds the
 * order changed), the timeline, the codes, the timeout sweep, and what other areas read of
 * orders (an event's repair order, a device's open orders).
 */
import { WORK_ORDER_STATUS } from '@eem/core';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import {
  JSON_COLUMNS,
  type OrderItemValue,
  type OrderWorkValue,
  type ReviewDraftValue,
} from '../../../db/json-columns.js';
import { contains, inChunks } from '../../../db/portable.js';
import type { WorkOrderStepTable, WorkOrderTable } from '../../../db/schema.js';

const C = JSON_COLUMNS;

type Json = 'attachments' | 'items' | 'work' | 'review_draft';

export type OrderRow = Omit<Selectable<WorkOrderTable>, Json> & {
  attachments: string[];
  items: OrderItemValue[];
  work: OrderWorkValue;
  review_draft: ReviewDraftValue | null;
};

/** What lists read of an order (no items, work or review draft). */
export type OrderListRow = Omit<Selectable<WorkOrderTable>, Json> & { attachments: string[] };

export type NewOrder = Omit<OrderRow, 'id'>;
export type OrderChange = Partial<Omit<OrderRow, 'id' | 'project_id' | 'version'>>;

const LIST_COLUMNS = [
  'id',
  'project_id',
  'type',
  'code',
  'status',
  'review_stage',
  'tasklevel',
  'description',
  'device_id',
  'node_id',
  'team_id',
  'executor_id',
  'creator_id',
  'source',
  'plan_id',
  'plan_name',
  'event_id',
  'executetimeplan',
  'timeconsumeplan',
  'deadline',
  'executetime',
  'finishtime',
  'overdue',
  'attachments',
  'taken_at',
  'submitted_at',
  'completed_at',
  'version',
  'created_at',
  'updated_at',
] as const;

function decoded(row: Selectable<WorkOrderTable>): OrderRow {
  return {
    ...row,
    attachments: C.orderAttachments.read(row.attachments, row.id),
    items: C.orderItems.read(row.items, row.id),
    work: C.orderWork.read(row.work, row.id),
    review_draft: row.review_draft === null ? null : C.orderReviewDraft.read(row.review_draft, row.id),
  };
}

function encoded(change: OrderChange): Updateable<WorkOrderTable> {
  const { attachments, items, work, review_draft, ...rest } = change;
  return {
    ...rest,
    ...(attachments === undefined ? {} : { attachments: C.orderAttachments.write(attachments) }),
    ...(items === undefined ? {} : { items: C.orderItems.write(items) }),
    ...(work === undefined ? {} : { work: C.orderWork.write(work) }),
    ...(review_draft === undefined
      ? {}
      : { review_draft: review_draft === null ? null : C.orderReviewDraft.write(review_draft) }),
  };
}

/** The orders a board reads: of one project and type, narrowed by the filters. */
export interface OrderQuery {
  projectId: number;
  type: string;
  status?: number | undefined;
  /** Part of the code. */
  code?: string | undefined;
  teamId?: number | undefined;
  /** Planned start in [from, to). */
  from?: number | undefined;
  to?: number | undefined;
  tasklevel?: number | undefined;
  overdueOnly?: boolean | undefined;
  keyword?: string | undefined;
  deviceId?: number | undefined;
  executorId?: number | undefined;
  planId?: number | undefined;
  eventId?: number | undefined;
}

function matching(db: Db, q: Omit<OrderQuery, 'status'>) {
  let query = db
    .selectFrom('work_orders as o')
    .where('o.project_id', '=', q.projectId)
    .where('o.type', '=', q.type);
  if (q.code) query = query.where(contains('o.code', q.code));
  if (q.teamId !== undefined) query = query.where('o.team_id', '=', q.teamId);
  if (q.from !== undefined) query = query.where('o.executetimeplan', '>=', q.from);
  if (q.to !== undefined) query = query.where('o.executetimeplan', '<', q.to);
  if (q.tasklevel !== undefined) query = query.where('o.tasklevel', '=', q.tasklevel);
  if (q.overdueOnly) query = query.where('o.overdue', '=', 1);
  if (q.deviceId !== undefined) query = query.where('o.device_id', '=', q.deviceId);
  if (q.executorId !== undefined) query = query.where('o.executor_id', '=', q.executorId);
  if (q.planId !== undefined) query = query.where('o.plan_id', '=', q.planId);
  if (q.eventId !== undefined) query = query.where('o.event_id', '=', q.eventId);
  if (q.keyword) {
    const text = q.keyword;
    const projectId = q.projectId;
    query = query.where((eb) =>
      eb.or([
        contains('o.code', text),
        contains('o.description', text),
        eb(
          'o.device_id',
          'in',
          eb
            .selectFrom('devices as d')
            .select('d.id')
            .where('d.project_id', '=', projectId)
            .where((w) => w.or([contains('d.name', text), contains('d.code', text)])),
        ),
        eb(
          'o.executor_id',
          'in',
          eb
            .selectFrom('users as u')
            .select('u.id')
            .where((w) => w.or([contains('u.nic_name', text), contains('u.name', text)])),
        ),
      ]),
    );
  }
  return query;
}

function withStatus(db: Db, q: OrderQuery) {
  const query = matching(db, q);
  return q.status === undefined ? query : query.where('o.status', '=', q.status);
}

export async function orderCount(db: Db, q: OrderQuery): Promise<number> {
  const row = await withStatus(db, q)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The matching orders, planned start newest first: a page, or (export) up to `limit`. */
export async function orderPage(
  db: Db,
  q: OrderQuery,
  page: { limit: number; offset: number },
): Promise<OrderListRow[]> {
  const rows = await withStatus(db, q)
    .select(LIST_COLUMNS.map((c) => `o.${c}` as const))
    .orderBy('o.executetimeplan', 'desc')
    .orderBy('o.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return rows.map((r) => ({ ...r, attachments: C.orderAttachments.read(r.attachments, r.id) }));
}

/** Matching orders per state (the status filter aside), and how many of them are overdue. */
export async function orderCounts(
  db: Db,
  q: OrderQuery,
): Promise<{ byStatus: Map<number, number>; overdue: number }> {
  const rows = await matching(db, q)
    .select([
      'o.status',
      (eb) => eb.fn.countAll<number>().as('n'),
      // overdue is 0 or 1: its sum counts the late ones, from the board index alone.
      sql<number>`sum(o.overdue)`.as('late'),
    ])
    .groupBy('o.status')
    .execute();
  let overdue = 0;
  const byStatus = new Map<number, number>();
  for (const r of rows) {
    byStatus.set(Number(r.status), Number(r.n));
    overdue += Number(r.late ?? 0);
  }
  return { byStatus, overdue };
}

export async function orderByCode(db: Db, projectId: number, code: string): Promise<OrderRow | undefined> {
  const row = await db
    .selectFrom('work_orders')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row && decoded(row);
}

export async function orderById(db: Db, projectId: number, id: number): Promise<OrderRow | undefined> {
  const row = await db
    .selectFrom('work_orders')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decoded(row);
}

export async function insertOrder(db: Db, values: NewOrder): Promise<OrderRow> {
  const row = await db
    .insertInto('work_orders')
    .values(encoded(values) as Insertable<WorkOrderTable>)
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

/**
 * Changes an order if it is still at `version` (what the caller read); answers the changed
 * order, or undefined when someone else changed it first.
 */
export async function updateOrderIf(
  db: Db,
  order: { project_id: number; id: number; version: number },
  change: OrderChange,
): Promise<OrderRow | undefined> {
  const row = await db
    .updateTable('work_orders')
    .set({ ...encoded(change), version: order.version + 1 })
    .where('project_id', '=', order.project_id)
    .where('id', '=', order.id)
    .where('version', '=', order.version)
    .returningAll()
    .executeTakeFirst();
  return row && decoded(row);
}

/** The next number of a code of the project, prefix and day (1, 2, …), atomically. */
export async function nextCodeNumber(
  db: Db,
  projectId: number,
  prefix: string,
  day: string,
): Promise<number> {
  const row = await db
    .insertInto('work_order_codes')
    .values({ project_id: projectId, prefix, day, last: 1 })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'prefix', 'day'])
        .doUpdateSet({ last: sql<number>`work_order_codes.last + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return Number(row.last);
}

// ------------------------------------------------------------------ the timeline

export type StepRow = Selectable<WorkOrderStepTable>;

export async function insertSteps(db: Db, steps: readonly Insertable<WorkOrderStepTable>[]): Promise<void> {
  if (steps.length === 0) return;
  for (let i = 0; i < steps.length; i += 500)
    await db
      .insertInto('work_order_steps')
      .values(steps.slice(i, i + 500))
      .execute();
}

export function stepsOf(db: Db, projectId: number, orderId: number): Promise<StepRow[]> {
  return db
    .selectFrom('work_order_steps')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('order_id', '=', orderId)
    .orderBy('id')
    .execute();
}

// ------------------------------------------------------------------ the scheduler's sweep

/** Open orders past their deadline, of every project (the oldest deadlines first). */
export async function ordersPastDeadline(db: Db, now: number, limit: number): Promise<OrderListRow[]> {
  const rows = await db
    .selectFrom('work_orders as o')
    .select(LIST_COLUMNS.map((c) => `o.${c}` as const))
    .where('o.status', 'in', [
      WORK_ORDER_STATUS.toBeConfirmed,
      WORK_ORDER_STATUS.toBeRepaired,
      WORK_ORDER_STATUS.returned,
    ])
    .where('o.deadline', '<', now)
    .orderBy('o.deadline')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, attachments: C.orderAttachments.read(r.attachments, r.id) }));
}

/** Orders of a plan occurrence already made (by device), so a run never makes one twice. */
export async function occurrenceDevices(
  db: Db,
  planId: number,
  executetimeplan: number,
): Promise<Set<number>> {
  const rows = await db
    .selectFrom('work_orders')
    .select('device_id')
    .where('plan_id', '=', planId)
    .where('executetimeplan', '=', executetimeplan)
    .execute();
  return new Set(rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id])));
}

// ------------------------------------------------------------------ what other areas read

/** The repair order of each event (the newest not discarded). */
export async function repairOrdersOfEvents(
  db: Db,
  projectId: number,
  eventIds: readonly number[],
): Promise<Map<number, { code: string; status: number }>> {
  const rows = await inChunks(eventIds, (chunk) =>
    db
      .selectFrom('work_orders')
      .select(['event_id', 'code', 'status', 'id'])
      .where('project_id', '=', projectId)
      .where('event_id', 'in', chunk)
      .where('status', '<>', WORK_ORDER_STATUS.discarded)
      .orderBy('id')
      .execute(),
  );
  const out = new Map<number, { code: string; status: number }>();
  for (const r of rows) if (r.event_id !== null) out.set(r.event_id, { code: r.code, status: r.status });
  return out;
}

/**
 * Pending events of a project since `since`, at most `maxLevel` (1 most severe), that have no
 * repair order: newest first (the demo's alarms raise repair orders for them).
 */
export function eventsWithoutOrder(
  db: Db,
  projectId: number,
  since: number,
  maxLevel: number,
  limit: number,
) {
  return db
    .selectFrom('events as e')
    .select(['e.id', 'e.description', 'e.description_text', 'e.level', 'e.node_id', 'e.time'])
    .where('e.project_id', '=', projectId)
    .where('e.time', '>=', since)
    .where('e.status', '=', 1)
    .where('e.level', '<=', maxLevel)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('work_orders as o')
            .select('o.id')
            .where('o.project_id', '=', projectId)
            .whereRef('o.event_id', '=', 'e.id'),
        ),
      ),
    )
    .orderBy('e.time', 'desc')
    .limit(limit)
    .execute();
}

/** Orders of each device that are not completed or discarded. */
export async function openOrderCounts(
  db: Db,
  projectId: number,
  deviceIds: readonly number[],
): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (deviceIds.length === 0) return out;
  const rows = await db
    .selectFrom('work_orders')
    .select(['device_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('project_id', '=', projectId)
    .where('device_id', 'in', [...deviceIds])
    .where('status', 'not in', [WORK_ORDER_STATUS.completed, WORK_ORDER_STATUS.discarded])
    .groupBy('device_id')
    .execute();
  for (const r of rows) if (r.device_id !== null) out.set(r.device_id, Number(r.n));
  return out;
}

/** Codes of orders by id (stock moves name the order that used the parts). */
export async function orderCodes(
  db: Db,
  projectId: number,
  ids: readonly number[],
): Promise<Map<number, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('work_orders')
    .select(['id', 'code'])
    .where('project_id', '=', projectId)
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** Orders each plan generated. */
export async function orderCountsByPlan(db: Db, planIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (planIds.length === 0) return out;
  const rows = await db
    .selectFrom('work_orders')
    .select(['plan_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('plan_id', 'in', [...planIds])
    .groupBy('plan_id')
    .execute();
  for (const r of rows) if (r.plan_id !== null) out.set(r.plan_id, Number(r.n));
  return out;
}

/** Writes many orders with their first timeline step (the scheduler, the demo), in one transaction. */
export async function insertOrdersWithSteps(
  db: Db,
  orders: readonly { order: NewOrder; step: Omit<Insertable<WorkOrderStepTable>, 'order_id'> }[],
): Promise<OrderRow[]> {
  return inTransaction(db, async (trx) => {
    const out: OrderRow[] = [];
    for (const { order, step } of orders) {
      const row = await insertOrder(trx, order);
      await insertSteps(trx, [{ ...step, order_id: row.id }]);
      out.push(row);
    }
    return out;
  });
}
