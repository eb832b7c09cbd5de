/**
 * Loss analysis (/energyLossAnalysis, /lossAnalysis), line loss (/linelossanalytical) and the
 * overview (/energyLossOverview), all from the energy rollups of the project.
 *
 * - A loss object: supply = its supply node's consumption, downstream = Σ its consumers'.
 * - A node: supply = its own meters, downstream = Σ of what it feeds (supply connections, else
 *   children), as the energy balance reads it.
 * - The tree: from the supply node, each node's input (its consumption) against the Σ of what it
 *   feeds (the loss object's consumers at the first level), down to LOSS_LIMITS.treeDepth.
 * - Line loss: a start segment's head end is its consumption (its meters), its tail end the Σ of
 *   what it feeds.
 */
import {
  addMonth,
  energyTypeOf,
  isLineLossStart,
  LINE_LOSS_START,
  LOSS_LIMITS,
  LOSS_MESSAGES,
  lossOf,
  monthBounds,
  monthOf,
  NODE_ENUMS,
  round2,
} from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { isEmpty } from '../energy/model.js';
import { boundsOf, type EnergyCall, energyCall, mayRead, nodeOf, screenSpan } from '../energy/scope.js';
import { timesOf } from '../energy/series.js';
import { nodeAttributes, nodesOfTypes } from '../nodes/repo/nodes.js';
import {
  type LossDefinition,
  lossValues,
  objectDefinition,
  periodFigures,
  rangeFigures,
  rated,
  type Thresholds,
} from './figures.js';
import { invalid, type LossBody, type LossData, lossObjectOf, thresholdsOf } from './objects.js';
import { unconfirmedLossEvents } from './repo/events.js';
import { lossObjectsOf } from './repo/objects.js';

const NO_THRESHOLDS: Thresholds = { levels: [], lowerLimitPct: null, upperLimitPct: null };

interface Network {
  type: number;
  supplyId: number;
  consumerIds: number[];
  definition: LossDefinition;
  thresholds: Thresholds;
  lossObject: { id: number; name: string } | null;
}

async function networkOf(call: EnergyCall, body: LossBody<'analysis'>): Promise<Network> {
  if (body.lossObjectId !== undefined) {
    const o = await lossObjectOf(call, body.lossObjectId);
    return {
      type: o.energy_type,
      supplyId: Number(o.supply_node_id),
      consumerIds: o.consumerIds,
      definition: objectDefinition(call.model, o),
      thresholds: thresholdsOf(o),
      lossObject: { id: Number(o.id), name: o.name },
    };
  }
  if (!body.node || body.energyType === undefined) throw invalid(LOSS_MESSAGES.objectOrNode);
  if (!energyTypeOf(body.energyType))
    throw ApiError.at('body.energyType', `unknown energy type ${body.energyType}`);
  const type = body.energyType;
  const id = nodeOf(call, body.node, 'node');
  const consumerIds = call.model.feeds(id, type).filter((c) => mayRead(call, c));
  if (consumerIds.length === 0) throw invalid(LOSS_MESSAGES.feedsNothing);
  const own = call.model.hasOwnMeters(id, type);
  return {
    type,
    supplyId: id,
    consumerIds,
    definition: {
      type,
      supply: own ? call.model.ownComposition(id, type) : call.model.composition(id, type),
      consumers: consumerIds.map((c) => call.model.composition(c, type)),
    },
    thresholds: NO_THRESHOLDS,
    lossObject: null,
  };
}

interface TreeEntry {
  key: string;
  parentKey: string | null;
  depth: number;
  id: number;
  feeds: number[];
}

/** The network below the supply node, depth first, bounded in depth and size. */
function treeOf(call: EnergyCall, net: Network): TreeEntry[] {
  const out: TreeEntry[] = [];
  const visit = (
    id: number,
    parentKey: string | null,
    depth: number,
    feeds: readonly number[],
    seen: Set<number>,
  ) => {
    if (out.length >= LOSS_LIMITS.treeNodes) return;
    const key = parentKey === null ? String(id) : `${parentKey}/${id}`;
    // Nodes that measure nothing of the type (a device without a meter) are left out.
    const below =
      depth >= LOSS_LIMITS.treeDepth
        ? []
        : feeds.filter(
            (c) => !seen.has(c) && mayRead(call, c) && !isEmpty(call.model.composition(c, net.type)),
          );
    out.push({ key, parentKey, depth, id, feeds: below });
    const path = new Set(seen).add(id);
    for (const c of below) visit(c, key, depth + 1, call.model.feeds(c, net.type), path);
  };
  visit(net.supplyId, null, 0, net.consumerIds, new Set());
  return out;
}

export async function analysis(
  ctx: RequestContext,
  body: LossBody<'analysis'>,
): Promise<LossData<'analysis'>> {
  const call = await energyCall(ctx);
  const unit = screenSpan(call, body);
  const net = await networkOf(call, body);
  const bounds = boundsOf(call, body, unit, net.consumerIds.length + 1);
  const head = {
    timeZone: call.project.timeZone,
    mode: body.mode,
    cycle: body.cycle,
    energyType: net.type,
    unit: call.model.unit(net.type).unit,
    lossObject: net.lossObject,
    supply: call.model.info(net.supplyId),
    consumers: net.consumerIds.map((id) => call.model.info(id)),
    lowerLimitPct: net.thresholds.lowerLimitPct,
    upperLimitPct: net.thresholds.upperLimitPct,
    levels: [...net.thresholds.levels],
    times: timesOf(bounds),
  };
  if (body.mode === 'series') {
    const [v] = await lossValues(call.ctx.services.db, call.model, [net.definition], bounds);
    if (!v) throw new Error('loss values missing');
    return {
      ...head,
      rows: timesOf(bounds).map((time, i) => ({ time, ...rated(periodFigures(v, i), net.thresholds) })),
      total: rated(rangeFigures(v), net.thresholds),
      tree: [],
    };
  }
  // The tree over the whole range: one pass for every node's input and its feeds.
  const entries = treeOf(call, net);
  const range = [bounds[0] as number, bounds.at(-1) as number];
  const definitions: LossDefinition[] = entries.map((e, i) =>
    i === 0
      ? net.definition
      : {
          type: net.type,
          supply: call.model.composition(e.id, net.type),
          consumers: e.feeds.map((c) => call.model.composition(c, net.type)),
        },
  );
  const values = await lossValues(call.ctx.services.db, call.model, definitions, range);
  const figures = entries.map((e, i) => {
    const v = values[i];
    const f = v ? rangeFigures(v) : lossOf(null, []);
    return e.feeds.length === 0 ? { ...f, downstream: null, loss: null, ratePct: null } : f;
  });
  let worst = -1;
  figures.forEach((f, i) => {
    if (f.ratePct !== null && (worst < 0 || f.ratePct > (figures[worst]?.ratePct ?? -Infinity))) worst = i;
  });
  const [rootValues] = values;
  return {
    ...head,
    rows: [],
    total: rated(rootValues ? rangeFigures(rootValues) : lossOf(null, []), net.thresholds),
    tree: entries.map((e, i) => {
      const f = figures[i] ?? lossOf(null, []);
      const r = rated(f, i === 0 ? net.thresholds : NO_THRESHOLDS);
      return {
        ...r,
        key: e.key,
        parentKey: e.parentKey,
        depth: e.depth,
        node: call.model.info(e.id),
        input: f.supply,
        output: f.downstream,
        worst: i === worst,
        leaf: e.feeds.length === 0,
      };
    }),
  };
}

// ------------------------------------------------------------------ line loss

interface StartNode {
  id: number;
  voltageLevel: number;
}

async function startNodesOf(call: EnergyCall): Promise<StartNode[]> {
  const rows = await nodesOfTypes(call.ctx.services.db, call.project.id, [LINE_LOSS_START.modelLabel]);
  const out: StartNode[] = [];
  for (const row of rows) {
    const a = nodeAttributes(row);
    if (isLineLossStart(a) && mayRead(call, Number(row.id)))
      out.push({ id: Number(row.id), voltageLevel: Number(a.voltagelevel) });
  }
  return out.sort((a, b) => call.model.path(a.id).localeCompare(call.model.path(b.id)) || a.id - b.id);
}

function voltageLabel(level: number | null, language: 'zh' | 'en'): string {
  const names =
    level === null
      ? undefined
      : (NODE_ENUMS.voltagelevel as Record<number, readonly [string, string]>)[level];
  return names ? (language === 'zh' ? names[0] : names[1]) : '';
}

const ELECTRICITY = 2;

export async function startNodes(
  ctx: RequestContext,
  body: LossBody<'startNodes'>,
): Promise<LossData<'startNodes'>> {
  const call = await energyCall(ctx);
  const keyword = body.keyword.toLowerCase();
  return (await startNodesOf(call))
    .filter((s) => keyword === '' || call.model.path(s.id).toLowerCase().includes(keyword))
    .slice(0, LOSS_LIMITS.startNodes)
    .map((s) => ({
      ...call.model.info(s.id),
      voltageLevel: s.voltageLevel,
      voltageLabel: voltageLabel(s.voltageLevel, ctx.language),
      feeds: call.model.feeds(s.id, ELECTRICITY).length,
    }));
}

export async function lineLoss(
  ctx: RequestContext,
  body: LossBody<'lineLoss'>,
): Promise<LossData<'lineLoss'>> {
  const call = await energyCall(ctx);
  const unit = screenSpan(call, body);
  const starts = new Map((await startNodesOf(call)).map((s) => [s.id, s]));
  const ids = [...new Set(body.nodes.map((n, i) => nodeOf(call, n, `nodes.${i}`)))];
  for (const id of ids) if (!starts.has(id)) throw invalid(LOSS_MESSAGES.notStartNode);
  const bounds = boundsOf(call, body, unit, ids.length * 4);
  const definitions = ids.map((id) => ({
    type: ELECTRICITY,
    supply: call.model.composition(id, ELECTRICITY),
    consumers: call.model.feeds(id, ELECTRICITY).map((c) => call.model.composition(c, ELECTRICITY)),
  }));
  const values = await lossValues(call.ctx.services.db, call.model, definitions, bounds);
  const segments = ids.map((id, s) => {
    const v = values[s] as (typeof values)[number];
    const rows = timesOf(bounds).map((time, i) => {
      const f = periodFigures(v, i);
      return { time, head: f.supply, tail: f.downstream, loss: f.loss, ratePct: f.ratePct };
    });
    const t = rangeFigures(v);
    const level = starts.get(id)?.voltageLevel ?? null;
    return {
      node: call.model.info(id),
      voltageLevel: level,
      voltageLabel: voltageLabel(level, ctx.language),
      rows,
      total: { head: t.supply, tail: t.downstream, loss: t.loss, ratePct: t.ratePct },
      rank: 0,
    };
  });
  const ranked = [...segments].sort(
    (a, b) => (b.total.ratePct ?? -Infinity) - (a.total.ratePct ?? -Infinity) || a.node.id - b.node.id,
  );
  ranked.forEach((s, i) => {
    s.rank = i + 1;
  });
  return {
    timeZone: call.project.timeZone,
    cycle: body.cycle,
    unit: call.model.unit(ELECTRICITY).unit,
    times: timesOf(bounds),
    segments: ranked,
  };
}

// ------------------------------------------------------------------ overview

export async function overview(
  ctx: RequestContext,
  body: LossBody<'overview'>,
): Promise<LossData<'overview'>> {
  const call = await energyCall(ctx);
  const { db, clock } = ctx.services;
  const tz = call.project.timeZone;
  const month = monthOf(body.time ?? clock(), tz);
  const year = Number(month.slice(0, 4));
  const months = Array.from({ length: LOSS_LIMITS.trendMonths }, (_, i) =>
    addMonth(month, i - LOSS_LIMITS.trendMonths + 1),
  );
  const bounds = [...months.map((m) => monthBounds(m, tz).start), monthBounds(month, tz).end];
  const all = (await lossObjectsOf(db, call.project.id)).filter((o) =>
    mayRead(call, Number(o.supply_node_id)),
  );
  const enabled = all.filter((o) => o.enabled === 1);
  const values = await lossValues(
    call.ctx.services.db,
    call.model,
    enabled.map((o) => objectDefinition(call.model, o)),
    bounds,
  );
  const last = months.length - 1;
  const inYear = months.map((m) => m.startsWith(`${year}-`));
  const types = [...new Set(enabled.map((o) => o.energy_type))].sort((a, b) => a - b);
  const sumOf = (type: number, pick: (i: number) => boolean) => {
    let supply: number | null = null;
    let loss: number | null = null;
    enabled.forEach((o, k) => {
      if (o.energy_type !== type) return;
      const v = values[k];
      if (!v) return;
      months.forEach((_, i) => {
        if (!pick(i)) return;
        const f = periodFigures(v, i);
        if (f.supply !== null) supply = round2((supply ?? 0) + f.supply);
        if (f.loss !== null) loss = round2((loss ?? 0) + f.loss);
      });
    });
    const s = supply as number | null;
    const l = loss as number | null;
    return {
      supply: s,
      loss: l,
      ratePct: s === null || l === null || s === 0 ? null : round2((l / s) * 100),
    };
  };
  const typeName = (type: number) => {
    const t = energyTypeOf(type);
    return t ? (ctx.language === 'zh' ? t.name : t.enName) : String(type);
  };
  const top = enabled
    .map((o, k) => {
      const v = values[k];
      const f = v ? periodFigures(v, last) : lossOf(null, []);
      return {
        ...rated(f, thresholdsOf(o)),
        lossObject: { id: Number(o.id), name: o.name },
        energyType: o.energy_type,
        unit: call.model.unit(o.energy_type).unit,
      };
    })
    .filter((t) => t.ratePct !== null)
    .sort((a, b) => (b.ratePct as number) - (a.ratePct as number) || a.lossObject.id - b.lossObject.id)
    .slice(0, LOSS_LIMITS.top);
  const visibleIds = new Set(all.map((o) => Number(o.id)));
  const open = (await unconfirmedLossEvents(db, call.project.id)).filter((e) =>
    visibleIds.has(Number(e.loss_object_id)),
  );
  const count = <T>(items: readonly T[], key: (t: T) => number) => {
    const m = new Map<number, number>();
    for (const t of items) m.set(key(t), (m.get(key(t)) ?? 0) + 1);
    return m;
  };
  const byLevel = count(open, (e) => e.warning_level);
  const byType = count(open, (e) => e.log_type);
  return {
    timeZone: tz,
    month,
    year,
    cards: types.map((type) => ({
      energyType: type,
      energyTypeName: typeName(type),
      unit: call.model.unit(type).unit,
      month: sumOf(type, (i) => i === last),
      year: sumOf(type, (i) => inYear[i] === true),
    })),
    trend: types.map((type) => ({
      energyType: type,
      unit: call.model.unit(type).unit,
      points: months.map((m, i) => ({
        month: m,
        start: bounds[i] as number,
        ...sumOf(type, (j) => j === i),
      })),
    })),
    top,
    warnings: {
      total: open.length,
      levels: [1, 2, 3, 4].map((level) => ({ level, count: byLevel.get(level) ?? 0 })),
      byType: [706, 707].map((logType) => ({ logType, count: byType.get(logType) ?? 0 })),
    },
    objects: all.length,
    enabledObjects: enabled.length,
  };
}
