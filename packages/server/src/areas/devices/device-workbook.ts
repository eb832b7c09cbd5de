/**
 * The device workbook (ADR 0018), written by the template and read by the import: one sheet per
 * device type of the project, named after the template ('变压器'), and one sheet '设备 Devices'
 * for devices without a type. A frozen header row of 'zh en' names: 名称 Name, 编码 Code, 型号
 * Model, 厂家 Manufacturer, 位置 Location (the node's path from the project down, ' / '), the
 * dates, 状态 Status, then the type's parameters (their names). The reader also accepts either
 * half of a name in any case; an 错误 Error column (a report uploaded again) is ignored.
 */
import {
  type Bilingual,
  DEVICE_LIMITS,
  DEVICE_STATUS_LABELS,
  normalizeHeader,
  PATH_SEPARATOR,
  type TemplateParameter,
} from '@eem/core';
import ExcelJS from 'exceljs';
import { bilingual, ERROR_HEADER } from '../nodes/import-columns.js';
import { type CellInput, cellInput, loadWorkbook, WorkbookError } from '../nodes/read-workbook.js';
import { expandedSize } from '../nodes/zip-order.js';
import type { TemplateRow } from './repo/devices.js';

export const UNTYPED_SHEET: Bilingual = ['设备', 'Devices'];

/** The ledger's columns, in order; the type's parameters follow. */
export const LEDGER_COLUMNS = [
  { key: 'name', label: ['名称', 'Name'], required: true, width: 24 },
  { key: 'code', label: ['编码', 'Code'], required: true, width: 18 },
  { key: 'model', label: ['型号', 'Model'], required: false, width: 18 },
  { key: 'manufacturer', label: ['厂家', 'Manufacturer'], required: false, width: 22 },
  { key: 'location', label: ['位置', 'Location'], required: false, width: 40 },
  { key: 'factoryDate', label: ['出厂日期', 'Factory date'], required: false, width: 14 },
  { key: 'operationDate', label: ['投运日期', 'Operation date'], required: false, width: 14 },
  { key: 'status', label: ['状态', 'Status'], required: false, width: 12 },
  { key: 'lastMaintenance', label: ['上次维保', 'Last maintenance'], required: false, width: 14 },
  { key: 'nextMaintenance', label: ['下次维保', 'Next maintenance'], required: false, width: 14 },
] as const satisfies readonly { key: string; label: Bilingual; required: boolean; width: number }[];

export type LedgerKey = (typeof LEDGER_COLUMNS)[number]['key'];

export interface DeviceSheet {
  name: string;
  template: TemplateRow | null;
  rows: { rowNumber: number; cells: Map<string, CellInput> }[];
  /** 1-based column of an error column already in the sheet. */
  errorColumn: number | undefined;
  problems: string[];
}

function parameterHeader(p: TemplateParameter): string {
  return p.unit ? `${p.name} (${p.unit})` : p.name;
}

function names(label: Bilingual): Set<string> {
  return new Set([bilingual(label), label[0], label[1]].map(normalizeHeader));
}

/** The template of a sheet name: a template's name, the untyped sheet (null), or undefined. */
function sheetTemplate(name: string, templates: readonly TemplateRow[]): TemplateRow | null | undefined {
  const text = normalizeHeader(name);
  if (names(UNTYPED_SHEET).has(text)) return null;
  return templates.find((t) => normalizeHeader(t.name) === text);
}

const INSTRUCTIONS = [
  '说明 Instructions',
  '每个设备类型一个工作表（以设备模板命名），无类型的设备填在“设备 Devices”表。One sheet per device type (named after its template); devices without a type go on the “设备 Devices” sheet.',
  `位置：从项目往下的节点名称，用“${PATH_SEPARATOR}”连接，例如 Building A / 1F / Switch room。Location: the node names from the project down, joined by '${PATH_SEPARATOR}'.`,
  '编码在项目内唯一；日期写作 YYYY-MM-DD；状态填 运行/报废 或 Running/Scrapped。Codes are unique in the project; dates as YYYY-MM-DD; status Running or Scrapped.',
  '投运日期晚于出厂日期，下次维保晚于上次维保。Operation date after factory date; next maintenance after last.',
  '有一行出错则全部不导入，并生成带“错误 Error”列的报告。One bad row imports nothing and yields a report with an 错误 Error column.',
];

/** The workbook to fill in: a sheet per template of the project and the untyped sheet. */
export async function deviceTemplateWorkbook(templates: readonly TemplateRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheets: { name: string; params: readonly TemplateParameter[] }[] = [
    ...templates.map((t) => ({ name: t.name, params: t.parameters })),
    { name: bilingual(UNTYPED_SHEET), params: [] },
  ];
  for (const s of sheets) {
    const sheet = workbook.addWorksheet(s.name.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = [
      ...LEDGER_COLUMNS.map((c) => ({ header: bilingual(c.label), width: c.width })),
      ...s.params.map((p) => ({ header: parameterHeader(p), width: 16 })),
    ];
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDDEBF7' } };
    LEDGER_COLUMNS.forEach((c, i) => {
      if (c.required) header.getCell(i + 1).note = '必填 Required';
    });
    s.params.forEach((p, i) => {
      const notes = [
        p.required ? '必填 Required' : '',
        p.dataType === 'enum' ? p.options.join(' / ') : '',
        p.dataType === 'number' && (p.min !== null || p.max !== null)
          ? `${p.min ?? ''} … ${p.max ?? ''}`
          : '',
        p.dataType === 'date' ? 'YYYY-MM-DD' : '',
      ].filter(Boolean);
      if (notes.length > 0) header.getCell(LEDGER_COLUMNS.length + i + 1).note = notes.join('\n');
    });
    const statusColumn = LEDGER_COLUMNS.findIndex((c) => c.key === 'status') + 1;
    const letter = sheet.getColumn(statusColumn).letter;
    const choices = Object.values(DEVICE_STATUS_LABELS).flat();
    (
      sheet as unknown as { dataValidations: { add(a: string, v: ExcelJS.DataValidation): void } }
    ).dataValidations.add(`${letter}2:${letter}${DEVICE_LIMITS.importMaxRows + 1}`, {
      type: 'list',
      allowBlank: true,
      formulae: [`"${choices.join(',')}"`],
    });
  }
  const help = workbook.addWorksheet('说明 Instructions');
  help.columns = [{ width: 120 }];
  for (const line of INSTRUCTIONS) help.addRow([line]);
  help.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Reads an uploaded device workbook: the sheets of the project's types and the untyped sheet,
 * their columns by header, their non-empty rows. A sheet that names no type, a missing name or
 * code column, too many rows: problems. Refuses (WorkbookError) a file whose parts expand to
 * more than the limit before reading it.
 */
export async function readDeviceWorkbook(
  data: Buffer,
  templates: readonly TemplateRow[],
): Promise<{ sheets: DeviceSheet[]; problems: string[]; rowCount: number }> {
  const expanded = expandedSize(data);
  if (expanded === undefined)
    throw new WorkbookError(
      'the file is not a plain xlsx workbook (zip64, encrypted or damaged); save it again as .xlsx',
    );
  if (expanded > DEVICE_LIMITS.importMaxExpandedBytes)
    throw new WorkbookError(
      `the workbook expands to ${Math.round(expanded / 1024 / 1024)} MB, more than the ${DEVICE_LIMITS.importMaxExpandedBytes / 1024 / 1024} MB a device import reads`,
    );
  const workbook = await loadWorkbook(data);
  const sheets: DeviceSheet[] = [];
  const problems: string[] = [];
  let rowCount = 0;
  for (const worksheet of workbook.worksheets) {
    if (normalizeHeader(worksheet.name) === normalizeHeader(bilingual(ERROR_HEADER))) continue;
    if (normalizeHeader(worksheet.name).startsWith('说明')) continue;
    const template = sheetTemplate(worksheet.name, templates);
    const sheet: DeviceSheet = {
      name: worksheet.name,
      template: template ?? null,
      rows: [],
      errorColumn: undefined,
      problems: [],
    };
    const columns = new Map<number, string>();
    const header = worksheet.getRow(1);
    const params = template?.parameters ?? [];
    header.eachCell((cell, col) => {
      const text = normalizeHeader(String(cellInput(cell.value) ?? ''));
      if (text === '') return;
      if (names(ERROR_HEADER).has(text)) {
        sheet.errorColumn = col;
        return;
      }
      const ledger = LEDGER_COLUMNS.find((c) => names(c.label).has(text) || c.key.toLowerCase() === text);
      if (ledger) columns.set(col, ledger.key);
      else {
        const param = params.find(
          (p) => normalizeHeader(parameterHeader(p)) === text || normalizeHeader(p.name) === text,
        );
        columns.set(col, param ? `param:${param.name}` : `unknown:${text}`);
      }
    });
    worksheet.eachRow((row, rowNumber) => {
      if (rowNumber === 1) return;
      const cells = new Map<string, CellInput>();
      row.eachCell((cell, col) => {
        const key = columns.get(col);
        const value = cellInput(
          cell.value instanceof Date ? cell.value.toISOString().slice(0, 10) : cell.value,
        );
        if (key && value !== null) cells.set(key, value);
      });
      if (cells.size > 0) sheet.rows.push({ rowNumber, cells });
    });
    if (sheet.rows.length === 0) continue;
    if (template === undefined)
      problems.push(
        `${worksheet.name}: the sheet names no device type of this project (a template's name, or ${bilingual(UNTYPED_SHEET)})`,
      );
    const keys = new Set(columns.values());
    for (const c of LEDGER_COLUMNS)
      if (c.required && !keys.has(c.key)) sheet.problems.push(`the column ${bilingual(c.label)} is missing`);
    for (const key of keys)
      if (key.startsWith('unknown:'))
        sheet.problems.push(
          `the column ${key.slice(8)} is not a column of the ledger or a parameter of the type`,
        );
    rowCount += sheet.rows.length;
    sheets.push(sheet);
  }
  if (sheets.length === 0) problems.push('the workbook has no device rows');
  if (rowCount > DEVICE_LIMITS.importMaxRows)
    problems.push(
      `the workbook has ${rowCount} device rows; one import takes at most ${DEVICE_LIMITS.importMaxRows}`,
    );
  return { sheets, problems, rowCount };
}

/** The uploaded workbook with each row's messages in an 错误 Error column, and problems of sheets on an 错误 Error sheet. */
export async function deviceErrorReport(
  data: Buffer,
  sheets: readonly DeviceSheet[],
  errors: ReadonlyMap<DeviceSheet, ReadonlyMap<number, string[]>>,
  problems: readonly string[],
): Promise<Buffer> {
  const workbook = await loadWorkbook(data);
  const red = { argb: 'FFC00000' };
  for (const sheet of sheets) {
    const worksheet = workbook.getWorksheet(sheet.name);
    if (!worksheet) continue;
    const col = sheet.errorColumn ?? worksheet.columnCount + 1;
    const header = worksheet.getRow(1).getCell(col);
    header.value = bilingual(ERROR_HEADER);
    header.font = { bold: true, color: red };
    worksheet.getColumn(col).width = 60;
    const messages = errors.get(sheet);
    for (const row of sheet.rows) {
      const cell = worksheet.getRow(row.rowNumber).getCell(col);
      const list = messages?.get(row.rowNumber);
      cell.value = list ? list.join('; ') : null;
      if (list) cell.font = { color: red };
    }
  }
  const all = [...problems, ...sheets.flatMap((s) => s.problems.map((p) => `${s.name}: ${p}`))];
  const name = bilingual(ERROR_HEADER);
  const old = workbook.getWorksheet(name);
  if (old) workbook.removeWorksheet(old.id);
  if (all.length > 0) {
    const sheet = workbook.addWorksheet(name);
    sheet.columns = [{ header: name, width: 120 }];
    sheet.getRow(1).font = { bold: true, color: red };
    for (const problem of all) sheet.addRow([problem]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
