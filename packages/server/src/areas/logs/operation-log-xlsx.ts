/** The operation log as a spreadsheet: a header row, then one row per entry. */
import type { OperationLogRow } from '@eem/contract';
import { localParts } from '@eem/core';
import ExcelJS from 'exceljs';

const HEADERS = {
  en: ['Time', 'Account', 'Module', 'Operation', 'Object', 'Result', 'Client IP', 'Project', 'Description'],
  zh: ['时间', '账号', '模块', '操作', '对象', '结果', '客户端IP', '项目', '描述'],
} as const;

const RESULTS = {
  en: { success: 'Success', failure: 'Failure' },
  zh: { success: '成功', failure: '失败' },
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD HH:mm:ss in a time zone (the spec's date format). */
export function formatTime(ms: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

export async function operationLogWorkbook(
  rows: readonly OperationLogRow[],
  options: { language: 'zh' | 'en'; timeZone: string },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.language === 'zh' ? '操作日志' : 'Operation log');
  const header: string[] = [...HEADERS[options.language]];
  header[0] = `${header[0]} (${options.timeZone})`;
  sheet.addRow(header).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      formatTime(r.time, options.timeZone),
      r.account,
      r.module,
      r.operationName,
      r.object,
      RESULTS[options.language][r.result],
      r.clientIp,
      r.projectName ?? '',
      r.description,
    ]);
  }
  sheet.columns.forEach((column, i) => {
    column.width = [22, 18, 8, 16, 32, 10, 18, 20, 48][i] ?? 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
