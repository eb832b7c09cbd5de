/**
 * energy.itemized: itemised electricity (分项) of a node. The items come from the meter
 * bindings: a meter bound with a sub-item (A1..D6) to the node or a node below it counts in
 * that sub-item (each meter and sub-item once); what no item accounts for is "other".
 */
import type { catalogue, EndpointData, EndpointParsedInput } from '@eem/contract';
import { changeRate, ENERGY_ITEMS, ENERGY_TYPE, type EnergyItem, itemOf } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { type Composition, emptyComposition, PROJECT_NODE } from './model.js';
import { boundsOf, energyCall, nodeOf, screenSpan } from './scope.js';
import { share, yearEarlierBounds } from './series.js';
import { combine, readSources, shown, totalOf } from './sums.js';

type Body = EndpointParsedInput<typeof catalogue.energy.itemized>['body'];
type Data = EndpointData<typeof catalogue.energy.itemized>;

export async function itemized(ctx: RequestContext, body: Body): Promise<Data> {
  const call = await energyCall(ctx);
  const unit = screenSpan(call, body);
  const id = nodeOf(call, body.node, 'node');
  const type = ENERGY_TYPE.electricity;
  const bySubItem = new Map<string, Composition>();
  const counted = new Set<string>();
  for (const nodeId of [id, ...call.model.descendants(id)]) {
    for (const b of call.model.bindingsOf(nodeId)) {
      if (b.energyType !== type || !b.item || !itemOf(b.item)) continue;
      const key = `${b.meterId}:${b.item}`;
      const point = call.model.pointOf(b.meterId, type);
      if (counted.has(key) || point === undefined) continue;
      counted.add(key);
      let c = bySubItem.get(b.item);
      if (!c) {
        c = emptyComposition();
        bySubItem.set(b.item, c);
      }
      c.points.set(point, (c.points.get(point) ?? 0) + b.coef);
    }
  }
  const subItems = [...bySubItem.keys()].sort();
  const whole = call.model.composition(id, type);
  const compositions = [whole, ...subItems.map((s) => bySubItem.get(s) as Composition)];
  const bounds = boundsOf(call, body, unit, compositions.length);
  const { db } = ctx.services;
  const [source, yoySource] = await Promise.all([
    readSources(db, call.model, compositions, bounds),
    readSources(db, call.model, compositions, yearEarlierBounds(call, bounds, unit)),
  ]);
  const { multiplier } = call.model.unit(type);
  const valuesOf = (k: number, from: typeof source) =>
    combine(compositions[k] as Composition, from).map((v) => shown(v, multiplier));
  const totalValues = valuesOf(0, source);
  const total = totalOf(totalValues);
  const node = call.model.node(id);
  const area = id === PROJECT_NODE ? call.project.area : (node?.area ?? null);
  const lang = ctx.language === 'zh' ? 0 : 1;
  const subRows = subItems.map((code, i) => {
    const values = valuesOf(i + 1, source);
    const t = totalOf(values);
    const yoyTotal = totalOf(valuesOf(i + 1, yoySource));
    const item = itemOf(code) as EnergyItem;
    const names = ENERGY_ITEMS[item].subItems as Record<string, readonly [string, string]>;
    return {
      item,
      code,
      name: names[code]?.[lang] ?? code,
      values,
      total: t,
      yoyTotal,
      yoyRate: changeRate(t, yoyTotal),
    };
  });
  const periods = bounds.length - 1;
  const sumOf = (
    rows: (typeof subRows)[number][],
    pick: (r: (typeof subRows)[number]) => (number | null)[],
  ) => Array.from({ length: periods }, (_, i) => totalOf(rows.map((r) => pick(r)[i] ?? null)));
  const items = (Object.keys(ENERGY_ITEMS) as EnergyItem[])
    .map((code) => {
      const rows = subRows.filter((r) => r.item === code);
      if (rows.length === 0) return null;
      const values = sumOf(rows, (r) => r.values);
      const t = totalOf(values);
      const yoyTotal = totalOf(rows.map((r) => r.yoyTotal));
      return {
        code,
        name: ENERGY_ITEMS[code].name[lang],
        values,
        total: t,
        yoyTotal,
        yoyRate: changeRate(t, yoyTotal),
        perArea: t === null || area === null || !(area > 0) ? null : Math.round((t / area) * 1e6) / 1e6,
        share: share(t, total),
        subItems: rows.map(({ item: _, ...r }) => r),
      };
    })
    .filter((i) => i !== null);
  const itemised = Array.from({ length: periods }, (_, i) =>
    totalOf(items.map((it) => it.values[i] ?? null)),
  );
  const otherValues = totalValues.map((v, i) => (v === null ? null : shown(v - (itemised[i] ?? 0))));
  return {
    timeZone: call.project.timeZone,
    cycle: body.cycle,
    unit: call.model.unit(type).unit,
    node: call.model.info(id),
    times: bounds.slice(0, -1),
    area,
    total,
    items,
    other: { values: otherValues, total: totalOf(otherValues) },
  };
}
