/**
 * energy.overview (POST /eem-service/v1/project/overview): per project the user may enter,
 * this month's standard coal and electricity up to the current hour with the same stretch a
 * year earlier, and its open (pending or processing) accident and alarm events.
 */
import type { catalogue, EndpointData, EndpointParsedInput, Project } from '@eem/contract';
import {
  changeRate,
  ENERGY_TYPE,
  EVENT_CLASS,
  EVENT_STATUS,
  nextPeriodStart,
  periodStart,
  yearEarlier,
} from '@eem/core';
import { assertEnterable, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { eventCount } from '../events/repo/events.js';
import { EnergyModel, PROJECT_NODE } from './model.js';
import { combine, readSources, shown } from './sums.js';

type Body = EndpointParsedInput<typeof catalogue.energy.overview>['body'];
type Data = EndpointData<typeof catalogue.energy.overview>;

export async function overview(ctx: RequestContext, body: Body): Promise<Data> {
  const user = requireUser(ctx);
  const ids = body.projectIds ?? [...user.projectIds];
  for (const id of ids) assertEnterable(ctx, id);
  const time = body.time ?? ctx.services.clock();
  const { db } = ctx.services;
  const out: Data = [];
  for (const id of [...new Set(ids)]) {
    const project: Project | undefined = await ctx.services.projects.get(id);
    if (!project) throw ApiError.notFound(`project ${id} does not exist`);
    const model = await EnergyModel.load(db, project);
    const tz = project.timeZone;
    const start = periodStart(time, 'month', tz, model.cycle);
    const hour = periodStart(time, 'hour', tz, model.cycle);
    const upTo = Math.min(
      nextPeriodStart(hour, 'hour', tz, model.cycle),
      nextPeriodStart(start, 'month', tz, model.cycle),
    );
    const yStart = yearEarlier(start, 'month', tz, model.cycle);
    const yTo = yearEarlier(upTo, 'hour', tz, model.cycle);
    const tce = model.composition(PROJECT_NODE, ENERGY_TYPE.standardCoal);
    const power = model.composition(PROJECT_NODE, ENERGY_TYPE.electricity);
    const [now, before] = await Promise.all([
      readSources(db, model, [tce, power], [start, upTo]),
      readSources(db, model, [tce], [yStart, yTo]),
    ]);
    const tceNow = shown(combine(tce, now)[0] ?? null);
    const tceYoy = shown(combine(tce, before)[0] ?? null);
    const unit = model.unit(ENERGY_TYPE.electricity);
    const count = (eventClass: number) =>
      eventCount(db, {
        projectId: id,
        startTime: 0,
        endTime: Number.MAX_SAFE_INTEGER,
        nodeIds: null,
        logTypes: [],
        levels: [],
        eventClasses: [eventClass],
        statuses: [EVENT_STATUS.pending, EVENT_STATUS.processing],
      });
    const accident = await count(EVENT_CLASS.accident);
    const alarm = await count(EVENT_CLASS.alarm);
    out.push({
      projectId: id,
      name: project.name,
      code: project.code,
      timeZone: tz,
      monthStart: start,
      tce: tceNow,
      tceYoy,
      tceYoyRate: changeRate(tceNow, tceYoy),
      electricity: shown(combine(power, now)[0] ?? null, unit.multiplier),
      electricityUnit: unit.unit,
      cost: null,
      pendingEvents: { accident, alarm, total: accident + alarm },
    });
  }
  return out;
}
