import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { writeExport } from './export-stream.js';
import { IsoFormatter, parseReadingTime } from './iso-time.js';
import type { PointInfo } from './point-store.js';

const point = { id: 7, nodeName: 'Meter, "A"', name: 'Active power', unit: 'kW' } as PointInfo;

async function* rows(count: number) {
  for (let i = 0; i < count; i += 4)
    yield Array.from(
      { length: Math.min(4, count - i) },
      (_, k) => [1_780_000_000_000 + (i + k) * 900_000, point, i + k] as [number, PointInfo, number],
    );
}

async function collect(format: 'xlsx' | 'csv', count: number, sheetRows?: number): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => out.on('end', resolve));
  await writeExport(rows(count), out, {
    format,
    language: 'en',
    timeZone: 'Asia/Kolkata',
    interval: 'raw',
    ...(sheetRows ? { sheetRows } : {}),
  });
  await done;
  return Buffer.concat(chunks);
}

describe('writeExport', () => {
  it('starts a new sheet, with its header, when a sheet is full', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await collect('xlsx', 10, 4)) as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => [s.name, s.rowCount])).toEqual([
      ['Readings', 5],
      ['Readings 2', 5],
      ['Readings 3', 3],
    ]);
    expect(book.worksheets[1]?.getRow(1).getCell(1).value).toBe('Time (Asia/Kolkata)');
    expect(book.worksheets[2]?.getRow(3).getCell(5).value).toBe(9);
  });

  it('quotes CSV cells that need it and writes ISO times with the offset', async () => {
    const lines = (await collect('csv', 2)).toString('utf8').split('\n');
    expect(lines[1]).toBe('2026-05-29T01:56:40+05:30,"Meter, ""A""",Active power,kW,0,7');
  });
});

describe('reading times', () => {
  it('formats and reads back the repeated hour of an autumn night by its offset', () => {
    const iso = new IsoFormatter('Europe/Berlin');
    const first = Date.UTC(2026, 9, 25, 0, 30);
    const second = first + 3_600_000;
    expect([iso.format(first), iso.format(second)]).toEqual([
      '2026-10-25T02:30:00+02:00',
      '2026-10-25T02:30:00+01:00',
    ]);
    const local = () => Number.NaN;
    expect(parseReadingTime(iso.format(second), local)).toBe(second);
    expect(parseReadingTime('2026-10-25 02:30', (p) => p.length)).toBe(6);
    expect(parseReadingTime('2026-13-01 00:00', local)).toBeNull();
    expect(parseReadingTime('soon', local)).toBeNull();
  });
});
