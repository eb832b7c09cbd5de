/**
 * Data completeness (screens.md /dataCompletenessStatistics): per node and local day, the
 * readings received against those expected (one per point and 15 minutes since the point
 * exists and up to now), from the day rollups' counts; the missing intervals of one node from
 * its raw readings; and the table as xlsx.
 */
import type { Completeness, catalogue, EndpointData, EndpointParsedInput, Project } from '@eem/contract';
import {
  bucketStarts,
  DATALOG_LIMITS,
  expectedReadings,
  nextDayStart,
  READING_INTERVAL_MS,
  spanDays,
} from '@eem/core';
import ExcelJS from 'exceljs';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { attachment } from '../../http/attachment.js';
import { existingNodeIds } from '../nodes/repo/nodes.js';
import { CONTENT_TYPES } from './export-stream.js';
import { IsoFormatter } from './iso-time.js';
import { ensurePoints, loadPoints, type PointInfo } from './point-store.js';
import { pointCreatedAt } from './repo/points.js';
import { readingTimes } from './repo/readings.js';
import { rollupCounts } from './repo/rollups.js';
import { GRAIN } from './rollups.js';

type Body = EndpointParsedInput<typeof catalogue.datalog.completeness>['body'];

function checkRange(body: { startTime: number; endTime: number }, project: Project): void {
  if (spanDays(body.startTime, body.endTime, project.timeZone) > DATALOG_LIMITS.completenessDays)
    throw ApiError.at(
      'body.endTime',
      `the completeness span cannot exceed ${DATALOG_LIMITS.completenessDays} days`,
    );
}

const pct = (received: number, expected: number) =>
  expected > 0 ? Math.round((1000 * received) / expected) / 10 : null;

export async function completeness(ctx: RequestContext, body: Body): Promise<Completeness> {
  const project = await currentProject(ctx);
  checkRange(body, project);
  const { db } = ctx.services;
  const now = ctx.services.clock();
  await ensurePoints(db, project, now, body.nodeIds);
  const points = await loadPoints(db, project, {
    ...(body.nodeIds ? { nodeIds: body.nodeIds } : {}),
    language: ctx.language,
  });
  const days = bucketStarts(body.startTime, body.endTime, '1d', project.timeZone);
  const dayEnds = [...days.slice(1), nextDayStart(days.at(-1) as number, project.timeZone)];
  const pointIds = points.map((p) => p.id);
  const created = await pointCreatedAt(db, pointIds);
  const counts = await rollupCounts(db, pointIds, GRAIN.day, days[0] as number, dayEnds.at(-1) as number);
  const byNode = new Map<number, PointInfo[]>();
  for (const p of points) {
    const list = byNode.get(p.nodeId);
    if (list) list.push(p);
    else byNode.set(p.nodeId, [p]);
  }
  const dayTotals = days.map(() => ({ received: 0, expected: 0 }));
  let allReceived = 0;
  let allExpected = 0;
  const rows: Completeness['rows'] = [];
  for (const [nodeId, list] of byNode) {
    let received = 0;
    let expected = 0;
    const values = days.map((day, d) => {
      let r = 0;
      let e = 0;
      for (const p of list) {
        const from = Math.max(
          day,
          Math.ceil((created.get(p.id) ?? day) / READING_INTERVAL_MS) * READING_INTERVAL_MS,
        );
        e += expectedReadings(from, Math.min(dayEnds[d] as number, now));
        r += counts.get(`${p.id}:${day}`) ?? 0;
      }
      r = Math.min(r, e);
      received += r;
      expected += e;
      const total = dayTotals[d] as { received: number; expected: number };
      total.received += r;
      total.expected += e;
      return pct(r, e);
    });
    allReceived += received;
    allExpected += expected;
    const first = list[0] as PointInfo;
    rows.push({
      nodeId,
      nodeName: first.nodeName,
      path: first.path,
      values,
      received,
      expected,
      average: pct(received, expected),
    });
  }
  rows.sort((a, b) => a.path.localeCompare(b.path));
  return {
    timeZone: project.timeZone,
    days,
    rows,
    dayAverages: dayTotals.map((t) => pct(t.received, t.expected)),
    average: pct(allReceived, allExpected),
  };
}

type Detail = EndpointData<typeof catalogue.datalog.completenessDetail>;

export async function completenessDetail(
  ctx: RequestContext,
  body: EndpointParsedInput<typeof catalogue.datalog.completenessDetail>['body'],
): Promise<Detail> {
  const project = await currentProject(ctx);
  checkRange(body, project);
  const { db } = ctx.services;
  if (!(await existingNodeIds(db, project.id, [body.nodeId])).has(body.nodeId))
    throw ApiError.notFound(`nodeId: node ${body.nodeId} does not exist in this project`);
  const now = ctx.services.clock();
  await ensurePoints(db, project, now, [body.nodeId]);
  const points = await loadPoints(db, project, { nodeIds: [body.nodeId], language: ctx.language });
  const created = await pointCreatedAt(
    db,
    points.map((p) => p.id),
  );
  const out: Detail = [];
  for (const p of points) {
    const from = Math.max(body.startTime, created.get(p.id) ?? body.startTime);
    const to = Math.min(body.endTime, now);
    const have = new Set(
      (await readingTimes(db, p.id, from, to)).map((ts) => Math.floor(ts / READING_INTERVAL_MS)),
    );
    const missing: number[] = [];
    let expected = 0;
    for (
      let t = Math.ceil(from / READING_INTERVAL_MS) * READING_INTERVAL_MS;
      t < to;
      t += READING_INTERVAL_MS
    ) {
      expected++;
      if (!have.has(t / READING_INTERVAL_MS) && missing.length < 3_000) missing.push(t);
    }
    out.push({
      pointId: p.id,
      name: p.name,
      unit: p.unit,
      expected,
      received: Math.min(have.size, expected),
      missing,
    });
  }
  return out;
}

export async function completenessExport(ctx: RequestContext, body: Body): Promise<null> {
  const data = await completeness(ctx, body);
  const zh = ctx.language === 'zh';
  const iso = new IsoFormatter(data.timeZone);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(zh ? '数据完整性' : 'Completeness');
  sheet.addRow([
    zh ? '节点' : 'Node',
    zh ? '路径' : 'Path',
    ...data.days.map((d) => iso.format(d).slice(0, 10)),
    zh ? '平均(%)' : 'Average (%)',
  ]).font = { bold: true };
  for (const r of data.rows) sheet.addRow([r.nodeName, r.path, ...r.values, r.average]);
  sheet.addRow([zh ? '平均(%)' : 'Average (%)', '', ...data.dayAverages, data.average]).font = { bold: true };
  sheet.getColumn(1).width = 24;
  sheet.getColumn(2).width = 40;
  const content = Buffer.from(await workbook.xlsx.writeBuffer());
  const name = `${zh ? '数据完整性' : 'completeness'}-${iso.format(ctx.services.clock()).slice(0, 10)}.xlsx`;
  ctx.reply
    .header('content-type', CONTENT_TYPES.xlsx)
    .header('content-disposition', attachment(name))
    .send(content);
  return null;
}
