/**
 * Actual output of a node (its subtree) over ranges, for the attribution of a change of
 * consumption (energy.radio): monthly actuals spread over their accounting month by time.
 */
import { monthPeriod, nextPeriodStart } from '@eem/core';
import type { Db } from '../../db/database.js';
import type { EnergyModel } from '../energy/model.js';
import { PRODUCTION_KIND, productById, productionRows, productsOf } from './repo/production.js';

export interface OutputTotals {
  product: { id: number; name: string; unit: string };
  base: number;
  compare: number;
}

/** Output of `productId` (else the first product with actuals) at the node and below over two ranges. */
export async function productionTotals(
  db: Db,
  model: EnergyModel,
  nodeId: number,
  productId: number | null,
  ranges: readonly [[number, number], [number, number]],
): Promise<OutputTotals | null> {
  const nodes = [nodeId, ...model.descendants(nodeId)];
  const years = new Set<number>();
  for (const [a, b] of ranges)
    for (let y = new Date(a).getUTCFullYear() - 1; y <= new Date(b).getUTCFullYear(); y++) years.add(y);
  const rows = await productionRows(db, model.project.id, {
    kind: PRODUCTION_KIND.actual,
    nodeIds: nodes,
    years: [...years],
    ...(productId !== null ? { productId } : {}),
  });
  const chosen = productId ?? rows[0]?.product_id;
  if (chosen === undefined) return null;
  const product =
    productId !== null
      ? await productById(db, model.project.id, productId)
      : (await productsOf(db, model.project.id)).find((p) => p.id === chosen);
  if (!product) return null;
  const totals = ranges.map(([a, b]) => {
    let sum = 0;
    for (const r of rows) {
      if (r.product_id !== chosen) continue;
      const s = monthPeriod(r.year, r.month, model.timeZone, model.cycle);
      const e = nextPeriodStart(s, 'month', model.timeZone, model.cycle);
      const overlap = Math.min(b, e) - Math.max(a, s);
      if (overlap > 0) sum += (r.value * overlap) / (e - s);
    }
    return Math.round(sum * 1e6) / 1e6;
  });
  return {
    product: { id: product.id, name: product.name, unit: product.unit },
    base: totals[0] ?? 0,
    compare: totals[1] ?? 0,
  };
}
