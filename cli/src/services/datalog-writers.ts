/**
 * Writers of an export made of chunks, each chunk the server's answer as it streams in, so
 * memory stays bounded whatever the size:
 * - csv and ndjson: the bytes are passed on as they come; CSV chunks after the first lose their
 *   header line (one header in all); rows are counted by their line ends. The server's UTF-8
 *   byte-order mark is dropped; a CSV file for Excel gets one back (`bom`), stdout never does
 *   (Python's csv module, jq and cut would read it as part of the first column).
 * - xlsx: the chunks are fetched as NDJSON and written with the server's own streaming writer
 *   (@eem/xlsx), laid out as the server's xlsx export (the same header, a new sheet after
 *   1,048,575 data rows), so the file is one workbook whatever the number of chunks.
 * Every write waits while the destination is full (back-pressure).
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { DATALOG_LIMITS, exportHeader, exportSheetName } from '@eem/core';
import { CliError } from '../errors.js';
import type { ExportFileFormat } from './datalog-flags.js';

export interface ChunkWriter {
  /** Rows written so far (data rows; not the header). */
  readonly rows: number;
  /** Writes one chunk's answer; `onRows` hears the rows written so far as they grow. */
  chunk(body: ReadableStream<Uint8Array>, onRows: (rows: number) => void): Promise<void>;
  /** Completes the output (the workbook's last parts; the end of the stream when it owns it). */
  finish(): Promise<void>;
}

const NEWLINE = 0x0a;

/** The destination's failure (a full disk, a closed pipe) as this write's. */
function checkOut(out: Writable): void {
  if (out.errored) throw out.errored;
  if (out.destroyed) throw new CliError('the output was closed before the export ended');
}

async function drained(out: Writable): Promise<void> {
  checkOut(out);
  if (out.writableNeedDrain) await once(out, 'drain');
}

/** Ends `out` and waits until it is closed (its data on disk). */
async function closed(out: Writable): Promise<void> {
  checkOut(out);
  const done = once(out, 'close');
  out.end();
  await done;
  if (out.errored) throw out.errored;
}

async function write(out: Writable, data: Uint8Array): Promise<void> {
  if (data.byteLength === 0) return;
  out.write(data);
  await drained(out);
}

/** Reads a web stream piece by piece. */
async function* pieces(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function countNewlines(data: Uint8Array, from = 0): number {
  let n = 0;
  for (let i = data.indexOf(NEWLINE, from); i !== -1; i = data.indexOf(NEWLINE, i + 1)) n++;
  return n;
}

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

/** The data without a leading UTF-8 byte-order mark. */
function withoutBom(data: Uint8Array): Uint8Array {
  return data[0] === BOM[0] && data[1] === BOM[1] && data[2] === BOM[2] ? data.subarray(3) : data;
}

/**
 * CSV or NDJSON chunks concatenated to `out` (a file or stdout). `end`: end `out` when
 * finished (a file; never stdout). `bom`: the CSV starts with a UTF-8 byte-order mark (for
 * Excel, which otherwise reads UTF-8 as the system's code page).
 */
export function textWriter(
  out: Writable,
  format: 'csv' | 'ndjson',
  end: boolean,
  options: { bom?: boolean } = {},
): ChunkWriter {
  let rows = 0;
  let chunks = 0;
  let lastByte = NEWLINE;
  return {
    get rows() {
      return rows;
    },
    async chunk(body, onRows) {
      chunks++;
      // The header of every CSV chunk: kept in the first, dropped from the others.
      let inHeader = format === 'csv';
      const keepHeader = chunks === 1;
      let first = true;
      if (keepHeader && format === 'csv' && options.bom === true) await write(out, BOM);
      for await (let data of pieces(body)) {
        if (first && data.byteLength > 0) {
          // The mark may come split over the first pieces; they are at least 3 bytes in practice.
          data = withoutBom(data);
          first = false;
        }
        if (inHeader) {
          const lineEnd = data.indexOf(NEWLINE);
          if (lineEnd === -1) {
            if (keepHeader) await write(out, data);
            continue;
          }
          inHeader = false;
          if (keepHeader) await write(out, data.subarray(0, lineEnd + 1));
          data = data.subarray(lineEnd + 1);
        }
        if (data.byteLength === 0) continue;
        rows += countNewlines(data);
        lastByte = data[data.byteLength - 1] ?? lastByte;
        await write(out, data);
        onRows(rows);
      }
      // A chunk always ends its last line, so the next starts on its own.
      if (lastByte !== NEWLINE) {
        rows++;
        lastByte = NEWLINE;
        await write(out, new Uint8Array([NEWLINE]));
        onRows(rows);
      }
    },
    async finish() {
      if (end) await closed(out);
    },
  };
}

/** One line of the server's NDJSON export. */
export interface ExportRecord {
  /** ISO 8601 with the project's offset. */
  time: string;
  timeMs: number;
  node: string;
  quantity: string;
  unit: string;
  value: number;
  pointId: number;
}

export function parseRecord(line: string, where: () => string): ExportRecord {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new CliError(`the server sent a line that is not JSON (${where()}): ${line.slice(0, 80)}`);
  }
  const r = value as Partial<ExportRecord> | null;
  if (
    typeof r !== 'object' ||
    r === null ||
    typeof r.time !== 'string' ||
    typeof r.value !== 'number' ||
    typeof r.pointId !== 'number'
  ) {
    throw new CliError(
      `the server sent a row without time, value or pointId (${where()}): ${line.slice(0, 80)}`,
    );
  }
  return r as ExportRecord;
}

export interface XlsxOptions {
  language: 'zh' | 'en';
  timeZone: string;
  /** Data rows per sheet (the xlsx limit less the header; smaller in tests). */
  sheetRows?: number;
}

/** An xlsx workbook written to `out` from NDJSON chunks (the server's layout). Ends `out`. */
export async function xlsxWriter(out: Writable, options: XlsxOptions): Promise<ChunkWriter> {
  const { XlsxStream } = await import('@eem/xlsx');
  const xlsx = new XlsxStream(
    out,
    exportHeader(options.language, options.timeZone),
    (n) => exportSheetName(options.language, n),
    options.sheetRows ?? DATALOG_LIMITS.xlsxSheetRows,
  );
  let rows = 0;
  let chunks = 0;
  return {
    get rows() {
      return rows;
    },
    async chunk(body, onRows) {
      chunks++;
      const decoder = new TextDecoder();
      let rest = '';
      let line = 0;
      const where = () => `chunk ${chunks}, line ${line}`;
      const take = async (text: string) => {
        const lines = (rest + text).split('\n');
        rest = lines.pop() ?? '';
        const cells: (string | number)[][] = [];
        for (const l of lines) {
          line++;
          if (l.trim() === '') continue;
          const r = parseRecord(l, where);
          cells.push([r.time, r.node, r.quantity, r.unit, r.value, r.pointId]);
        }
        rows += cells.length;
        // Resolves once the sheet has taken the rows (the zip's back-pressure).
        await xlsx.rows(cells);
      };
      for await (const data of pieces(body)) {
        await take(decoder.decode(data, { stream: true }));
        onRows(rows);
        await drained(out);
      }
      await take(decoder.decode());
      if (rest.trim() !== '') {
        line++;
        const r = parseRecord(rest, where);
        rows++;
        await xlsx.rows([[r.time, r.node, r.quantity, r.unit, r.value, r.pointId]]);
      }
      rest = '';
      onRows(rows);
    },
    async finish() {
      checkOut(out);
      const done = once(out, 'close');
      // A failing stream fails the zip too; that is the error reported.
      done.catch(() => {});
      await xlsx.finish();
      await done;
    },
  };
}

/** The answer format to ask the server for, for a file format. */
export function wireFormat(format: ExportFileFormat): 'csv' | 'ndjson' {
  return format === 'csv' ? 'csv' : 'ndjson';
}
