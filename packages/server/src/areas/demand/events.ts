/** Demand events (/demandevent): types 704 and 705 with what each was about (inlet, demand, declared, excess). */
import { DEMAND_EVENT_TYPES } from '@eem/contract';
import { currentProject, type RequestContext } from '../../context.js';
import { eventQuery } from '../events/event-filter.js';
import { eventItems } from '../events/event-items.js';
import { eventCount, eventRows } from '../events/repo/events.js';
import { round4 } from './demand-data.js';
import { type DemandBody, type DemandData, inletRefOf, inletsNamed, visibleInlets } from './inlets.js';
import { demandEventsOf } from './repo/events.js';

export async function demandEvents(
  ctx: RequestContext,
  body: DemandBody<'demandEvents'>,
): Promise<DemandData<'demandEvents'>> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const logTypes = (body.logTypes.length > 0 ? body.logTypes : [...DEMAND_EVENT_TYPES]).filter((t) =>
    (DEMAND_EVENT_TYPES as readonly number[]).includes(t),
  );
  if (logTypes.length === 0) return { total: 0, list: [] };
  if (body.inletIds.length > 0) await inletsNamed(ctx, project, body.inletIds);
  const q = { ...(await eventQuery(db, project, { ...body, logTypes })), inletIds: body.inletIds };
  const total = await eventCount(db, q);
  const rows = await eventRows(db, q, { limit: body.page.limit, offset: body.page.index * body.page.limit });
  const items = await eventItems(db, project.id, rows, ctx.language);
  const details = await demandEventsOf(
    db,
    rows.map((r) => r.id),
  );
  const byEvent = new Map(details.map((d) => [Number(d.event_id), d]));
  const inlets = new Map((await visibleInlets(ctx, project)).map((i) => [i.id, i]));
  return {
    total,
    list: items.map((item) => {
      const d = byEvent.get(item.id);
      const inlet = d ? inlets.get(Number(d.inlet_id)) : undefined;
      // Events of alarm schemes of kind 'demand' (no inlet): active power against the threshold.
      const demandKw = d ? d.demand_kw : item.value;
      const declaredKw = d ? d.declared_kw : null;
      return {
        ...item,
        inlet: inlet ? inletRefOf(inlet) : null,
        demandKw,
        declaredKw,
        excessPct:
          demandKw === null || declaredKw === null || declaredKw <= 0
            ? null
            : round4(((demandKw - declaredKw) / declaredKw) * 100),
        predicted: d ? d.predicted === 1 : false,
      };
    }),
  };
}
