/** points, query, count, export and the limits of the datalog area. */
import type { catalogue, EndpointData, EndpointParsedInput, Project } from '@eem/contract';
import { DATALOG_LIMITS, DATALOG_MESSAGES } from '@eem/core';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import { checkSpanOf, namedPoints } from './datalog-scope.js';
import { CONTENT_TYPES, exportStream, rawRows, seriesRows, writeExport } from './export-stream.js';
import { IsoFormatter } from './iso-time.js';
import { ensurePoints, loadPoints, type PointInfo } from './point-store.js';
import { readingCount } from './repo/readings.js';
import { estimatedValues, seriesData, seriesOf } from './series.js';

type Body<K extends keyof typeof catalogue.datalog> = EndpointParsedInput<
  (typeof catalogue.datalog)[K]
>['body'];
type Data<K extends keyof typeof catalogue.datalog> = EndpointData<(typeof catalogue.datalog)[K]>;

export async function points(ctx: RequestContext, body: Body<'points'>): Promise<Data<'points'>> {
  const project = await currentProject(ctx);
  const nodeIds = [...new Set(body.nodes.map((n) => n.id))];
  await ensurePoints(ctx.services.db, project, ctx.services.clock(), nodeIds);
  return (await loadPoints(ctx.services.db, project, { nodeIds, language: ctx.language })).map(
    ({ projectId: _, ...p }) => p,
  );
}

export async function query(ctx: RequestContext, body: Body<'query'>): Promise<Data<'query'>> {
  const project = await currentProject(ctx);
  const list = await namedPoints(ctx, project, body.pointIds);
  checkSpanOf(body, project);
  const perPoint = estimatedValues(body.startTime, body.endTime, body.interval, project.timeZone);
  if (perPoint * list.length > DATALOG_LIMITS.maxQueryValues)
    throw ApiError.rule(
      DATALOG_MESSAGES.tooManyValues(perPoint * list.length, DATALOG_LIMITS.maxQueryValues),
    );
  return {
    interval: body.interval,
    timeZone: project.timeZone,
    series: await seriesOfAll(ctx, list, body, project.timeZone),
  };
}

async function seriesOfAll(
  ctx: RequestContext,
  list: readonly PointInfo[],
  body: Body<'query'>,
  timeZone: string,
) {
  const out = [];
  for (const point of list)
    out.push(
      seriesOf(
        point,
        await seriesData(ctx.services.db, point, body.startTime, body.endTime, body.interval, timeZone),
      ),
    );
  return out;
}

/** The rows an export of the body holds: readings counted for raw, buckets otherwise. */
async function exportRows(
  ctx: RequestContext,
  list: readonly PointInfo[],
  body: Body<'query'>,
  timeZone: string,
): Promise<number> {
  if (body.interval !== 'raw') {
    const series = await seriesOfAll(ctx, list, body, timeZone);
    return series.reduce((n, s) => n + s.data.length, 0);
  }
  return readingCount(
    ctx.services.db,
    list.map((p) => p.id),
    body.startTime,
    body.endTime,
  );
}

/** Raw exports may span any range (the row limit bounds them); others keep the query's spans. */
function checkExportSpan(body: Body<'query'>, project: Project): void {
  if (body.interval === 'raw') {
    if (!(body.endTime > body.startTime))
      throw ApiError.at('body.endTime', 'end time must be later than start time');
    return;
  }
  checkSpanOf(body, project);
}

export async function count(ctx: RequestContext, body: Body<'count'>): Promise<Data<'count'>> {
  const project = await currentProject(ctx);
  const list = await namedPoints(ctx, project, body.pointIds);
  checkExportSpan(body, project);
  return {
    rows: await exportRows(ctx, list, body, project.timeZone),
    maxExportCount: ctx.services.config.datalogMaxExportCount,
  };
}

export async function exportQuery(ctx: RequestContext, body: Body<'exportQuery'>): Promise<null> {
  const project = await currentProject(ctx);
  const list = await namedPoints(ctx, project, body.pointIds);
  checkExportSpan(body, project);
  const rows = await exportRows(ctx, list, body, project.timeZone);
  const max = ctx.services.config.datalogMaxExportCount;
  if (rows > max) throw ApiError.rule(DATALOG_MESSAGES.tooManyRows(rows, max));
  const source =
    body.interval === 'raw'
      ? rawRows(ctx.services.db, list, body.startTime, body.endTime)
      : seriesRows(list, await seriesOfAll(ctx, list, body, project.timeZone));
  const stamp = new IsoFormatter(project.timeZone)
    .format(ctx.services.clock())
    .slice(0, 16)
    .replace(/[-:]/g, '')
    .replace('T', '-');
  const name = `${ctx.language === 'zh' ? '数据导出' : 'readings'}-${stamp}.${body.format}`;
  const out = exportStream();
  let gone = false;
  ctx.reply.raw.once('close', () => {
    gone = true;
  });
  ctx.reply
    .header('content-type', CONTENT_TYPES[body.format])
    .header('content-disposition', attachment(name))
    .header('x-export-rows', String(rows))
    .send(out);
  writeExport(source, out, {
    format: body.format,
    language: ctx.language,
    timeZone: project.timeZone,
    interval: body.interval,
    aborted: () => gone,
  }).catch((error: unknown) => {
    ctx.request.log.error({ err: error }, 'datalog export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return null;
}

export function limits(ctx: RequestContext): { maxNodes: number; maxExportCount: number } {
  return {
    maxNodes: ctx.services.config.datalogMaxNodes,
    maxExportCount: ctx.services.config.datalogMaxExportCount,
  };
}
