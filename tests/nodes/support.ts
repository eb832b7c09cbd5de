/** Helpers of the node tests: workbooks written with exceljs, imports through the SDK, task waits. */
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
