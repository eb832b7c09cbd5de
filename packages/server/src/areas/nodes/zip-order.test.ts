import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { workbookPartsFirst } from './zip-order.js';

/** The entry names of a zip in the order of its central directory. */
function names(zip: Buffer): string[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const out: string[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const length = zip.readUInt16LE(at + 28);
    out.push(zip.toString('utf8', at + 46, at + 46 + length));
    at += 46 + length + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return out;
}

async function book(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('建筑 Building');
  sheet.addRow(['上级路径 Parent path', '名称 Name']);
  for (let i = 1; i <= 50; i++) sheet.addRow(['', `Hall ${i}`]);
  workbook.addWorksheet('楼层 Floor').addRow(['上级路径 Parent path', '名称 Name']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function streamedRows(data: Buffer): Promise<string[]> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([data]), {});
  const rows: string[] = [];
  for await (const sheet of reader) {
    for await (const row of sheet) rows.push(`${Reflect.get(sheet, 'name')}:${row.number}:${row.values}`);
  }
  return rows;
}

describe('workbookPartsFirst', () => {
  it('moves the workbook, its relationships, the styles and the shared strings before the sheets', async () => {
    const data = await book();
    expect(names(data).indexOf('xl/sharedStrings.xml')).toBeGreaterThan(
      names(data).indexOf('xl/worksheets/sheet1.xml'),
    );
    const moved = workbookPartsFirst(data);
    expect(names(moved).slice(0, 4)).toEqual([
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
    ]);
    expect([...names(moved)].sort()).toEqual([...names(data)].sort());
    // The same content for both of exceljs's readers.
    expect(await streamedRows(moved)).toEqual(await streamedRows(data));
    const loaded = new ExcelJS.Workbook();
    await loaded.xlsx.load(new Uint8Array(moved).buffer);
    expect(loaded.getWorksheet('建筑 Building')?.getRow(51).getCell(2).value).toBe('Hall 50');
  });

  it('gives back a zip already in order, and anything it does not understand, unchanged', async () => {
    const moved = workbookPartsFirst(await book());
    expect(workbookPartsFirst(moved)).toBe(moved);
    for (const bytes of [
      Buffer.from('not a zip'),
      Buffer.from([0x50, 0x4b, 0x03, 0x04, ...new Array(60).fill(0)]),
      moved.subarray(0, moved.length - 100),
      Buffer.concat([moved.subarray(0, moved.length - 22), Buffer.alloc(22)]),
    ]) {
      expect(workbookPartsFirst(bytes)).toBe(bytes);
    }
  });
});
