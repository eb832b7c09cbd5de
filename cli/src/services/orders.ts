/**
 * `eem orders list|show|take|submit`: the work orders of the current project for engineers and
 * support (workorders.*). Repair orders by default, maintenance orders with --type maintenance;
 * `show`, `take` and `submit` read the type from the code (RO-…, MO-…). Times are shown in the
 * project's time zone. What may be done to an order is the server's answer (core's state
 * machine): a refusal names the state, the executor or the permission, and eem prints it.
 */
import type { OrderFilter, WorkOrder, WorkOrderDetail } from '@eem/contract';
import { workorders } from '@eem/contract/areas/workorders';
import { orderFilter } from '@eem/contract/areas/workorders-schemas';
import {
  PAGE_LIMIT_MAX,
  WORK_ORDER_STATUS,
  WORK_ORDER_STATUSES,
  WORK_ORDER_TYPE_INFO,
  WORK_ORDER_TYPES,
  type WorkOrderType,
  workOrderStatusName,
} from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { type OutputFlags, resolveFormat } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column } from '../output/render.js';
import { checkFlags } from './contract-flags.js';
import { asSdkError, serverMessage } from './errors.js';
import { parseLimit } from './events-flags.js';
import { positiveInt, requireProject } from './nodes.js';
import { openSession } from './session.js';
import { sessionZone } from './time-flags.js';

type Members = Client['workorders'];

/** The calls of one type of order (repairQuery or maintenanceQuery, …). */
function calls(client: Client, type: WorkOrderType) {
  const w: Members = client.workorders;
  return type === 'repair'
    ? {
        query: w.repairQuery,
        detail: w.repairDetail,
        take: w.repairTake,
        submit: w.repairSubmit,
        submitBatch: w.repairSubmitBatch,
      }
    : {
        query: w.maintenanceQuery,
        detail: w.maintenanceDetail,
        take: w.maintenanceTake,
        submit: w.maintenanceSubmit,
        submitBatch: w.maintenanceSubmitBatch,
      };
}

/** --type: repair (default) or maintenance. */
export function parseType(value: string | undefined): WorkOrderType {
  if (value === undefined) return 'repair';
  const found = WORK_ORDER_TYPES.find((t) => t === value.trim().toLowerCase());
  if (!found) throw new UsageError(`--type must be one of ${WORK_ORDER_TYPES.join(', ')} (got "${value}")`);
  return found;
}

/** The type of an order by its code's prefix (RO-…: repair, MO-…: maintenance). */
export function typeOfCode(code: string): WorkOrderType {
  const prefix = code.trim().toUpperCase().split('-')[0];
  const found = WORK_ORDER_TYPES.find((t) => WORK_ORDER_TYPE_INFO[t].codePrefix === prefix);
  if (!found) {
    const prefixes = WORK_ORDER_TYPES.map((t) => `${WORK_ORDER_TYPE_INFO[t].codePrefix}-…`).join(' or ');
    throw new UsageError(`CODE must be an order code, ${prefixes} (got "${code}")`);
  }
  return found;
}

const STATUS_WORDS: Record<string, number> = {
  confirm: WORK_ORDER_STATUS.toBeConfirmed,
  unconfirmed: WORK_ORDER_STATUS.toBeConfirmed,
  open: WORK_ORDER_STATUS.toBeConfirmed,
  repair: WORK_ORDER_STATUS.toBeRepaired,
  taken: WORK_ORDER_STATUS.toBeRepaired,
  review: WORK_ORDER_STATUS.toBeReviewed,
  returned: WORK_ORDER_STATUS.returned,
  completed: WORK_ORDER_STATUS.completed,
  done: WORK_ORDER_STATUS.completed,
  overdue: WORK_ORDER_STATUS.timedOut,
  'timed-out': WORK_ORDER_STATUS.timedOut,
  discarded: WORK_ORDER_STATUS.discarded,
};

/** --status: a number of WORK_ORDER_STATUSES or a word (review, completed, …). */
export function parseStatus(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim().toLowerCase();
  const n = /^\d+$/.test(text) ? Number(text) : STATUS_WORDS[text];
  if (n === undefined || !(WORK_ORDER_STATUSES as readonly number[]).includes(n)) {
    const names = WORK_ORDER_STATUSES.map((s) => `${s} ${workOrderStatusName(s).toLowerCase()}`).join(', ');
    throw new UsageError(
      `--status must be one of ${names}, or confirm, repair, review, returned, completed, timed-out, discarded (got "${value}")`,
    );
  }
  return n;
}

export interface ListFlags {
  type?: string | undefined;
  status?: string | undefined;
  /** `me` or a user id. */
  executor?: string | undefined;
  keyword?: string | undefined;
  overdue?: boolean | undefined;
  limit?: string | undefined;
  all?: boolean | undefined;
}

/** The flags as the board's filter; usage errors before anything is sent. */
export function orderFilterOf(flags: ListFlags, me: number | undefined): OrderFilter {
  const status = parseStatus(flags.status);
  let executorId: number | undefined;
  if (flags.executor !== undefined) {
    if (flags.executor.trim().toLowerCase() === 'me') {
      if (me === undefined)
        throw new UsageError('--executor me needs a saved sign-in (with EEM_TOKEN give the user id)');
      executorId = me;
    } else executorId = positiveInt(flags.executor, '--executor');
  }
  const filter: OrderFilter = {
    code: '',
    keyword: flags.keyword?.trim() ?? '',
    overTimeOnly: flags.overdue === true,
    ...(status === undefined ? {} : { workSheetStatus: status }),
    ...(executorId === undefined ? {} : { executorId }),
  };
  // The contract's own filter, said of the flags (`--keyword: at most 100 characters`).
  return checkFlags(orderFilter, filter, {
    keyword: '--keyword',
    executorId: '--executor',
    workSheetStatus: '--status',
  });
}

/** A refusal of the server as a message the user can act on. */
function orderError(error: unknown, what: string): unknown {
  const sdk = asSdkError(error);
  if (sdk?.name === 'PermissionError')
    return new CliError(`you may not ${what}: ${serverMessage(sdk)}`, {
      hint: 'Ask an administrator for the permission (ops_repairorder or ops_serviceOrder to read orders, workorder_take to take and submit them).',
      cause: error,
    });
  if (sdk?.name === 'NotFoundError') return new CliError(serverMessage(sdk), { cause: error });
  return error;
}

const statusColumn: Column<WorkOrder> = {
  key: 'status',
  header: 'Status',
  value: (o) => o.statusName,
  display: (o, p) =>
    o.overdue && o.workSheetStatus !== WORK_ORDER_STATUS.timedOut
      ? p.red(`${o.statusName} (overdue)`)
      : o.overdue || o.workSheetStatus === WORK_ORDER_STATUS.timedOut
        ? p.red(o.statusName)
        : o.workSheetStatus === WORK_ORDER_STATUS.completed
          ? p.green(o.statusName)
          : o.statusName,
};

export const orderColumns: Column<WorkOrder>[] = [
  { key: 'code', header: 'Code', value: (o) => o.code },
  statusColumn,
  { key: 'workSheetStatus', header: 'Status no.', value: (o) => o.workSheetStatus, machineOnly: true },
  { key: 'level', header: 'Level', value: (o) => o.tasklevelName, machineOnly: true },
  { key: 'planned', header: 'Planned start', value: (o) => o.executetimeplan, time: true },
  { key: 'deadline', header: 'Deadline', value: (o) => o.deadline, time: true, machineOnly: true },
  { key: 'overdue', header: 'Overdue', value: (o) => (o.overdue ? 'yes' : ''), machineOnly: true },
  { key: 'device', header: 'Device', value: (o) => o.deviceName || o.location },
  { key: 'executor', header: 'Executor', value: (o) => o.executorName || o.teamName },
  { key: 'description', header: 'Description', value: (o) => o.description },
];

const detailColumns: Column<WorkOrder>[] = [
  { key: 'code', header: 'Code', value: (o) => o.code },
  { key: 'type', header: 'Type', value: (o) => WORK_ORDER_TYPE_INFO[o.type].label[1] },
  statusColumn,
  { key: 'level', header: 'Level', value: (o) => o.tasklevelName },
  { key: 'description', header: 'Description', value: (o) => o.description },
  {
    key: 'device',
    header: 'Device',
    value: (o) => (o.deviceName ? `${o.deviceName} (${o.deviceCode})` : ''),
  },
  { key: 'location', header: 'Location', value: (o) => o.location },
  { key: 'team', header: 'Team', value: (o) => o.teamName },
  { key: 'executor', header: 'Executor', value: (o) => o.executorName },
  { key: 'creator', header: 'Created by', value: (o) => o.creatorName },
  { key: 'source', header: 'Source', value: (o) => o.source + (o.planName ? `: ${o.planName}` : '') },
  { key: 'eventId', header: 'Event', value: (o) => o.eventId },
  { key: 'planned', header: 'Planned start', value: (o) => o.executetimeplan, time: true },
  { key: 'deadline', header: 'Deadline', value: (o) => o.deadline, time: true },
  { key: 'started', header: 'Started', value: (o) => o.executetime, time: true },
  { key: 'finished', header: 'Finished', value: (o) => o.finishtime, time: true },
  { key: 'overdue', header: 'Overdue', value: (o) => (o.overdue ? 'yes' : 'no') },
];

type Step = WorkOrderDetail['timeline'][number];
const timelineColumns: Column<Step>[] = [
  { key: 'time', header: 'Time', value: (s) => s.time, time: true },
  { key: 'action', header: 'Action', value: (s) => s.actionName },
  { key: 'user', header: 'By', value: (s) => s.userName },
  { key: 'status', header: 'Status', value: (s) => workOrderStatusName(s.toStatus) },
  { key: 'note', header: 'Note', value: (s) => s.note },
];

/** Pages of the board until `limit` orders (Infinity: all) or the end. */
export async function fetchOrders(
  client: Client,
  type: WorkOrderType,
  filter: OrderFilter,
  limit: number,
): Promise<{ total: number; list: WorkOrder[] }> {
  const size = Math.min(PAGE_LIMIT_MAX, Number.isFinite(limit) ? Math.max(limit, 1) : PAGE_LIMIT_MAX);
  const list: WorkOrder[] = [];
  const seen = new Set<number>();
  let total = 0;
  for (let index = 0; list.length < limit; index++) {
    const page = await calls(client, type).query({ body: { ...filter, page: { index, limit: size } } });
    total = page.total;
    for (const order of page.list) {
      if (seen.has(order.id) || list.length >= limit) continue;
      seen.add(order.id);
      list.push(order);
    }
    if (page.list.length < size || (index + 1) * size >= total) break;
  }
  return { total, list };
}

export async function listOrders(ctx: Context, flags: ListFlags, output: OutputFlags): Promise<void> {
  const type = parseType(flags.type);
  if (flags.all && flags.limit !== undefined) throw new UsageError('give --limit or --all, not both');
  const limit = flags.all ? Number.POSITIVE_INFINITY : parseLimit(flags.limit);
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  requireProject(session);
  const filter = orderFilterOf(flags, session.userId);
  const timeZone = () => sessionZone(session);
  let answer: { total: number; list: WorkOrder[] };
  try {
    answer = await withProgress(ctx, 'Loading orders…', () =>
      fetchOrders(session.client, type, filter, limit),
    );
  } catch (error) {
    throw orderError(error, `read ${type} orders`);
  }
  await ctx.print({ columns: orderColumns, rows: answer.list, json: answer.list, timeZone }, output);
  if (format !== 'table') return;
  if (answer.list.length === 0) ctx.reporter.note(`No ${type} orders match.`);
  else if (answer.total > answer.list.length)
    ctx.reporter.note(
      `Showing ${answer.list.length} of ${answer.total} orders; --limit N or --all shows more.`,
    );
}

export async function showOrder(ctx: Context, code: string, output: OutputFlags): Promise<void> {
  const type = typeOfCode(code);
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  requireProject(session);
  const timeZone = () => sessionZone(session);
  let detail: WorkOrderDetail;
  try {
    detail = await withProgress(ctx, 'Loading the order…', () =>
      calls(session.client, type).detail({ params: { code: code.trim() } }),
    );
  } catch (error) {
    throw orderError(error, `read ${type} orders`);
  }
  await ctx.print(
    { columns: detailColumns, rows: [detail.order], json: detail, vertical: true, timeZone },
    output,
  );
  if (format !== 'table') return;
  const { palette } = { palette: ctx.stdoutPalette };
  const work = detail.work;
  if (work.result || work.cause || work.spareParts.length > 0) {
    ctx.io.stdout.write(`\n${palette.bold('Work')}\n`);
    if (work.cause) ctx.io.stdout.write(`Cause   ${work.cause}\n`);
    if (work.result) ctx.io.stdout.write(`Result  ${work.result}\n`);
    for (const p of work.spareParts)
      ctx.io.stdout.write(`Part    ${p.quantity} ${p.unit} ${p.name} ${p.model}`.trimEnd().concat('\n'));
  }
  if (detail.items.length > 0) {
    ctx.io.stdout.write(`\n${palette.bold('Items')}\n`);
    for (const item of detail.items)
      ctx.io.stdout.write(
        `${item.done ? '[x]' : '[ ]'} ${item.name}${item.reading ? `: ${item.reading}` : ''}${item.note ? ` (${item.note})` : ''}\n`,
      );
  }
  const attached = [
    ...detail.order.attachments.map((name) => ({ name, when: 'at creation' })),
    ...work.attachments.map((name) => ({ name, when: 'of the work' })),
  ];
  if (attached.length > 0) {
    ctx.io.stdout.write(`\n${palette.bold('Attachments')}\n`);
    for (const { name, when } of attached) {
      const file = detail.files.find((f) => f.fileName === name);
      const size = file ? `${Math.max(1, Math.round(file.size / 1024))} KB` : '';
      ctx.io.stdout.write(`${file?.originalName ?? name}  ${size}  ${when}  (${name})\n`);
    }
  }
  ctx.io.stdout.write(`\n${palette.bold('Timeline')}\n`);
  await ctx.print(
    { columns: timelineColumns, rows: detail.timeline, json: detail.timeline, timeZone },
    output,
  );
  ctx.io.stdout.write('\n');
  ctx.reporter.note(
    detail.actions.length === 0
      ? 'You can do nothing more to this order.'
      : `You may: ${detail.actions.join(', ')}.`,
  );
}

export async function takeOrder(ctx: Context, code: string, output: OutputFlags): Promise<void> {
  const type = typeOfCode(code);
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  requireProject(session);
  let order: WorkOrder;
  try {
    order = await withProgress(ctx, `Taking ${code}…`, () =>
      calls(session.client, type).take({ body: { code: code.trim() } }),
    );
  } catch (error) {
    throw orderError(error, 'take orders');
  }
  // Scripts get the order on stdout; people the sentence.
  if (format !== 'table') await ctx.print({ columns: orderColumns, rows: [order], json: order }, output);
  ctx.reporter.note(`Took ${order.code}: ${order.statusName}, executor ${order.executorName}.`);
}

export interface SubmitFlags {
  result?: string | undefined;
  cause?: string | undefined;
}

/**
 * One code: the order's draft with --result (and --cause) over it. Several codes: the batch
 * submit (each order with its saved draft; --result is refused there). Exit 1 when any order
 * was refused; the refused ones are listed with the reason.
 */
export async function submitOrders(
  ctx: Context,
  codes: readonly string[],
  flags: SubmitFlags,
): Promise<void> {
  const batch = workorders.repairSubmitBatch.body;
  if (batch) checkFlags(batch, { codes: codes.map((c) => c.trim()) }, { codes: 'CODE' });
  const types = new Set(codes.map(typeOfCode));
  if (types.size > 1) throw new UsageError('submit repair orders and maintenance orders separately');
  const [type] = [...types] as [WorkOrderType];
  if (codes.length > 1 && (flags.result !== undefined || flags.cause !== undefined))
    throw new UsageError(
      '--result and --cause go with one order; several orders are submitted with their saved drafts',
    );
  if (flags.result !== undefined && flags.result.trim() === '')
    throw new UsageError('--result cannot be empty');
  const session = await openSession(ctx);
  requireProject(session);
  const api = calls(session.client, type);
  if (codes.length === 1) {
    const code = (codes[0] ?? '').trim();
    const work = {
      ...(flags.result === undefined ? {} : { result: flags.result }),
      ...(flags.cause === undefined ? {} : { cause: flags.cause }),
    };
    let order: WorkOrder;
    try {
      order = await withProgress(ctx, `Submitting ${code}…`, () => api.submit({ body: { code, work } }));
    } catch (error) {
      throw orderError(error, 'submit orders');
    }
    ctx.reporter.note(`Submitted ${order.code}: ${order.statusName}.`);
    return;
  }
  let answer: { submitted: string[]; refused: { code: string; message: string }[] };
  try {
    answer = await withProgress(ctx, `Submitting ${codes.length} orders…`, () =>
      api.submitBatch({ body: { codes: codes.map((c) => c.trim()) } }),
    );
  } catch (error) {
    throw orderError(error, 'submit orders');
  }
  for (const code of answer.submitted) ctx.io.stdout.write(`${code}\tsubmitted\n`);
  for (const r of answer.refused) ctx.io.stdout.write(`${r.code}\trefused\t${r.message}\n`);
  if (answer.refused.length > 0)
    throw new CliError(`${answer.refused.length} of ${codes.length} orders were not submitted`);
  ctx.reporter.note(`Submitted ${answer.submitted.length} orders.`);
}
