/** entries.template and entries.import: the manual entry workbook, out and in. */
import type { catalogue, EndpointParsedInput, Task } from '@eem/contract';
import { ENERGY_TYPES, energyTypeName, TASK_OPERATION_TYPE, text, yearOf } from '@eem/core';
import ExcelJS from 'exceljs';
import { type RequestContext, requireUser } from '../../context.js';
import { energyCall, mayRead } from '../energy/scope.js';
import { bilingual } from '../nodes/import-columns.js';
import { checkPeriod } from './grid.js';
import { entryRows, writeEntries } from './repo/entries.js';
import {
  numberCell,
  rowNode,
  type SheetColumn,
  type SheetRow,
  sendTemplate,
  startSheetImport,
  textCell,
  uploadedSheet,
} from './sheet-import.js';

const COLUMNS: SheetColumn[] = [
  { key: 'path', label: ['节点路径', 'Node path'], required: true },
  { key: 'energyType', label: ['能源类型', 'Energy type'], required: true },
  { key: 'period', label: ['周期', 'Period'], required: true },
  { key: 'quantity', label: ['用量', 'Quantity'], required: true },
  { key: 'amount', label: ['金额', 'Amount'], required: false },
  { key: 'remark', label: ['备注', 'Remark'], required: false },
];

const SHEET = '能耗录入 Entries';

function typeOfCell(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  if (t === '') return undefined;
  const code = Number(t);
  return ENERGY_TYPES.find(
    (e) =>
      e.kind !== 'aggregate' &&
      (e.code === code || e.name.toLowerCase() === t || e.enName.toLowerCase() === t),
  )?.code;
}

export async function template(
  ctx: RequestContext,
  query: EndpointParsedInput<typeof catalogue.entries.template>['query'],
): Promise<null> {
  const call = await energyCall(ctx);
  const year = query.year ?? yearOf(ctx.services.clock(), call.project.timeZone, call.model.cycle);
  const rows = (await entryRows(ctx.services.db, call.project.id, { prefixes: [String(year)] })).filter(
    (r) => call.model.node(r.node_id) && mayRead(call, r.node_id),
  );
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET);
  sheet.addRow(COLUMNS.map((c) => bilingual(c.label))).font = { bold: true };
  sheet.columns.forEach((c, i) => {
    c.width = i === 0 ? 48 : 18;
  });
  for (const r of rows) {
    const { multiplier } = call.model.unit(r.energy_type);
    sheet.addRow([
      call.model.path(r.node_id),
      energyTypeName(r.energy_type, ctx.language),
      r.period,
      Math.round(r.quantity * multiplier * 1e6) / 1e6,
      r.amount,
      r.remark,
    ]);
  }
  const types = workbook.addWorksheet('能源类型 Energy types');
  types.addRow(['代码 Code', '名称 Name', 'Name', '单位 Unit']).font = { bold: true };
  for (const t of ENERGY_TYPES.filter((e) => e.kind !== 'aggregate'))
    types.addRow([t.code, t.name, t.enName, call.model.unit(t.code).unit]);
  return sendTemplate(
    ctx,
    workbook,
    [
      'Node path: names from the project down, separated by " / " (as the node tree shows them); empty: the project itself.',
      'Energy type: its code, Chinese or English name (sheet "Energy types"). Quantity in the unit listed there (the unit setting).',
      `Period: an accounting month (2026-03) or day (2026-03-15) of ${call.project.timeZone}, not in the future.`,
      'All rows or none: any problem and nothing is written; the problems come back row by row with the workbook marked.',
    ],
    ctx.language === 'zh' ? `能耗录入-${year}.xlsx` : `energy-entries-${year}.xlsx`,
  );
}

interface Item {
  node_id: number;
  energy_type: number;
  period: string;
  quantity: number;
  amount: number | null;
  remark: string;
}

export async function importEntries(
  ctx: RequestContext,
  body: EndpointParsedInput<typeof catalogue.entries.import>['body'],
): Promise<Task> {
  const user = requireUser(ctx);
  const call = await energyCall(ctx);
  const file = uploadedSheet(ctx.uploads);
  return startSheetImport<Item>(
    ctx,
    {
      project: call.project,
      userId: user.id,
      file,
      dryRun: body.dryRun,
      operationType: TASK_OPERATION_TYPE.energyEntryImport,
    },
    {
      columns: COLUMNS,
      what: 'entries',
      async check(rows) {
        const items: Item[] = [];
        const errors = new Map<SheetRow, string[]>();
        const seen = new Map<string, number>();
        const now = ctx.services.clock();
        for (const row of rows) {
          const messages: string[] = [];
          const path = textCell(row.cells.path);
          const node = rowNode(call, path, messages);
          const type = typeOfCell(textCell(row.cells.energyType));
          if (type === undefined)
            messages.push(
              `Energy type: "${textCell(row.cells.energyType)}" is not an energy type that can be entered`,
            );
          const period = textCell(row.cells.period);
          const problem = checkPeriod(call, period, now);
          if (problem) messages.push(problem.replace(/^period:/, 'Period:'));
          const quantity = numberCell(row.cells.quantity);
          if (quantity === undefined) messages.push('Quantity cannot be empty');
          else if (!(quantity >= 0) || Math.abs(Math.round(quantity * 100) - quantity * 100) > 1e-6)
            messages.push('Quantity: enter a number from 0 to 999999999999.99 with at most 2 decimal places');
          const amount = numberCell(row.cells.amount);
          if (amount !== undefined && !(amount >= 0)) messages.push('Amount: enter a number of 0 or more');
          const remark = textCell(row.cells.remark);
          if (remark.length > 200) messages.push('Remark: at most 200 characters');
          if (node !== undefined && type !== undefined && !problem) {
            const key = `${node}:${type}:${period}`;
            const first = seen.get(key);
            if (first !== undefined) messages.push(`the same node, energy type and period as row ${first}`);
            else seen.set(key, row.rowNumber);
          }
          if (messages.length > 0) errors.set(row, messages);
          else if (node !== undefined && type !== undefined && quantity !== undefined)
            items.push({
              node_id: node,
              energy_type: type,
              period,
              quantity: quantity / call.model.unit(type).multiplier,
              amount: amount ?? null,
              remark,
            });
        }
        return { items, errors };
      },
      async write(trx, items) {
        const result = await writeEntries(trx, call.project.id, items, {
          userId: user.id,
          now: ctx.services.clock(),
        });
        return text('import.entriesWritten', { count: result.saved });
      },
    },
  );
}
