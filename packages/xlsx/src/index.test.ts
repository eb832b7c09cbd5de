import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { rowXml, XlsxStream, xmlText } from './index.js';

async function written(rows: (string | number | null)[][], sheetRows: number): Promise<ExcelJS.Workbook> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => out.on('end', resolve));
  const xlsx = new XlsxStream(out, ['Name', 'Value'], (n) => `Sheet ${n}`, sheetRows);
  await xlsx.rows(rows);
  await xlsx.finish();
  await ended;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book;
}

describe('XlsxStream', () => {
  it('writes text and numbers that exceljs reads back, a new sheet with its header when one is full', async () => {
    const book = await written(
      [
        ['a & <b>', 1.5],
        ['"quoted"\u0001', -2],
        [null, 3],
      ],
      2,
    );
    expect(book.worksheets.map((s) => s.name)).toEqual(['Sheet 1', 'Sheet 2']);
    const values = book.worksheets.map((s) =>
      s
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1)),
    );
    expect(values).toEqual([
      [
        ['Name', 'Value'],
        ['a & <b>', 1.5],
        ['"quoted"', -2],
      ],
      [
        ['Name', 'Value'],
        [undefined, 3],
      ],
    ]);
  });

  it('writes an empty workbook with its header only', async () => {
    const book = await written([], 10);
    expect(book.worksheets[0]?.rowCount).toBe(1);
  });

  it('escapes XML and leaves out characters XML cannot hold', () => {
    expect(xmlText('<a href="x">&</a>\u0007')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;');
    expect(rowXml(3, ['x', 2, null, Number.NaN], ['A', 'B', 'C', 'D'])).toBe(
      '<row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">x</t></is></c><c r="B3"><v>2</v></c></row>',
    );
  });
});
