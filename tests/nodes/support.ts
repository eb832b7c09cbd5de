/** Helpers of the node tests: workbooks written with exceljs, imports through the SDK, task waits. */

import { constants, crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import { catalogue, type NodeTreeItem, type Task } from '@eem/contract';
import type { Client } from '@eem/sdk';
import ExcelJS from 'exceljs';
import { login } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import type { InProcessServer } from '../support/server.js';

export type Cell = string | number | null;

/** A workbook of sheets by name; each sheet's first row is its header. */
export async function workbook(sheets: Record<string, Cell[][]>): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

export async function readWorkbook(data: ArrayBuffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data);
  return book;
}

/** The rows of a sheet as text (row 1 is the header), empty cells as ''. */
export function sheetRows(book: ExcelJS.Workbook, name: string): string[][] {
  const sheet = book.getWorksheet(name);
  if (!sheet) throw new Error(`no sheet ${name}`);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const value = row.getCell(c).value;
      cells.push(value === null || value === undefined ? '' : String(value));
    }
    rows.push(cells);
  });
  return rows;
}

export const HEADERS = {
  building: ['上级路径 Parent path', '名称 Name', '编号 Code', '面积(m²) Area (m²)'],
  floor: ['上级路径 Parent path', '名称 Name', '编号 Code'],
  room: ['上级路径 Parent path', '名称 Name', '编号 Code', '房间类型 Room type'],
  cabinet: ['上级路径 Parent path', '名称 Name', '编号 Code'],
  linesegment: [
    '上级路径 Parent path',
    '名称 Name',
    '编号 Code',
    '电压等级 Voltage level',
    '运行状态 Operation status',
    '线路功能 Line function',
  ],
  meter: ['上级路径 Parent path', '名称 Name', '编号 Code', '能源类型 Energy type', '倍率 Multiplier'],
  pipenetwork: ['上级路径 Parent path', '名称 Name', '编号 Code', '介质 Medium'],
  pipe: ['上级路径 Parent path', '名称 Name', '编号 Code', '管径(mm) Diameter (mm)'],
} as const;

export type ImportKind = 'batchImport' | 'networkImport';

export function upload(
  who: SignedIn,
  data: Uint8Array,
  options: { name?: string; dryRun?: boolean; kind?: ImportKind } = {},
) {
  return who.client.upload(catalogue.nodes[options.kind ?? 'batchImport'], {
    body: { dryRun: options.dryRun ?? false },
    files: [{ name: options.name ?? 'nodes.xlsx', data }],
  });
}

/**
 * The same zip rebuilt: entries in another order (`rank`: lower first) and some entries' text
 * changed (`edit`, stored uncompressed); the other compressed bytes are copied as they are.
 * Readers that go through a zip front to back see the parts in the new order.
 */
export function rewriteZip(
  data: Uint8Array,
  options: { rank?: (name: string) => number; edit?: Record<string, (text: string) => string> },
): Uint8Array {
  const zip = Buffer.from(data);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const entries: { name: Buffer; central: Buffer; local: Buffer; body: Buffer }[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const size = 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const central = Buffer.from(zip.subarray(at, at + size));
    const name = central.subarray(46, 46 + central.readUInt16LE(28));
    const offset = central.readUInt32LE(42);
    const start = offset + 30 + zip.readUInt16LE(offset + 26) + zip.readUInt16LE(offset + 28);
    let body = zip.subarray(start, start + central.readUInt32LE(20));
    const edit = options.edit?.[name.toString()];
    if (edit) {
      const text = central.readUInt16LE(10) === 8 ? inflateRawSync(body) : body;
      body = Buffer.from(edit(text.toString('utf8')), 'utf8');
      central.writeUInt16LE(0, 10);
      central.writeUInt32LE(crc32(body), 16);
      central.writeUInt32LE(body.length, 20);
      central.writeUInt32LE(body.length, 24);
    }
    // A fresh local header with the sizes and CRC of the central one (no data descriptor).
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    central.copy(local, 4, 6, 26);
    local.writeUInt16LE(local.readUInt16LE(6) & ~0x08, 6);
    local.writeUInt16LE(name.length, 26);
    central.writeUInt16LE(central.readUInt16LE(8) & ~0x08, 8);
    entries.push({ name, central, local, body });
    at += size;
  }
  const { rank } = options;
  if (rank) entries.sort((a, b) => rank(a.name.toString()) - rank(b.name.toString()));
  const parts: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    entry.central.writeUInt32LE(offset, 42);
    parts.push(entry.local, entry.name, entry.body);
    offset += entry.local.length + entry.name.length + entry.body.length;
  }
  const directory = Buffer.concat(entries.map((e) => e.central));
  const tail = Buffer.from(zip.subarray(end, end + 22));
  tail.writeUInt32LE(directory.length, 12);
  tail.writeUInt32LE(offset, 16);
  tail.writeUInt16LE(0, 20);
  return new Uint8Array(Buffer.concat([...parts, directory, tail]));
}

/**
 * The same zip with a zip64 end of central directory (as writers of large files add), which
 * readers of the central directory follow and simple ones give up on.
 */
export function withZip64End(data: Uint8Array): Uint8Array {
  const zip = Buffer.from(data);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('not a zip');
  const count = BigInt(zip.readUInt16LE(end + 10));
  const record = Buffer.alloc(56);
  record.writeUInt32LE(0x06064b50, 0);
  record.writeBigUInt64LE(44n, 4);
  record.writeUInt16LE(45, 12);
  record.writeUInt16LE(45, 14);
  record.writeBigUInt64LE(count, 24);
  record.writeBigUInt64LE(count, 32);
  record.writeBigUInt64LE(BigInt(zip.readUInt32LE(end + 12)), 40);
  record.writeBigUInt64LE(BigInt(zip.readUInt32LE(end + 16)), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(0x07064b50, 0);
  locator.writeBigUInt64LE(BigInt(end), 8);
  locator.writeUInt32LE(1, 16);
  const tail = Buffer.from(zip.subarray(end, end + 22));
  tail.writeUInt16LE(0xffff, 8);
  tail.writeUInt16LE(0xffff, 10);
  tail.writeUInt32LE(0xffffffff, 12);
  tail.writeUInt32LE(0xffffffff, 16);
  tail.writeUInt16LE(0, 20);
  return new Uint8Array(Buffer.concat([zip.subarray(0, end), record, locator, tail]));
}

/**
 * An upload bomb (issue 11): a small, valid xlsx whose building sheet's one cell holds `mb`
 * megabytes of `fill` repeated (inline, deflated to a few hundred KB): text ('A'), markup
 * ('<x/>': a part past its size) or rows ('<row/>  '). Built from repeated deflated blocks so
 * that the test never holds the expanded part.
 */
export function bombWorkbook(mb: number, fill = 'A'): Uint8Array {
  const block = Buffer.alloc(1024 * 1024, fill);
  const head = Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>上级路径 Parent path</t></is></c><c r="B1" t="inlineStr"><is><t>名称 Name</t></is></c></row><row r="2"><c r="B2" t="inlineStr"><is><t>',
  );
  const tail = Buffer.from('</t></is></c></row></sheetData></worksheet>');
  // One deflate stream: head, the same block `mb` times, tail (each ends on a byte boundary).
  let crc = crc32(head);
  for (let i = 0; i < mb; i++) crc = crc32(block, crc);
  crc = crc32(tail, crc);
  const deflatedBlock = deflateRawSync(block, { finishFlush: constants.Z_SYNC_FLUSH });
  const sheet = Buffer.concat([
    deflateRawSync(head, { finishFlush: constants.Z_SYNC_FLUSH }),
    ...Array.from({ length: mb }, () => deflatedBlock),
    deflateRawSync(tail),
  ]);
  const size = head.length + mb * block.length + tail.length;
  return zipOf([
    storedEntry(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    storedEntry(
      '_rels/.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    ),
    storedEntry(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="建筑 Building" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    storedEntry(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    { name: 'xl/worksheets/sheet1.xml', data: sheet, raw: size, crc, method: 8 },
  ]);
}

/** A zip entry as zipOf writes it: the data as stored (deflated when `method` is 8). */
export interface ZipPart {
  name: string;
  data: Buffer;
  /** The size of the data expanded. */
  raw: number;
  crc: number;
  method: number;
}

/** An entry stored uncompressed. */
export function storedEntry(name: string, content: string): ZipPart {
  const data = Buffer.from(content);
  return { name, data, raw: data.length, crc: crc32(data), method: 0 };
}

/** A plain zip of the given entries (local headers, central directory, end record). */
export function zipOf(files: readonly ZipPart[]): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(file.method, 8);
    local.writeUInt32LE(file.crc >>> 0, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.raw, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(file.method, 10);
    central.writeUInt32LE(file.crc >>> 0, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.raw, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** Polls notices.task until the task has ended. */
export async function waitForTask(client: Client, id: number, ms = 60_000): Promise<Task> {
  const end = Date.now() + ms;
  for (;;) {
    const task = await client.notices.task({ params: { id } });
    if (task.status !== 2) return task;
    if (Date.now() > end) throw new Error(`task ${id} still running after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Every node of a tree answer, with its path of names below the root ('A / B / C'). */
export function flatten(items: readonly NodeTreeItem[], prefix = ''): { path: string; node: NodeTreeItem }[] {
  return items.flatMap((node) => {
    const path = prefix ? `${prefix} / ${node.name}` : node.name;
    return [{ path, node }, ...flatten(node.children ?? [], path)];
  });
}

export async function nodeCount(server: InProcessServer, projectId: number): Promise<number> {
  const row = await server.services.db
    .selectFrom('nodes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function projectTree(client: Client, projectId: number) {
  return client.nodes.nodeTreeSimple({ body: { rootID: projectId, rootLabel: 'project' } });
}

export { login };
