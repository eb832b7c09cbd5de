/**
 * The export of readings as xlsx, CSV or NDJSON, streamed: rows are read a time window at a
 * time (all points of the window, ordered by time then point) and written as they come, with
 * the response's back-pressure respected, so memory stays flat whatever the row count. The
 * xlsx goes through our streaming writer (xlsx-stream.ts) and starts a new sheet at the xlsx
 * row limit. Aggregated intervals are computed by the query code (bounded by its span limits).
 * Columns: time (ISO with offset), node, quantity, unit, value, point id.
 */
import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import type { DatalogSeries, ExportFormat } from '@eem/contract';
import { DATALOG_LIMITS, type DatalogInterval, exportHeader, exportSheetName } from '@eem/core';
import { FLUSH_CHARS, XlsxStream } from '@eem/xlsx';
import type { Db } from '../../db/database.js';
import { IsoFormatter } from './iso-time.js';
import type { PointInfo } from './point-store.js';
import { readingsOf } from './repo/readings.js';

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
};

type Row = [time: number, point: PointInfo, value: number];

/** Rows of raw readings of `points` over [from, to), a window at a time, in (time, point) order. */
export async function* rawRows(
  db: Db,
  points: readonly PointInfo[],
  from: number,
  to: number,
  rowsPerWindow = 8_000,
): AsyncGenerator<Row[]> {
  const byId = new Map(points.map((p) => [p.id, p]));
  const ids = points.map((p) => p.id);
  // About rowsPerWindow rows a window at one reading per point and 15 minutes.
  const span = Math.max(3_600_000, Math.floor(rowsPerWindow / ids.length) * 900_000);
  for (let start = from; start < to; start += span) {
    const end = Math.min(to, start + span);
    // One primary-key range read per point (much faster than one IN query sorted by time).
    const rows: Row[] = [];
    for (const id of ids) {
      const point = byId.get(id) as PointInfo;
      const part = await readingsOf(db, id, start, end);
      for (const r of part) rows.push([r.ts, point, r.value]);
    }
    if (rows.length > 0) yield rows.sort((a, b) => a[0] - b[0] || a[1].id - b[1].id);
  }
}

/** Rows of computed series (aggregated intervals), in (time, point) order. */
export async function* seriesRows(
  points: readonly PointInfo[],
  series: readonly DatalogSeries[],
): AsyncGenerator<Row[]> {
  const rows: Row[] = [];
  for (const [i, s] of series.entries()) {
    const point = points[i] as PointInfo;
    for (const d of s.data) rows.push([d.time, point, d.value]);
  }
  rows.sort((a, b) => a[0] - b[0] || a[1].id - b[1].id);
  for (let i = 0; i < rows.length; i += 20_000) yield rows.slice(i, i + 20_000);
}

export interface ExportOptions {
  format: ExportFormat;
  language: 'zh' | 'en';
  timeZone: string;
  interval: DatalogInterval;
  /** Rows per sheet (the xlsx limit; smaller in tests). */
  sheetRows?: number;
  /** True once the client has gone: the export stops. */
  aborted?: () => boolean;
}

function csvCell(text: string): string {
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Waits while the destination holds more than its high-water mark. */
async function drained(out: Writable): Promise<void> {
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** Writes the rows to `out` in the format and ends it. Resolves with the rows written. */
export async function writeExport(
  rows: AsyncIterable<Row[]>,
  out: Writable,
  options: ExportOptions,
): Promise<number> {
  const header = exportHeader(options.language, options.timeZone);
  const iso = new IsoFormatter(options.timeZone);
  let count = 0;
  if (options.format === 'xlsx') return writeXlsx(rows, out, header, iso, options);
  if (options.format === 'csv') out.write(`\uFEFF${header.map(csvCell).join(',')}\n`);
  // The text around the value is the same for every row of a point: made once per point.
  const parts = new Map<number, [string, string]>();
  const partsOf = (point: PointInfo): [string, string] => {
    let p = parts.get(point.id);
    if (!p) {
      p =
        options.format === 'csv'
          ? [`,${csvCell(point.nodeName)},${csvCell(point.name)},${csvCell(point.unit)},`, `,${point.id}\n`]
          : [
              `,"node":${JSON.stringify(point.nodeName)},"quantity":${JSON.stringify(point.name)},"unit":${JSON.stringify(point.unit)},"value":`,
              `,"pointId":${point.id}}\n`,
            ];
      parts.set(point.id, p);
    }
    return p;
  };
  for await (const chunk of rows) {
    if (options.aborted?.()) break;
    let text = '';
    for (const [time, point, value] of chunk) {
      const [before, after] = partsOf(point);
      text +=
        options.format === 'csv'
          ? `${iso.format(time)}${before}${value}${after}`
          : `{"time":"${iso.format(time)}","timeMs":${time}${before}${value}${after}`;
      if (text.length > FLUSH_CHARS) {
        out.write(text);
        text = '';
      }
    }
    count += chunk.length;
    out.write(text);
    await drained(out);
  }
  out.end();
  return count;
}

async function writeXlsx(
  rows: AsyncIterable<Row[]>,
  out: Writable,
  header: string[],
  iso: IsoFormatter,
  options: ExportOptions,
): Promise<number> {
  const sheetName = (n: number) => exportSheetName(options.language, n);
  const xlsx = new XlsxStream(out, header, sheetName, options.sheetRows ?? DATALOG_LIMITS.xlsxSheetRows);
  let count = 0;
  for await (const chunk of rows) {
    if (options.aborted?.()) break;
    await xlsx.rows(
      chunk.map(([time, point, value]) => [
        iso.format(time),
        point.nodeName,
        point.name,
        point.unit,
        value,
        point.id,
      ]),
    );
    count += chunk.length;
    await drained(out);
  }
  await xlsx.finish();
  return count;
}

export function exportStream(): PassThrough {
  return new PassThrough({ highWaterMark: 1 << 20 });
}
