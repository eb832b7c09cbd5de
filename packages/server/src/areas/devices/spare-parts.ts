/**
 * Spare parts: the list with stock, value and the minimum-stock flag; add, change, delete;
 * stock in and out (a stock-out never takes more than the stock: SPARE_PART_MESSAGES.beyondStock,
 * and below the safety stock the stock keepers are told); the moves; statistics of consumption
 * by part, device and local month; and the shared catalogue of the tenant's projects.
 */
import type {
  catalogue,
  EndpointData,
  EndpointParsedInput,
  Project,
  SparePart,
  StockMove,
} from '@eem/contract';
import {
  belowSafetyStock,
  localParts,
  SPARE_PART_LIMITS,
  SPARE_PART_MESSAGES,
  STOCK_MOVE,
  STOCK_MOVE_LABELS,
  type StockMoveKind,
  text,
  zonedTime,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { allProjects } from '../projects/repo/projects.js';
import { orderCodes } from '../workorders/repo/orders.js';
import { personNames } from '../workorders/repo/people.js';
import { deviceNames, devicesByIds, projectTemplates, templateById } from './repo/devices.js';
import {
  consumption,
  deletePart,
  hasMoves,
  insertPart,
  type MoveRow,
  moveCount,
  movePage,
  moveStock,
  type PartRow,
  partById,
  partCount,
  partNameTaken,
  partRows,
  sharedParts,
  updatePart,
} from './repo/spare-parts.js';
import { stockWarnings } from './stock-warnings.js';

type Body<K extends keyof typeof catalogue.devices> = EndpointParsedInput<
  (typeof catalogue.devices)[K]
>['body'];

const money = (v: number) => Math.round(v * 100) / 100;

export async function partItems(db: Db, project: Project, rows: readonly PartRow[]): Promise<SparePart[]> {
  if (rows.length === 0) return [];
  const templates = new Map((await projectTemplates(db, project.id)).map((t) => [t.id, t.name]));
  const devices = await deviceNames(db, project.id, [...new Set(rows.flatMap((r) => r.device_ids))]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    model: r.model,
    unit: r.unit,
    templateId: r.template_id,
    templateName: r.template_id === null ? '' : (templates.get(r.template_id) ?? ''),
    supplier: r.supplier,
    contactPhone: r.contact_phone,
    safetyStock: r.safety_stock,
    price: r.price,
    deviceIds: r.device_ids,
    stock: r.stock,
    value: money(r.stock * r.price),
    belowSafety: belowSafetyStock({ stock: r.stock, safetyStock: r.safety_stock }),
    devices: r.device_ids.flatMap((id) => {
      const d = devices.get(id);
      return d ? [{ id, name: d.name }] : [];
    }),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  }));
}

async function partItem(db: Db, project: Project, row: PartRow): Promise<SparePart> {
  return (await partItems(db, project, [row]))[0] as SparePart;
}

export async function spareParts(
  ctx: RequestContext,
  body: Body<'spareParts'>,
): Promise<{ total: number; list: SparePart[] }> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const q = {
    projectId: project.id,
    keyword: body.keyword,
    templateId: body.templateId,
    belowSafetyOnly: body.belowSafetyOnly,
    ids: body.ids,
  };
  const page = { limit: body.page.limit, offset: body.page.index * body.page.limit };
  if (body.deviceId !== undefined) {
    // A device's parts: those listing it (a JSON list, filtered here; a project has few parts).
    const deviceId = body.deviceId;
    const all = (await partRows(db, q)).filter((p) => p.device_ids.includes(deviceId));
    return {
      total: all.length,
      list: await partItems(db, project, all.slice(page.offset, page.offset + page.limit)),
    };
  }
  const total = await partCount(db, q);
  return { total, list: await partItems(db, project, await partRows(db, q, page)) };
}

async function checkPart(ctx: RequestContext, project: Project, body: Body<'createSparePart'>, exceptId = 0) {
  const { db } = ctx.services;
  if (await partNameTaken(db, project.id, body.name, body.model, exceptId))
    throw ApiError.conflict(
      `name: a spare part ${body.name}${body.model ? ` ${body.model}` : ''} already exists`,
    );
  if (body.templateId !== null && !(await templateById(db, project.id, body.templateId)))
    throw ApiError.at('body.templateId', `template ${body.templateId} does not exist in this project`);
  const found = await devicesByIds(db, project.id, body.deviceIds);
  const missing = body.deviceIds.find((id) => !found.some((d) => d.id === id));
  if (missing !== undefined)
    throw ApiError.at('body.deviceIds', `device ${missing} does not exist in this project`);
}

function values(body: Body<'createSparePart'>, now: number) {
  return {
    name: body.name,
    model: body.model,
    unit: body.unit,
    template_id: body.templateId,
    supplier: body.supplier,
    contact_phone: body.contactPhone,
    safety_stock: body.safetyStock,
    price: body.price,
    device_ids: body.deviceIds,
    updated_at: now,
  };
}

export async function createSparePart(
  ctx: RequestContext,
  body: Body<'createSparePart'>,
): Promise<SparePart> {
  const project = await currentProject(ctx);
  await checkPart(ctx, project, body);
  const { db } = ctx.services;
  const now = ctx.services.clock();
  let row = await insertPart(db, { ...values(body, now), project_id: project.id, created_at: now, stock: 0 });
  if (body.stock > 0) {
    const moved = await moveStock(db, row, {
      kind: STOCK_MOVE.in,
      quantity: body.stock,
      time: now,
      user_id: requireUser(ctx).id,
      device_id: null,
      order_id: null,
      note: ctx.language === 'zh' ? '初始库存' : 'initial stock',
    });
    if (moved) row = moved.part;
  }
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.sparePart', { name: `${row.name} ${row.model}`.trim() }),
  });
  return partItem(db, project, row);
}

async function ownPart(ctx: RequestContext, project: Project, id: number, field = 'id'): Promise<PartRow> {
  const row = await partById(ctx.services.db, project.id, id);
  if (!row) throw ApiError.notFound(`${field}: spare part ${id} does not exist in this project`);
  return row;
}

export async function updateSparePart(
  ctx: RequestContext,
  body: Body<'updateSparePart'>,
): Promise<SparePart> {
  const project = await currentProject(ctx);
  await ownPart(ctx, project, body.id);
  await checkPart(ctx, project, { ...body, stock: 0 }, body.id);
  const row = await updatePart(
    ctx.services.db,
    project.id,
    body.id,
    values({ ...body, stock: 0 }, ctx.services.clock()),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.sparePart', { name: `${row.name} ${row.model}`.trim() }),
  });
  return partItem(ctx.services.db, project, row);
}

export async function deleteSparePart(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const row = await ownPart(ctx, project, id);
  if (await hasMoves(ctx.services.db, project.id, id))
    throw ApiError.conflict(`id: ${row.name} has stock moves; a part with a history stays for its records`);
  await deletePart(ctx.services.db, project.id, id);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.sparePart', { name: `${row.name} ${row.model}`.trim() }),
  });
  return null;
}

async function moveItems(
  db: Db,
  project: Project,
  rows: readonly MoveRow[],
  language: 'zh' | 'en',
): Promise<StockMove[]> {
  if (rows.length === 0) return [];
  const parts = new Map(
    (await partRows(db, { projectId: project.id, ids: [...new Set(rows.map((r) => r.part_id))] })).map(
      (p) => [p.id, p],
    ),
  );
  const devices = await deviceNames(
    db,
    project.id,
    rows.flatMap((r) => (r.device_id === null ? [] : [r.device_id])),
  );
  const people = await personNames(
    db,
    rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
  );
  const codes = await orderCodes(
    db,
    project.id,
    rows.flatMap((r) => (r.order_id === null ? [] : [r.order_id])),
  );
  return rows.map((r) => {
    const labels = STOCK_MOVE_LABELS[r.kind as StockMoveKind];
    return {
      id: r.id,
      partId: r.part_id,
      partName: parts.get(r.part_id)?.name ?? '',
      partModel: parts.get(r.part_id)?.model ?? '',
      kind: r.kind,
      kindName: labels ? labels[language === 'zh' ? 0 : 1] : String(r.kind),
      quantity: r.quantity,
      stockAfter: r.stock_after,
      time: r.time,
      userName: r.user_id === null ? '' : (people.get(r.user_id) ?? ''),
      deviceId: r.device_id,
      deviceName: r.device_id === null ? '' : (devices.get(r.device_id)?.name ?? ''),
      orderCode: r.order_id === null ? null : (codes.get(r.order_id) ?? null),
      note: r.note,
    };
  });
}

export async function stockIn(
  ctx: RequestContext,
  body: Body<'stockIn'>,
): Promise<{ part: SparePart; move: StockMove }> {
  return move(ctx, STOCK_MOVE.in, { ...body, deviceId: null });
}

export async function stockOut(
  ctx: RequestContext,
  body: Body<'stockOut'>,
): Promise<{ part: SparePart; move: StockMove }> {
  return move(ctx, STOCK_MOVE.out, body);
}

async function move(
  ctx: RequestContext,
  kind: StockMoveKind,
  body: { partId: number; quantity: number; deviceId: number | null; note: string },
): Promise<{ part: SparePart; move: StockMove }> {
  const project = await currentProject(ctx);
  const { services } = ctx;
  const part = await ownPart(ctx, project, body.partId, 'partId');
  if (body.deviceId !== null && (await devicesByIds(services.db, project.id, [body.deviceId])).length === 0)
    throw ApiError.at('body.deviceId', `device ${body.deviceId} does not exist in this project`);
  if (kind === STOCK_MOVE.in && part.stock + body.quantity > SPARE_PART_LIMITS.quantityMax)
    throw ApiError.at('body.quantity', `the stock would exceed ${SPARE_PART_LIMITS.quantityMax}`);
  const name = part.model ? `${part.name} ${part.model}` : part.name;
  const moved = await services.notices.transaction(async (trx, publish) => {
    const result = await moveStock(trx, part, {
      kind,
      quantity: body.quantity,
      time: services.clock(),
      user_id: requireUser(ctx).id,
      device_id: body.deviceId,
      order_id: null,
      note: body.note,
    });
    if (result && kind === STOCK_MOVE.out)
      await publish(await stockWarnings(services, project, [part.id], trx));
    return result;
  });
  if (!moved) {
    // Read again: the stock may have changed since it was read above.
    const now = await ownPart(ctx, project, body.partId, 'partId');
    throw ApiError.rule(SPARE_PART_MESSAGES.beyondStock(name, body.quantity, now.stock));
  }
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.sparePart', { name }),
    description: text('oplog.stockMove', { kind, quantity: body.quantity }),
  });
  const [item] = await moveItems(services.db, project, [moved.move], ctx.language);
  return { part: await partItem(services.db, project, moved.part), move: item as StockMove };
}

export async function stockMoves(
  ctx: RequestContext,
  body: Body<'stockMoves'>,
): Promise<{ total: number; list: StockMove[] }> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const q = {
    projectId: project.id,
    partId: body.partId,
    kind: body.kind,
    deviceId: body.deviceId,
    from: body.startTime,
    to: body.endTime,
  };
  const total = await moveCount(db, q);
  const rows = await movePage(db, q, { limit: body.page.limit, offset: body.page.index * body.page.limit });
  return { total, list: await moveItems(db, project, rows, ctx.language) };
}

type Statistics = EndpointData<typeof catalogue.devices.statistics>;

/** The starts of the project's local months that [from, to) touches, and `to`. */
function monthStarts(from: number, to: number, timeZone: string): number[] {
  const p = localParts(from, timeZone);
  const starts: number[] = [];
  for (let m = 0; ; m++) {
    const start = zonedTime(timeZone, p.year, p.month + m, 1);
    if (start >= to) break;
    starts.push(start);
  }
  return starts;
}

export async function statistics(ctx: RequestContext, body: Body<'statistics'>): Promise<Statistics> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const parts = new Map((await partRows(db, { projectId: project.id })).map((p) => [p.id, p]));
  const q = { projectId: project.id, deviceId: body.deviceId, partIds: body.partIds };
  const rows = await consumption(db, { ...q, from: body.startTime, to: body.endTime });
  const price = (partId: number) => parts.get(partId)?.price ?? 0;
  const byPartMap = new Map<number, number>();
  const byDeviceMap = new Map<number | null, { quantity: number; value: number }>();
  for (const r of rows) {
    byPartMap.set(r.part_id, (byPartMap.get(r.part_id) ?? 0) + r.quantity);
    const d = byDeviceMap.get(r.device_id) ?? { quantity: 0, value: 0 };
    d.quantity += r.quantity;
    d.value += r.quantity * price(r.part_id);
    byDeviceMap.set(r.device_id, d);
  }
  const byPart = [...byPartMap.entries()]
    .map(([partId, quantity]) => {
      const part = parts.get(partId);
      return {
        partId,
        name: part?.name ?? String(partId),
        model: part?.model ?? '',
        unit: part?.unit ?? '',
        quantity,
        value: money(quantity * price(partId)),
      };
    })
    .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
  const devices = await deviceNames(
    db,
    project.id,
    [...byDeviceMap.keys()].filter((id): id is number => id !== null),
  );
  const byDevice = [...byDeviceMap.entries()]
    .map(([deviceId, v]) => ({
      deviceId,
      name:
        deviceId === null
          ? ctx.language === 'zh'
            ? '未关联设备'
            : 'no device'
          : (devices.get(deviceId)?.name ?? ''),
      quantity: v.quantity,
      value: money(v.value),
    }))
    .sort((a, b) => b.quantity - a.quantity);
  const starts = monthStarts(body.startTime, body.endTime, project.timeZone);
  const byMonth: Statistics['byMonth'] = [];
  for (const [i, start] of starts.entries()) {
    const from = Math.max(start, body.startTime);
    const to = Math.min(starts[i + 1] ?? body.endTime, body.endTime);
    const month = await consumption(db, { ...q, from, to });
    const quantity = month.reduce((n, r) => n + r.quantity, 0);
    byMonth.push({
      month: start,
      quantity,
      value: money(month.reduce((n, r) => n + r.quantity * price(r.part_id), 0)),
    });
  }
  const all = [...parts.values()];
  const total = byPart.reduce(
    (t, p) => ({ quantity: t.quantity + p.quantity, value: money(t.value + p.value) }),
    {
      quantity: 0,
      value: 0,
    },
  );
  return {
    byPart,
    byDevice,
    byMonth,
    top: byPart.slice(0, SPARE_PART_LIMITS.topMax),
    belowSafety: all
      .filter((p) => belowSafetyStock({ stock: p.stock, safetyStock: p.safety_stock }))
      .map((p) => ({
        partId: p.id,
        name: p.name,
        model: p.model,
        stock: p.stock,
        safetyStock: p.safety_stock,
      })),
    stockValue: money(all.reduce((v, p) => v + p.stock * p.price, 0)),
    total,
  };
}

type Shared = EndpointData<typeof catalogue.devices.sharedSpares>;

/** The shared catalogue: parts of the tenant's projects the user may enter, by name and model. */
export async function sharedSpares(ctx: RequestContext, body: Body<'sharedSpares'>): Promise<Shared> {
  if (!ctx.services.config.loadAllSpares)
    throw ApiError.notFound('the shared spare-parts catalogue is off on this server (EEM_LOAD_ALL_SPARES)');
  const project = await currentProject(ctx);
  const user = requireUser(ctx);
  const projects = (await allProjects(ctx.services.db)).filter(
    (p) => p.tenant_id === project.tenantId && user.projectIds.includes(p.id),
  );
  const names = new Map(projects.map((p) => [p.id, p.name]));
  const { total, parts, groups } = await sharedParts(
    ctx.services.db,
    projects.map((p) => p.id),
    body.keyword,
    { limit: body.page.limit, offset: body.page.index * body.page.limit },
  );
  return {
    total,
    list: groups.map((g) => {
      const members = parts.filter((p) => p.name === g.name && p.model === g.model);
      return {
        name: g.name,
        model: g.model,
        unit: members[0]?.unit ?? '',
        supplier: members[0]?.supplier ?? '',
        stock: members.reduce((n, p) => n + p.stock, 0),
        projects: members.map((p) => ({
          projectId: p.project_id,
          projectName: names.get(p.project_id) ?? '',
          partId: p.id,
          stock: p.stock,
        })),
      };
    }),
  };
}
