/**
 * The exports of the energy calls: a table as an xlsx workbook (the streaming writer of
 * @eem/xlsx, a new sheet at the row limit) or CSV, named after the call and the time in the
 * project's zone; times as ISO 8601 with the offset (unambiguous on the repeated autumn hour).
 */
import { PassThrough } from 'node:stream';
import { DATALOG_LIMITS } from '@eem/core';
import { type XlsxCell, XlsxStream } from '@eem/xlsx';
import type { RequestContext } from '../../context.js';
import { attachment } from '../../http/attachment.js';
import { CONTENT_TYPES } from '../datalog/export-stream.js';
import { IsoFormatter } from '../datalog/iso-time.js';

export interface Table {
  /** The file name without the time stamp and extension. */
  name: string;
  header: string[];
  rows: XlsxCell[][];
}

function csvCell(v: XlsxCell): string {
  if (v === null) return '';
  const text = String(v);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Sends a table as a file answer (the handler then answers null). */
export async function sendTable(
  ctx: RequestContext,
  timeZone: string,
  table: Table,
  format: 'xlsx' | 'csv',
): Promise<null> {
  const stamp = new IsoFormatter(timeZone)
    .format(ctx.services.clock())
    .slice(0, 16)
    .replace(/[-:]/g, '')
    .replace('T', '-');
  const out = new PassThrough();
  ctx.reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', attachment(`${table.name}-${stamp}.${format}`))
    .header('x-export-rows', String(table.rows.length))
    .send(out);
  try {
    if (format === 'csv') {
      out.write('\ufeff');
      const lines = [table.header, ...table.rows];
      for (let i = 0; i < lines.length; i += 5_000) {
        const text = lines
          .slice(i, i + 5_000)
          .map((r) => `${r.map(csvCell).join(',')}\n`)
          .join('');
        if (!out.write(text)) await new Promise((resolve) => out.once('drain', resolve));
      }
      out.end();
    } else {
      const xlsx = new XlsxStream(
        out,
        table.header,
        (n) => (n > 1 ? `${table.name} ${n}` : table.name).slice(0, 31),
        DATALOG_LIMITS.xlsxSheetRows,
      );
      await xlsx.rows(table.rows);
      await xlsx.finish();
    }
  } catch (error) {
    ctx.request.log.error({ err: error }, 'energy export failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  }
  return null;
}

/** A period start as ISO 8601 with the offset, in the zone. */
export function isoOf(timeZone: string): (ms: number) => string {
  const f = new IsoFormatter(timeZone);
  return (ms) => f.format(ms);
}
