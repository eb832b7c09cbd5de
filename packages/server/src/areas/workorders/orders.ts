/**
 * Creating work orders and moving them through core's state machine. Every change reads the
 * order, asks the machine whether the acting user may take the action in its state
 * (workOrderRefusal), and writes the next state with the timeline step and the notices in one
 * transaction, on the condition that the order is still at the version read. When two people
 * act at once, the second write finds the order changed: it is read again and the machine's
 * refusal of the new state answers (e.g. "… is to be repaired (待维修), executor Li Wei: take
 * order is not possible in that state").
 */
import type { OrderWork, Project, WorkOrder } from '@eem/contract';
import {
  DEVICE_STATUS,
  isPastDeadline,
  localParts,
  nextState,
  orderDeadline,
  problemsText,
  SPARE_PART_MESSAGES,
  STOCK_MOVE,
  stateActions,
  text,
  WORK_ORDER_ACTION_INFO,
  WORK_ORDER_MESSAGES,
  WORK_ORDER_STATUS,
  WORK_ORDER_TYPE_INFO,
  type WorkOrderAction,
  type WorkOrderFacts,
  type WorkOrderType,
  type WorkOrderViewer,
  workOrderRefusal,
} from '@eem/core';
import type { Db } from '../../db/database.js';
import type { OrderItemValue, OrderWorkValue } from '../../db/json-columns.js';
import { isUniqueViolation } from '../../db/portable.js';
import { ApiError } from '../../http/api-error.js';
import type { Services } from '../../services.js';
import { deviceById, onlyDeviceAt, updateDevice } from '../devices/repo/devices.js';
import { moveStock, partsByIds } from '../devices/repo/spare-parts.js';
import { stockWarnings } from '../devices/stock-warnings.js';
import { eventById } from '../events/repo/events.js';
import { attachFiles, removeStored } from '../files/file-store.js';
import { fileUser } from '../files/repo/files.js';
import { itemsByIds } from '../maintenance/repo/maintenance.js';
import { findNode } from '../nodes/repo/nodes.js';
import type { PublishIn } from '../notices/notice-hub.js';
import { type Acting, viewerOf } from './acting.js';
import { orderItem } from './order-items.js';
import { type OrderNoticeKind, orderNotice } from './order-notices.js';
import { projectPeople } from './people.js';
import {
  insertOrder,
  insertSteps,
  type NewOrder,
  nextCodeNumber,
  type OrderChange,
  type OrderRow,
  orderByCode,
  repairOrdersOfEvents,
  updateOrderIf,
} from './repo/orders.js';
import { personNames, teamNames } from './repo/people.js';

const S = WORK_ORDER_STATUS;
/** Completion may be a minute ahead of the server's clock (clients' clocks drift). */
const CLOCK_SKEW_MS = 60_000;

// ------------------------------------------------------------------ reading

/** An order of the project and type, refused by name when it is unknown or another project's. */
export async function projectOrder(acting: Acting, type: WorkOrderType, code: string): Promise<OrderRow> {
  const row = await orderByCode(acting.services.db, acting.project.id, code);
  if (!row || row.type !== type) throw ApiError.notFound(WORK_ORDER_MESSAGES.unknownOrder(code));
  return row;
}

/** The machine's view of an order, with the names its refusals say. */
export async function factsOf(db: Db, row: OrderRow): Promise<WorkOrderFacts> {
  const people = await personNames(db, row.executor_id === null ? [] : [row.executor_id]);
  const teams = await teamNames(db, row.team_id === null ? [] : [row.team_id]);
  return {
    code: row.code,
    type: row.type as WorkOrderType,
    status: row.status,
    reviewStage: row.review_stage,
    executorId: row.executor_id,
    executorName: row.executor_id === null ? null : (people.get(row.executor_id) ?? null),
    teamId: row.team_id,
    teamName: row.team_id === null ? null : (teams.get(row.team_id) ?? null),
  };
}

/** Refuses an action the state or the viewer does not allow: 409 for the state, 403 for who. */
async function refuse(acting: Acting, row: OrderRow, action: WorkOrderAction, viewer: WorkOrderViewer) {
  const facts = await factsOf(acting.services.db, row);
  const refusal = workOrderRefusal(facts, action, viewer, acting.language);
  if (refusal === null) return;
  throw stateActions(facts).includes(action) ? ApiError.permission(refusal) : ApiError.conflict(refusal);
}

// ------------------------------------------------------------------ creating

/** The next code of a type in a project: MO-260310-0001 (the project's local day of `now`). */
async function nextCode(trx: Db, project: Project, type: WorkOrderType, now: number): Promise<string> {
  const p = localParts(now, project.timeZone);
  const day = `${String(p.year % 100).padStart(2, '0')}${String(p.month).padStart(2, '0')}${String(p.day).padStart(2, '0')}`;
  const prefix = WORK_ORDER_TYPE_INFO[type].codePrefix;
  const n = await nextCodeNumber(trx, project.id, prefix, day);
  return `${prefix}-${day}-${String(n).padStart(4, '0')}`;
}

export interface OrderDraft {
  type: WorkOrderType;
  description: string;
  tasklevel: number;
  deviceId: number | null;
  nodeId: number | null;
  teamId: number | null;
  creatorId: number | null;
  source: 'manual' | 'plan' | 'event';
  planId: number | null;
  planName: string;
  eventId: number | null;
  executetimeplan: number;
  timeconsumeplan: number;
  attachments: string[];
  items: OrderItemValue[];
}

const EMPTY_WORK: OrderWorkValue = { result: '', cause: '', spareParts: [], attachments: [] };

/**
 * Writes a new order (to be confirmed) with its first timeline step and its notice, inside the
 * caller's transaction (`publish` stores the notices in it): a person's create, a plan's run.
 */
export async function writeNewOrder(
  trx: Db,
  publish: PublishIn,
  services: Services,
  project: Project,
  draft: OrderDraft,
  now: number,
): Promise<OrderRow> {
  const values: NewOrder = {
    project_id: project.id,
    type: draft.type,
    code: await nextCode(trx, project, draft.type, now),
    status: S.toBeConfirmed,
    review_stage: 0,
    tasklevel: draft.tasklevel,
    description: draft.description,
    device_id: draft.deviceId,
    node_id: draft.nodeId,
    team_id: draft.teamId,
    executor_id: null,
    creator_id: draft.creatorId,
    source: draft.source,
    plan_id: draft.planId,
    plan_name: draft.planName,
    event_id: draft.eventId,
    executetimeplan: draft.executetimeplan,
    timeconsumeplan: draft.timeconsumeplan,
    deadline: orderDeadline(draft.executetimeplan, draft.timeconsumeplan),
    executetime: null,
    finishtime: null,
    overdue: 0,
    attachments: draft.attachments,
    items: draft.items,
    work: EMPTY_WORK,
    review_draft: null,
    taken_at: null,
    submitted_at: null,
    completed_at: null,
    version: 1,
    created_at: now,
    updated_at: now,
  };
  const row = await insertOrder(trx, values);
  await insertSteps(trx, [
    {
      project_id: project.id,
      order_id: row.id,
      time: now,
      action: draft.source === 'plan' ? 'generate' : 'create',
      user_id: draft.creatorId,
      from_status: null,
      to_status: row.status,
      note: draft.source === 'plan' ? draft.planName : '',
    },
  ]);
  await publish(await orderNotice(services, project, row, 'created', trx));
  return row;
}

/** A team of the project (an operations team), or a validation error naming the field. */
async function checkTeam(acting: Acting, teamId: number | null, field = 'teamId'): Promise<void> {
  if (teamId === null) return;
  const people = await projectPeople(acting.services, acting.project);
  if (!people.teams.some((t) => t.id === teamId))
    throw ApiError.at(`body.${field}`, `team ${teamId} is not an operations team of this project`);
}

async function checkDevice(acting: Acting, deviceId: number | null) {
  if (deviceId === null) return undefined;
  const device = await deviceById(acting.services.db, acting.project.id, deviceId);
  if (!device) throw ApiError.at('body.deviceId', `device ${deviceId} does not exist in this project`);
  return device;
}

async function checkNode(acting: Acting, nodeId: number | null): Promise<void> {
  if (nodeId === null) return;
  if (!(await findNode(acting.services.db, acting.project.id, nodeId)))
    throw ApiError.at('body.nodeId', `node ${nodeId} does not exist in this project`);
}

/** Photos and documents uploaded for an order of this project; they become the project's. */
async function checkPhotos(acting: Acting, names: readonly string[], field: string): Promise<void> {
  await attachFiles(acting.services, names, {
    kind: ['image', 'document'],
    tenantId: acting.project.tenantId,
    userId: acting.user.id,
    projectId: acting.project.id,
    field,
    list: true,
  });
}

/** Deletes the files an order's work no longer names (removed while it was editable). */
async function dropRemovedFiles(services: Services, before: OrderRow, after: OrderRow): Promise<void> {
  const kept = new Set([...after.attachments, ...after.work.attachments]);
  for (const name of before.work.attachments) {
    if (kept.has(name) || (await fileUser(services.db, name))) continue;
    await removeStored(services, name);
  }
}

/** Writes a person's new order, answering a clear conflict when its event got an order meanwhile. */
async function createOrder(acting: Acting, draft: OrderDraft): Promise<WorkOrder> {
  const { services, project } = acting;
  const now = services.clock();
  let row: OrderRow;
  try {
    row = await services.notices.transaction((trx, publish) =>
      writeNewOrder(trx, publish, services, project, draft, now),
    );
  } catch (error) {
    if (draft.eventId !== null && isUniqueViolation(error))
      throw ApiError.conflict(
        `eventId: event ${draft.eventId} got a repair order meanwhile; open it from the event`,
      );
    throw error;
  }
  await acting.record({
    operation: 'add',
    object: text('oplog.workOrder', { orderType: draft.type, code: row.code }),
    description: draft.description,
  });
  return orderItem(services.db, row, acting.language);
}

export interface RepairInput {
  description: string;
  tasklevel: number;
  teamId: number | null;
  executetimeplan?: number | undefined;
  timeconsumeplan: number;
  deviceId: number | null;
  nodeId: number | null;
  eventId: number | null;
  attachments: string[];
}

/**
 * A repair order: of a device, a node or an event of the project. From an event, the order is
 * linked to it (one open order per event), at the event's node, with the device linked to
 * that node when exactly one is.
 */
export async function createRepairOrder(acting: Acting, body: RepairInput): Promise<WorkOrder> {
  const { db } = acting.services;
  let { deviceId, nodeId } = body;
  if (body.eventId !== null) {
    const event = await eventById(db, acting.project.id, body.eventId);
    if (!event) throw ApiError.at('body.eventId', `event ${body.eventId} does not exist in this project`);
    const existing = await orderOfEvent(acting, body.eventId);
    if (existing)
      throw ApiError.conflict(`eventId: event ${body.eventId} already has repair order ${existing}`);
    nodeId ??= event.node_id;
    if (deviceId === null && nodeId !== null)
      deviceId = (await onlyDeviceAt(db, acting.project.id, nodeId))?.id ?? null;
  }
  const device = await checkDevice(acting, deviceId);
  if (device?.status === DEVICE_STATUS.scrapped)
    throw ApiError.at('body.deviceId', `${device.name} is scrapped`);
  await checkNode(acting, nodeId);
  await checkTeam(acting, body.teamId);
  await checkPhotos(acting, body.attachments, 'attachments');
  return createOrder(acting, {
    type: 'repair',
    description: body.description,
    tasklevel: body.tasklevel,
    deviceId,
    nodeId,
    teamId: body.teamId,
    creatorId: acting.user.id,
    source: body.eventId === null ? 'manual' : 'event',
    planId: null,
    planName: '',
    eventId: body.eventId,
    executetimeplan: body.executetimeplan ?? acting.services.clock(),
    timeconsumeplan: body.timeconsumeplan,
    attachments: body.attachments,
    items: [],
  });
}

async function orderOfEvent(acting: Acting, eventId: number): Promise<string | undefined> {
  return (await repairOrdersOfEvents(acting.services.db, acting.project.id, [eventId])).get(eventId)?.code;
}

/** The maintenance items as an order holds them (a snapshot: later edits of an item change no order). */
export async function orderItemsOf(
  db: Db,
  projectId: number,
  itemIds: readonly number[],
): Promise<OrderItemValue[]> {
  const rows = await itemsByIds(db, projectId, itemIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return itemIds.flatMap((id) => {
    const item = byId.get(id);
    return item
      ? [
          {
            itemId: item.id,
            name: item.name,
            content: item.content,
            method: item.method,
            standard: item.standard,
            done: false,
            reading: '',
            note: '',
          },
        ]
      : [];
  });
}

export async function createMaintenanceOrder(
  acting: Acting,
  body: Omit<RepairInput, 'nodeId' | 'eventId' | 'attachments' | 'deviceId'> & {
    deviceId: number;
    itemIds: number[];
  },
): Promise<WorkOrder> {
  const device = await checkDevice(acting, body.deviceId);
  if (device?.status === DEVICE_STATUS.scrapped)
    throw ApiError.at('body.deviceId', `${device.name} is scrapped`);
  await checkTeam(acting, body.teamId);
  const items = await orderItemsOf(acting.services.db, acting.project.id, body.itemIds);
  const missing = body.itemIds.find((id) => !items.some((i) => i.itemId === id));
  if (missing !== undefined)
    throw ApiError.at('body.itemIds', `maintenance item ${missing} does not exist in this project`);
  return createOrder(acting, {
    type: 'maintenance',
    description: body.description,
    tasklevel: body.tasklevel,
    deviceId: body.deviceId,
    nodeId: null,
    teamId: body.teamId,
    creatorId: acting.user.id,
    source: 'manual',
    planId: null,
    planName: '',
    eventId: null,
    executetimeplan: body.executetimeplan ?? acting.services.clock(),
    timeconsumeplan: body.timeconsumeplan,
    attachments: [],
    items,
  });
}

// ------------------------------------------------------------------ changing

interface Plan {
  change: OrderChange;
  /** The timeline's note (who was assigned, a comment, a reason). */
  note: string;
  /** Which notice the change sends. */
  notice?: OrderNoticeKind;
  /** More writes in the same transaction (stock moves at completion). */
  extra?: (trx: Db, publish: PublishIn, updated: OrderRow) => Promise<void>;
}

/**
 * Takes `action` on an order: the machine's check, then `build`'s change with the next state,
 * written only if the order is still as read (else read again and checked again, a few times).
 */
async function act(
  acting: Acting,
  type: WorkOrderType,
  code: string,
  action: WorkOrderAction,
  build: (row: OrderRow, now: number) => Promise<Plan>,
  outcome: 'pass' | 'fail' | 'save' = 'pass',
): Promise<OrderRow> {
  const { services, project } = acting;
  const viewer = await viewerOf(acting);
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await projectOrder(acting, type, code);
    await refuse(acting, row, action, viewer);
    const now = services.clock();
    const plan = await build(row, now);
    const facts = await factsOf(services.db, row);
    const next =
      outcome === 'save'
        ? { status: row.status, reviewStage: row.review_stage }
        : nextState(facts, action, outcome);
    const updated = await services.notices.transaction(async (trx, publish) => {
      const written = await updateOrderIf(trx, row, {
        ...plan.change,
        status: next.status,
        review_stage: next.reviewStage,
        updated_at: now,
      });
      if (!written) return undefined;
      await insertSteps(trx, [
        {
          project_id: project.id,
          order_id: row.id,
          time: now,
          action,
          user_id: acting.user.id,
          from_status: row.status,
          to_status: written.status,
          note: plan.note,
        },
      ]);
      await plan.extra?.(trx, publish, written);
      if (plan.notice) await publish(await orderNotice(services, project, written, plan.notice, trx));
      return written;
    });
    if (updated) {
      await dropRemovedFiles(services, row, updated);
      await acting.record({
        operation: 'edit',
        object: text('oplog.workOrder', { orderType: type, code }),
        description: text('oplog.orderAction', { action, note: plan.note ?? '' }),
      });
      return updated;
    }
  }
  throw ApiError.conflict(`order ${code} is changing under many hands at once; read it again and retry`);
}

export async function assignOrder(
  acting: Acting,
  type: WorkOrderType,
  body: { code: string; executorId: number; teamId?: number | null | undefined },
): Promise<OrderRow> {
  const people = await projectPeople(acting.services, acting.project);
  const executor = people.users.find((u) => u.id === body.executorId);
  if (!executor?.permissions.has(WORK_ORDER_ACTION_INFO.take.permission))
    throw ApiError.at('body.executorId', `user ${body.executorId} may not take orders in this project`);
  if (body.teamId !== undefined) await checkTeam(acting, body.teamId);
  const name = (await personNames(acting.services.db, [executor.id])).get(executor.id) ?? executor.name;
  return act(acting, type, body.code, 'assign', async (row, now) => ({
    change: {
      executor_id: executor.id,
      ...(body.teamId !== undefined ? { team_id: body.teamId } : {}),
      taken_at: row.taken_at ?? now,
    },
    note: name,
    notice: 'assigned',
  }));
}

export function takeOrder(acting: Acting, type: WorkOrderType, code: string): Promise<OrderRow> {
  return act(acting, type, code, 'take', async (_row, now) => ({
    change: { executor_id: acting.user.id, taken_at: now },
    note: '',
  }));
}

/** The draft with `work` over it, checked: the order's items, parts of the project, photos, times. */
async function mergedWork(
  acting: Acting,
  row: OrderRow,
  work: OrderWork | undefined,
): Promise<{ change: OrderChange; parts: Map<number, { name: string; stock: number }> }> {
  const w = work ?? {};
  const items = row.items.map((item) => {
    const given = w.items?.find((i) => i.itemId === item.itemId);
    return given
      ? { ...item, done: given.done ?? false, reading: given.reading ?? '', note: given.note ?? '' }
      : item;
  });
  const unknownItem = w.items?.find((i) => !row.items.some((item) => item.itemId === i.itemId));
  if (unknownItem)
    throw ApiError.at('body.work.items', `item ${unknownItem.itemId} is not an item of order ${row.code}`);
  const spareParts = w.spareParts ?? row.work.spareParts;
  const found = await partsByIds(
    acting.services.db,
    acting.project.id,
    spareParts.map((p) => p.partId),
  );
  const parts = new Map(
    found.map((p) => [p.id, { name: p.model ? `${p.name} ${p.model}` : p.name, stock: p.stock }]),
  );
  const missing = spareParts.find((p) => !parts.has(p.partId));
  if (missing)
    throw ApiError.at('body.work.spareParts', `spare part ${missing.partId} does not exist in this project`);
  const attachments = w.attachments ?? row.work.attachments;
  if (w.attachments) await checkPhotos(acting, w.attachments, 'work.attachments');
  const executetime = w.executetime === undefined ? row.executetime : w.executetime;
  const finishtime = w.finishtime === undefined ? row.finishtime : w.finishtime;
  if (executetime !== null && finishtime !== null && finishtime < executetime)
    throw ApiError.rule(WORK_ORDER_MESSAGES.finishBeforeStart);
  return {
    change: {
      items,
      executetime,
      finishtime,
      work: {
        result: w.result ?? row.work.result,
        cause: w.cause ?? row.work.cause,
        spareParts: spareParts.map((p) => ({ partId: p.partId, quantity: p.quantity })),
        attachments,
      },
    },
    parts,
  };
}

export function stashOrder(
  acting: Acting,
  type: WorkOrderType,
  body: { code: string; work: OrderWork },
): Promise<OrderRow> {
  return act(acting, type, body.code, 'stash', async (row) => ({
    change: (await mergedWork(acting, row, body.work)).change,
    note: '',
  }));
}

/** The submitted work: a result, a start (default: when taken) and a completion (default: now), parts within stock. */
async function submittedWork(
  acting: Acting,
  row: OrderRow,
  work: OrderWork | undefined,
  now: number,
): Promise<Plan> {
  const { change, parts } = await mergedWork(acting, row, work);
  const recorded = change.work ?? row.work;
  if (!recorded.result.trim()) throw ApiError.rule(WORK_ORDER_MESSAGES.resultRequired);
  const executetime = change.executetime ?? row.taken_at ?? row.created_at;
  const finishtime = change.finishtime ?? now;
  if (finishtime > now + CLOCK_SKEW_MS) throw ApiError.rule(WORK_ORDER_MESSAGES.finishInFuture);
  if (finishtime < executetime) throw ApiError.rule(WORK_ORDER_MESSAGES.finishBeforeStart);
  for (const used of recorded.spareParts) {
    const part = parts.get(used.partId);
    if (part && used.quantity > part.stock)
      throw ApiError.at(
        'body.work.spareParts',
        `${SPARE_PART_MESSAGES.beyondStock(part.name, used.quantity, part.stock).replace(/^quantity: /, '')}`,
      );
  }
  return {
    change: {
      ...change,
      executetime,
      finishtime,
      submitted_at: now,
      review_draft: null,
      // Late when submitted after the deadline, or timed out before.
      overdue:
        row.overdue === 1 || isPastDeadline({ status: row.status, deadline: row.deadline }, now) ? 1 : 0,
    },
    note: '',
    notice: 'submitted',
  };
}

export function submitOrder(
  acting: Acting,
  type: WorkOrderType,
  body: { code: string; work?: OrderWork | undefined },
): Promise<OrderRow> {
  return act(acting, type, body.code, 'submit', (row, now) => submittedWork(acting, row, body.work, now));
}

/** Submits each order with its draft; each is submitted or refused with its reason. */
export async function submitOrders(
  acting: Acting,
  type: WorkOrderType,
  codes: readonly string[],
): Promise<{ submitted: string[]; refused: { code: string; message: string }[] }> {
  const submitted: string[] = [];
  const refused: { code: string; message: string }[] = [];
  for (const code of [...new Set(codes)]) {
    try {
      await submitOrder(acting, type, { code });
      submitted.push(code);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      // The order's reason in words: its request path is the order's own submit, not this batch.
      refused.push({ code, message: problemsText(error.msg) });
    }
  }
  return { submitted, refused };
}

/**
 * Reviews the order's current stage: pass (next stage, or completed: the spare parts leave the
 * stock, the device's last maintenance is the completion), fail (returned) or save the comment
 * for later (nothing else changes).
 */
export async function reviewOrder(
  acting: Acting,
  type: WorkOrderType,
  body: { code: string; outcome: 'pass' | 'fail' | 'save'; comment: string },
): Promise<OrderRow> {
  const row = await projectOrder(acting, type, body.code);
  const facts = await factsOf(acting.services.db, row);
  const stage = stateActions(facts).find((a) => a !== 'discard');
  const action: WorkOrderAction =
    stage && row.status === S.toBeReviewed ? stage : type === 'repair' ? 'audit' : 'technicianReview';
  return act(
    acting,
    type,
    body.code,
    action,
    async (current, now) => {
      if (body.outcome === 'save')
        return {
          change: { review_draft: { comment: body.comment, userId: acting.user.id, savedAt: now } },
          note: '',
        };
      const next = nextState(await factsOf(acting.services.db, current), action, body.outcome);
      const note = `${body.outcome === 'pass' ? 'pass' : 'fail'}${body.comment ? `: ${body.comment}` : ''}`;
      if (next.status === S.returned) return { change: { review_draft: null }, note, notice: 'returned' };
      if (next.status !== S.completed) return { change: { review_draft: null }, note, notice: 'nextStage' };
      return {
        change: { review_draft: null, completed_at: now },
        note,
        notice: 'completed',
        extra: (trx, publish, updated) => complete(acting, trx, publish, updated, now),
      };
    },
    body.outcome,
  );
}

/** At completion: the parts used leave the stock (never below zero); the device was maintained. */
async function complete(
  acting: Acting,
  trx: Db,
  publish: PublishIn,
  order: OrderRow,
  now: number,
): Promise<void> {
  const { project } = acting;
  const moved: number[] = [];
  for (const used of order.work.spareParts) {
    const result = await moveStock(
      trx,
      { project_id: project.id, id: used.partId },
      {
        kind: STOCK_MOVE.out,
        quantity: used.quantity,
        time: now,
        user_id: order.executor_id,
        device_id: order.device_id,
        order_id: order.id,
        note: order.code,
      },
    );
    if (!result) {
      const [part] = await partsByIds(trx, project.id, [used.partId]);
      throw ApiError.conflict(
        SPARE_PART_MESSAGES.beyondStock(
          part ? part.name : `part ${used.partId}`,
          used.quantity,
          part?.stock ?? 0,
        ),
      );
    }
    moved.push(result.part.id);
  }
  await publish(await stockWarnings(acting.services, project, moved, trx));
  if (order.type === 'maintenance' && order.device_id !== null) {
    await updateDevice(trx, project.id, order.device_id, {
      last_maintenance: order.finishtime ?? now,
      updated_at: now,
    });
  }
}

export function discardOrder(
  acting: Acting,
  type: WorkOrderType,
  body: { code: string; reason: string },
): Promise<OrderRow> {
  return act(acting, type, body.code, 'discard', async () => ({
    change: { review_draft: null },
    note: body.reason,
    notice: 'discarded',
  }));
}
