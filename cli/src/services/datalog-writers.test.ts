import { createWriteStream, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportHeader } from '@eem/core';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { MemoryStream, tempConfigHome } from '../test-support/fake-io.js';
import { type ExportRecord, textWriter, xlsxWriter } from './datalog-writers.js';

const encoder = new TextEncoder();

/** A body that arrives in these pieces. */
function body(...pieces: string[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
}

function record(i: number): ExportRecord {
  return {
    time: `2026-01-01T00:${String(i % 60).padStart(2, '0')}:00+08:00`,
    timeMs: Date.UTC(2025, 11, 31, 16, i % 60),
    node: `Meter ${i}`,
    quantity: 'Active power',
    unit: 'kW',
    value: i + 0.5,
    pointId: 100 + i,
  };
}

const ndjson = (records: ExportRecord[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');

describe('textWriter', () => {
  it('concatenates CSV chunks under one header, whatever the pieces they arrive in', async () => {
    const out = new MemoryStream();
    const writer = textWriter(out, 'csv', false);
    const seen: number[] = [];
    await writer.chunk(body('\uFEFFTime,Node\n2026-01-01,', 'A\n2026-01-02,B\n'), (n) => seen.push(n));
    await writer.chunk(body('\uFEFFTi', 'me,Node\n2026-01-03,C\n'), (n) => seen.push(n));
    await writer.chunk(body('\uFEFFTime,Node\n'), (n) => seen.push(n));
    await writer.chunk(body('\uFEFFTime,Node\n2026-01-04,"D, E"'), (n) => seen.push(n));
    await writer.finish();
    // No byte-order mark unless asked for (stdout never has one).
    expect(out.text).toBe('Time,Node\n2026-01-01,A\n2026-01-02,B\n2026-01-03,C\n2026-01-04,"D, E"\n');
    expect(writer.rows).toBe(4);
    expect(seen.at(-1)).toBe(4);
    expect(seen.every((n, i) => i === 0 || n >= (seen[i - 1] ?? 0))).toBe(true);
  });

  it('starts a CSV file for Excel with one byte-order mark when asked', async () => {
    const out = new MemoryStream();
    const writer = textWriter(out, 'csv', false, { bom: true });
    await writer.chunk(body('\uFEFFTime,Node\n2026-01-01,A\n'), () => {});
    await writer.chunk(body('\uFEFFTime,Node\n2026-01-02,B\n'), () => {});
    await writer.finish();
    expect(out.text).toBe('\uFEFFTime,Node\n2026-01-01,A\n2026-01-02,B\n');
  });

  it('concatenates NDJSON chunks line by line', async () => {
    const out = new MemoryStream();
    const writer = textWriter(out, 'ndjson', false);
    const a = ndjson([record(1), record(2)]);
    await writer.chunk(body(a.slice(0, 10), a.slice(10)), () => {});
    await writer.chunk(body(''), () => {});
    await writer.chunk(body(ndjson([record(3)])), () => {});
    await writer.finish();
    expect(
      out.text
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l).pointId),
    ).toEqual([101, 102, 103]);
    expect(writer.rows).toBe(3);
  });

  it('ends a file it owns', async () => {
    const path = join(tempConfigHome(), 'out.csv');
    const out = createWriteStream(path);
    const writer = textWriter(out, 'csv', true);
    await writer.chunk(body('h\n1\n'), () => {});
    await writer.finish();
    expect(readFileSync(path, 'utf8')).toBe('h\n1\n');
  });
});

describe('xlsxWriter', () => {
  it('writes NDJSON chunks as one workbook laid out like the server’s, a new sheet after sheetRows rows', async () => {
    const path = join(tempConfigHome(), 'out.xlsx');
    const out = createWriteStream(path);
    const writer = await xlsxWriter(out, { language: 'en', timeZone: 'Asia/Shanghai', sheetRows: 4 });
    const records = Array.from({ length: 10 }, (_, i) => record(i));
    const first = ndjson(records.slice(0, 3));
    await writer.chunk(body(first.slice(0, 25), first.slice(25)), () => {});
    await writer.chunk(body(ndjson(records.slice(3, 9)), JSON.stringify(records[9])), () => {});
    await writer.finish();
    expect(writer.rows).toBe(10);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(path);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Readings', 'Readings 2', 'Readings 3']);
    const header = exportHeader('en', 'Asia/Shanghai');
    expect(header[0]).toBe('Time (Asia/Shanghai)');
    const rows = book.worksheets.flatMap((sheet) => {
      const values = sheet.getSheetValues().slice(1) as unknown[][];
      expect(values[0]?.slice(1)).toEqual(header);
      return values.slice(1).map((v) => v.slice(1));
    });
    expect(rows).toEqual(records.map((r) => [r.time, r.node, r.quantity, r.unit, r.value, r.pointId]));
  });

  it('refuses a line that is not a reading, naming the chunk and line', async () => {
    const out = createWriteStream(join(tempConfigHome(), 'bad.xlsx'));
    const writer = await xlsxWriter(out, { language: 'zh', timeZone: 'UTC' });
    await expect(writer.chunk(body(`${ndjson([record(1)])}{"x":1}\n`), () => {})).rejects.toThrow(
      'chunk 1, line 2',
    );
    out.destroy();
  });
});
