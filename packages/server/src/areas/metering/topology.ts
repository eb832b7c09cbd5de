/** Node–meter bindings (/associatRelation) and supply connections (/connectedRelation). */
import type { catalogue, EndpointData, EndpointParsedInput } from '@eem/contract';
import { ENERGY_MESSAGES, ENERGY_TYPE, energyTypeName, text } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { EnergyModel } from '../energy/model.js';
import { energyCall, nodeOf } from '../energy/scope.js';
import { recordOperation } from '../logs/record-operation.js';
import {
  bindingRows,
  connectionRows,
  type NodeMeterRow,
  replaceBindings,
  replaceConnections,
} from './repo/meters.js';

type Metering = typeof catalogue.metering;
type Body<K extends keyof Metering> = EndpointParsedInput<Metering[K]>['body'];
type Data<K extends keyof Metering> = EndpointData<Metering[K]>;

/** A node–meter binding as the calls answer it. */
function bindingItem(model: EnergyModel, r: NodeMeterRow) {
  return {
    node: model.info(r.node_id),
    meter: model.info(r.meter_id),
    energyType: r.energy_type,
    coef: r.coef,
    item: r.item,
  };
}

export async function associations(
  ctx: RequestContext,
  body: Body<'associations'>,
): Promise<Data<'associations'>> {
  const call = await energyCall(ctx);
  const { model } = call;
  const nodeId = body.node ? nodeOf(call, body.node, 'node') : undefined;
  const rows = await bindingRows(ctx.services.db, call.project.id);
  let list: Data<'associations'>['list'];
  if (body.unbound) {
    const bound = new Set(rows.map((r) => r.meter_id));
    list = [...model.nodes.values()]
      .filter((n) => n.modelLabel === 'meter' && n.energyType !== null && !bound.has(n.id))
      .filter((n) => body.energyType === undefined || n.energyType === body.energyType)
      .filter((n) => body.meterId === undefined || n.id === body.meterId)
      .map((n) => ({
        node: null,
        meter: model.info(n.id),
        energyType: n.energyType as number,
        coef: null,
        item: null,
      }));
  } else {
    list = rows
      .filter(
        (r) =>
          (nodeId === undefined || r.node_id === nodeId) &&
          (body.meterId === undefined || r.meter_id === body.meterId),
      )
      .filter((r) => body.energyType === undefined || r.energy_type === body.energyType)
      .filter((r) => model.node(r.node_id) && model.node(r.meter_id))
      .map((r) => bindingItem(model, r));
  }
  const start = body.page.index * body.page.limit;
  return { total: list.length, list: list.slice(start, start + body.page.limit) };
}

export async function saveAssociations(
  ctx: RequestContext,
  body: Body<'saveAssociations'>,
): Promise<Data<'saveAssociations'>> {
  const call = await energyCall(ctx);
  const { model } = call;
  const nodeId = nodeOf(call, body.node, 'node');
  const seen = new Set<number>();
  for (const m of body.meters) {
    const meter = model.node(m.meterId);
    if (meter?.modelLabel !== 'meter') throw ApiError.rule(ENERGY_MESSAGES.notAMeter(m.meterId));
    if (seen.has(m.meterId)) throw ApiError.at('body.meters', `${meter.name} is listed twice`);
    seen.add(m.meterId);
    if (m.meterId === nodeId)
      throw ApiError.at(
        'body.meters',
        `${meter.name} is this node itself; a meter measures itself without a binding`,
      );
    if (meter.energyType !== m.energyType)
      throw ApiError.rule(
        ENERGY_MESSAGES.meterEnergyType(meter.name, energyTypeName(meter.energyType ?? 0, ctx.language)),
      );
    if (m.item !== null && m.energyType !== ENERGY_TYPE.electricity)
      throw ApiError.at('body.meters', `${meter.name}: items (A1..D6) are for electricity meters`);
  }
  await replaceBindings(
    ctx.services.db,
    call.project.id,
    nodeId,
    body.meters.map((m) => ({ meter_id: m.meterId, energy_type: m.energyType, coef: m.coef, item: m.item })),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.nodeMeters', { node: model.info(nodeId).name }),
    description: text('oplog.metersBound', { count: body.meters.length }),
    projectId: call.project.id,
  });
  const rows = await bindingRows(ctx.services.db, call.project.id);
  return rows.filter((r) => r.node_id === nodeId).map((r) => bindingItem(model, r));
}

export async function connections(
  ctx: RequestContext,
  body: Body<'connections'>,
): Promise<Data<'connections'>> {
  const call = await energyCall(ctx);
  const nodeId = body.node ? nodeOf(call, body.node, 'node') : undefined;
  const rows = await connectionRows(ctx.services.db, call.project.id, body.energyType);
  return rows
    .filter((r) => nodeId === undefined || r.from_id === nodeId || r.to_id === nodeId)
    .filter((r) => call.model.node(r.from_id) && call.model.node(r.to_id))
    .map((r) => ({
      energyType: r.energy_type,
      from: call.model.info(r.from_id),
      to: call.model.info(r.to_id),
    }));
}

/** A cycle among the connections (its node ids in order), or null. */
export function findCycle(pairs: readonly { fromId: number; toId: number }[]): number[] | null {
  const next = new Map<number, number[]>();
  for (const p of pairs) {
    const list = next.get(p.fromId);
    if (list) list.push(p.toId);
    else next.set(p.fromId, [p.toId]);
  }
  const state = new Map<number, 1 | 2>();
  const stack: number[] = [];
  const visit = (id: number): number[] | null => {
    state.set(id, 1);
    stack.push(id);
    for (const to of next.get(id) ?? []) {
      if (state.get(to) === 1) return [...stack.slice(stack.indexOf(to)), to];
      if (!state.has(to)) {
        const found = visit(to);
        if (found) return found;
      }
    }
    stack.pop();
    state.set(id, 2);
    return null;
  };
  for (const id of next.keys()) {
    if (state.has(id)) continue;
    const found = visit(id);
    if (found) return found;
  }
  return null;
}

export async function saveConnections(
  ctx: RequestContext,
  body: Body<'saveConnections'>,
): Promise<Data<'saveConnections'>> {
  const call = await energyCall(ctx);
  const { model } = call;
  const pairs = new Map<string, { fromId: number; toId: number }>();
  for (const c of body.connections) {
    for (const id of [c.fromId, c.toId]) {
      if (!model.node(id) || id === 0) throw ApiError.at('body.connections', ENERGY_MESSAGES.unknownNode(id));
      nodeOf(call, { id, modelLabel: model.node(id)?.modelLabel ?? '' }, 'connections');
    }
    if (c.fromId === c.toId)
      throw ApiError.rule(`${ENERGY_MESSAGES.selfConnection} (${model.info(c.fromId).name})`);
    pairs.set(`${c.fromId}:${c.toId}`, c);
  }
  const list = [...pairs.values()];
  const cycle = findCycle(list);
  if (cycle)
    throw ApiError.rule(ENERGY_MESSAGES.connectionCycle(cycle.map((id) => model.info(id).name).join(' → ')));
  await replaceConnections(
    ctx.services.db,
    call.project.id,
    body.energyType,
    list.map((p) => ({ from_id: p.fromId, to_id: p.toId })),
  );
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.supplyConnections', {
      energyType: text('energyType', { energyType: body.energyType }),
    }),
    description: text('oplog.connections', { count: list.length }),
    projectId: call.project.id,
  });
  return connections(ctx, { energyType: body.energyType });
}
