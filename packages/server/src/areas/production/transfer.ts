/** production.template and production.import: the planned (type 4) or actual (type 3) output workbook. */
import type { catalogue, EndpointParsedInput, Task } from '@eem/contract';
import { ENERGY_MESSAGES, TASK_OPERATION_TYPE, text, yearOf } from '@eem/core';
import ExcelJS from 'exceljs';
import { type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { energyCall, mayRead } from '../energy/scope.js';
import {
  numberCell,
  rowNode,
  type SheetColumn,
  type SheetRow,
  sendTemplate,
  startSheetImport,
  textCell,
  uploadedSheet,
} from '../entries/sheet-import.js';
import { bilingual } from '../nodes/import-columns.js';
import { yearMonths } from './grid.js';
import {
  PRODUCTION_KIND,
  productById,
  productionRows,
  productsOf,
  writeProduction,
} from './repo/production.js';

const MONTHS = Array.from({ length: 12 }, (_, i) => ({
  key: `m${i + 1}`,
  label: [`第${i + 1}月`, `Month ${i + 1}`] as const,
  required: false,
}));

const COLUMNS: SheetColumn[] = [
  { key: 'path', label: ['节点路径', 'Node path'], required: true },
  { key: 'product', label: ['产品', 'Product'], required: true },
  { key: 'year', label: ['年份', 'Year'], required: true },
  ...MONTHS,
];

type Kind = 'plan' | 'actual';

export async function template(
  ctx: RequestContext,
  query: EndpointParsedInput<typeof catalogue.production.template>['query'],
): Promise<null> {
  const call = await energyCall(ctx);
  const { db } = ctx.services;
  const year = query.year ?? yearOf(ctx.services.clock(), call.project.timeZone, call.model.cycle);
  const months = yearMonths(call.model, year, ctx.services.clock());
  const products = query.productId
    ? [await productById(db, call.project.id, query.productId)].filter((p) => p !== undefined)
    : await productsOf(db, call.project.id);
  const kind = query.kind === 'plan' ? PRODUCTION_KIND.plan : PRODUCTION_KIND.actual;
  const rows = (
    await productionRows(db, call.project.id, { kind, years: [...new Set(months.map((m) => m.year))] })
  ).filter((r) => call.model.node(r.node_id) && mayRead(call, r.node_id));
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(query.kind === 'plan' ? '计划产量 Planned' : '实际产量 Actual');
  const header = COLUMNS.map((c, i) =>
    i < 3
      ? bilingual(c.label)
      : `${bilingual(c.label)} (${months[i - 3]?.year}-${String(months[i - 3]?.month).padStart(2, '0')})`,
  );
  sheet.addRow(header).font = { bold: true };
  sheet.columns.forEach((c, i) => {
    c.width = i === 0 ? 48 : i < 3 ? 16 : 14;
  });
  for (const product of products) {
    const nodes = [...new Set(rows.filter((r) => r.product_id === product.id).map((r) => r.node_id))];
    for (const node of nodes)
      sheet.addRow([
        call.model.path(node),
        product.name,
        year,
        ...months.map(
          (m) =>
            rows.find(
              (r) =>
                r.product_id === product.id && r.node_id === node && r.year === m.year && r.month === m.month,
            )?.value ?? null,
        ),
      ]);
  }
  return sendTemplate(
    ctx,
    workbook,
    [
      'Node path: names from the project down, separated by " / "; Product: a product name of this project; Year: the accounting year.',
      'Months 1..12 are the accounting months of the year from the year start month (the header shows each); empty cells are left as they are.',
      query.kind === 'actual'
        ? 'Actual output of months still to come is refused.'
        : 'Planned output may be given for any month of the year.',
      'All rows or none: any problem and nothing is written; the problems come back row by row with the workbook marked.',
    ],
    `${query.kind === 'plan' ? 'production-plan' : 'production-actual'}-${year}.xlsx`,
  );
}

interface Item {
  product_id: number;
  node_id: number;
  kind: number;
  year: number;
  month: number;
  value: number;
}

export async function importProduction(
  ctx: RequestContext,
  body: EndpointParsedInput<typeof catalogue.production.import>['body'],
): Promise<Task> {
  const user = requireUser(ctx);
  const call = await energyCall(ctx);
  const file = uploadedSheet(ctx.uploads);
  const kindName: Kind = body.kind;
  const kind = kindName === 'plan' ? PRODUCTION_KIND.plan : PRODUCTION_KIND.actual;
  const products = await productsOf(ctx.services.db, call.project.id);
  if (products.length === 0) throw ApiError.at('file', 'the project has no products yet; add them first');
  return startSheetImport<Item>(
    ctx,
    {
      project: call.project,
      userId: user.id,
      file,
      dryRun: body.dryRun,
      operationType:
        kindName === 'plan'
          ? TASK_OPERATION_TYPE.importPlannedProduction
          : TASK_OPERATION_TYPE.importActualProduction,
    },
    {
      columns: COLUMNS,
      what: kindName === 'plan' ? 'plannedOutput' : 'actualOutput',
      async check(rows) {
        const items: Item[] = [];
        const errors = new Map<SheetRow, string[]>();
        const seen = new Map<string, number>();
        const now = ctx.services.clock();
        for (const row of rows) {
          const messages: string[] = [];
          const path = textCell(row.cells.path);
          const node = rowNode(call, path, messages);
          const name = textCell(row.cells.product);
          const product =
            products.find((p) => p.name === name) ??
            products.find((p) => p.name.toLowerCase() === name.toLowerCase());
          if (!product) messages.push(`Product: no product "${name}" in this project`);
          const year = numberCell(row.cells.year);
          if (year === undefined || !Number.isInteger(year) || year < 2000 || year > 2100)
            messages.push('Year: a year from 2000 to 2100');
          const months =
            year !== undefined && Number.isInteger(year) ? yearMonths(call.model, year, now) : [];
          MONTHS.forEach((m, i) => {
            const v = numberCell(row.cells[m.key]);
            if (v === undefined) return;
            if (!(v >= 0) || v > 999_999_999_999.99 || Math.abs(Math.round(v * 100) - v * 100) > 1e-6) {
              messages.push(
                `${m.label[1]}: enter a number from 0 to 999999999999.99 with at most 2 decimal places`,
              );
              return;
            }
            const month = months[i];
            if (!month) return;
            if (kind === PRODUCTION_KIND.actual && month.future)
              messages.push(
                `${m.label[1]}: ${ENERGY_MESSAGES.futureActual.replace('month: ', '')} (${month.year}-${month.month})`,
              );
            else if (node !== undefined && product)
              items.push({
                product_id: product.id,
                node_id: node,
                kind,
                year: month.year,
                month: month.month,
                value: v,
              });
          });
          if (node !== undefined && product && year !== undefined) {
            const key = `${node}:${product.id}:${year}`;
            const first = seen.get(key);
            if (first !== undefined) messages.push(`the same node, product and year as row ${first}`);
            else seen.set(key, row.rowNumber);
          }
          if (messages.length > 0) errors.set(row, messages);
        }
        return { items: errors.size > 0 ? [] : items, errors };
      },
      async write(trx, items) {
        await writeProduction(trx, call.project.id, items);
        return text('import.productionWritten', { count: items.length, kind: kindName });
      },
    },
  );
}
