/** The task log as a spreadsheet: a header row, then one row per task (the query's columns). */
import type { TaskLogRow } from '@eem/contract';
import { progressPercent } from '@eem/core';
import ExcelJS from 'exceljs';
import { formatTime } from './operation-log-xlsx.js';

const HEADERS = {
  en: [
    'Time',
    'End time',
    'Project',
    'Log type',
    'Operator',
    'Result',
    'Progress (%)',
    'Name',
    'Description',
  ],
  zh: ['时间', '结束时间', '项目', '日志类型', '操作人', '结果', '进度(%)', '名称', '描述'],
} as const;

const RESULTS = {
  en: { running: 'Running', success: 'Success', failure: 'Failure' },
  zh: { running: '进行中', success: '成功', failure: '失败' },
} as const;

export async function taskLogWorkbook(
  rows: readonly TaskLogRow[],
  options: { language: 'zh' | 'en'; timeZone: string },
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(options.language === 'zh' ? '任务日志' : 'Task log');
  const header: string[] = [...HEADERS[options.language]];
  header[0] = `${header[0]} (${options.timeZone})`;
  header[1] = `${header[1]} (${options.timeZone})`;
  sheet.addRow(header).font = { bold: true };
  for (const r of rows) {
    sheet.addRow([
      formatTime(r.time, options.timeZone),
      r.endTime === null ? '' : formatTime(r.endTime, options.timeZone),
      r.projectName ?? '',
      r.typeName,
      r.operator,
      RESULTS[options.language][r.result],
      progressPercent(r.processInfo.ratio),
      r.processInfo.name,
      r.message,
    ]);
  }
  sheet.columns.forEach((column, i) => {
    column.width = [24, 24, 20, 26, 16, 10, 12, 30, 60][i] ?? 16;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
