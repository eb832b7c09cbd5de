/** The project a datalog call works in and the points it names (none of another project). */
import type { Project } from '@eem/contract';
import { checkDatalogSpan, DATALOG_MESSAGES, type DatalogInterval } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { loadPoints, type PointInfo } from './point-store.js';

/** The named points of the project, in the order asked; an unknown id is refused by name. */
export async function namedPoints(
  ctx: RequestContext,
  project: Project,
  pointIds: readonly number[],
): Promise<PointInfo[]> {
  if (pointIds.length === 0) throw ApiError.rule(DATALOG_MESSAGES.pointsRequired);
  const max = ctx.services.config.datalogMaxNodes;
  if (pointIds.length > max) throw ApiError.rule(DATALOG_MESSAGES.tooManyPoints(max));
  const points = await loadPoints(ctx.services.db, project, {
    pointIds,
    language: ctx.language,
    lastTimes: false,
  });
  const byId = new Map(points.map((p) => [p.id, p]));
  return pointIds.map((id) => {
    const point = byId.get(id);
    if (!point) throw ApiError.rule(DATALOG_MESSAGES.unknownPoint(id));
    return point;
  });
}

export function checkSpanOf(
  body: { startTime: number; endTime: number; interval: DatalogInterval },
  project: Project,
): void {
  const problem = checkDatalogSpan(body.startTime, body.endTime, body.interval, project.timeZone);
  if (problem) throw ApiError.rule(problem);
}
