/**
 * demand.template and demand.import: the inlets workbook (the ledger: created by name, or
 * changed when the name exists) and the historical demand workbook (inlet, quarter-hour start,
 * kW: written into the rollup as imported quarter hours, which later computation leaves be).
 * Through the sheet-import machinery: a task, all rows or none, problems row by row.
 */
import type { catalogue, EndpointParsedInput, Task } from '@eem/contract';
import {
  type BILLING_METHODS,
  DEMAND_LIMITS,
  DEMAND_MESSAGES,
  DEMAND_WINDOW_MS,
  type DEMAND_WINDOW_TYPES,
  hasSpecialCharacters,
  isDecimal2,
  TASK_OPERATION_TYPE,
  text,
  zonedTime,
} from '@eem/core';
import ExcelJS from 'exceljs';
import { type RequestContext, requireUser } from '../../context.js';
import { parseReadingTime } from '../datalog/iso-time.js';
import { energyCall } from '../energy/scope.js';
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
import { powerPointOf } from './demand-data.js';
import { visibleInlets } from './inlets.js';
import { inletsOf, insertInlet, updateInletById } from './repo/inlets.js';
import { deleteAllComputed, ROLLUP_SOURCE, writeRollups } from './repo/rollups.js';
import { schemesOf } from './repo/schemes.js';
import { demandRuntime } from './runtime.js';

const INLET_COLUMNS: SheetColumn[] = [
  { key: 'name', label: ['进线名称', 'Name'], required: true },
  { key: 'code', label: ['编号', 'Code'], required: false },
  { key: 'voltage', label: ['电压等级(kV)', 'Voltage (kV)'], required: true },
  { key: 'bus', label: ['母线段', 'Bus segment'], required: true },
  { key: 'kva', label: ['变压器容量(kVA)', 'Transformer (kVA)'], required: true },
  { key: 'method', label: ['计费方式', 'Billing method'], required: true },
  { key: 'declared', label: ['申报需量(kW)', 'Declared demand (kW)'], required: true },
  { key: 'window', label: ['需量窗口', 'Demand window'], required: false },
  { key: 'meter', label: ['计量节点路径', 'Meter path'], required: true },
  { key: 'scheme', label: ['计费方案', 'Billing scheme'], required: false },
  { key: 'account', label: ['户号', 'Account'], required: false },
  { key: 'remark', label: ['备注', 'Remark'], required: false },
];

const DEMAND_COLUMNS: SheetColumn[] = [
  { key: 'inlet', label: ['进线名称', 'Inlet'], required: true },
  { key: 'time', label: ['时间', 'Time'], required: true },
  { key: 'kw', label: ['需量(kW)', 'Demand (kW)'], required: true },
];

const METHOD_WORDS: Record<string, (typeof BILLING_METHODS)[number]> = {
  capacity: 'capacity',
  容量: 'capacity',
  按容量: 'capacity',
  demand: 'demand',
  需量: 'demand',
  按需量: 'demand',
};
const WINDOW_WORDS: Record<string, (typeof DEMAND_WINDOW_TYPES)[number]> = {
  sliding: 'sliding',
  滑差: 'sliding',
  fixed: 'fixed',
  固定: 'fixed',
};

type Query = EndpointParsedInput<typeof catalogue.demand.template>['query'];

export async function template(ctx: RequestContext, query: Query): Promise<null> {
  const call = await energyCall(ctx);
  const workbook = new ExcelJS.Workbook();
  if (query.kind === 'inlets') {
    const sheet = workbook.addWorksheet('进线 Inlets');
    sheet.addRow(INLET_COLUMNS.map((c) => bilingual(c.label))).font = { bold: true };
    sheet.columns.forEach((c, i) => {
      c.width = i === 8 ? 48 : 18;
    });
    const schemes = new Map((await schemesOf(ctx.services.db, call.project.id)).map((s) => [s.id, s.name]));
    for (const inlet of await visibleInlets(ctx, call.project))
      sheet.addRow([
        inlet.name,
        inlet.code,
        inlet.voltage_kv,
        inlet.bus_segment,
        inlet.transformer_kva,
        inlet.billing_method,
        inlet.declared_kw,
        inlet.window_type,
        call.model.path(inlet.meter_node_id),
        inlet.billing_scheme_id === null ? '' : (schemes.get(inlet.billing_scheme_id) ?? ''),
        inlet.account,
        inlet.remark,
      ]);
    return sendTemplate(
      ctx,
      workbook,
      [
        'One inlet a row. A row whose name exists changes that inlet; other rows add inlets.',
        `Name: 1 to ${DEMAND_LIMITS.name} characters without special characters. Bus segment: each inlet its own (bus segments cannot repeat).`,
        'Billing method: capacity (容量) or demand (需量). Demand window: sliding (滑差, default) or fixed (固定).',
        'Meter path: the node whose active power measures the inlet, names from the project down separated by " / ".',
        'Billing scheme: a scheme name of this project, or empty. Numbers above 0 with at most 2 decimal places.',
        'All rows or none: any problem and nothing is written; the problems come back row by row with the workbook marked.',
      ],
      'inlets.xlsx',
    );
  }
  const sheet = workbook.addWorksheet('需量 Demand');
  sheet.addRow(DEMAND_COLUMNS.map((c) => bilingual(c.label))).font = { bold: true };
  sheet.columns.forEach((c, i) => {
    c.width = i === 1 ? 24 : 18;
  });
  const first = (await visibleInlets(ctx, call.project))[0];
  if (first) sheet.addRow([first.name, '2026-03-01 08:15', 612.5]);
  return sendTemplate(
    ctx,
    workbook,
    [
      'One quarter hour a row: the inlet name, the start of the quarter hour and its demand in kW (the average active power of the quarter hour).',
      `Time: text "2026-03-01 08:15" in the project's time zone (${call.project.timeZone}), or with an offset "2026-03-01T08:15+08:00"; on a quarter hour (:00, :15, :30, :45).`,
      'Imported quarter hours replace the computed ones and are kept when readings are rolled up again.',
      'All rows or none: any problem and nothing is written; the problems come back row by row with the workbook marked.',
    ],
    'demand-data.xlsx',
  );
}

interface InletItem {
  name: string;
  values: {
    code: string;
    voltage_kv: number;
    bus_segment: string;
    transformer_kva: number;
    billing_method: string;
    declared_kw: number;
    window_type: string;
    meter_node_id: number;
    billing_scheme_id: number | null;
    account: string;
    remark: string;
  };
}

interface DemandItem {
  inletId: number;
  projectId: number;
  ts: number;
  kw: number;
}

function positiveCell(
  value: unknown,
  label: string,
  messages: string[],
  max: number = DEMAND_LIMITS.powerMax,
) {
  const n = numberCell(value as never);
  if (n === undefined) {
    messages.push(`${label}: required`);
    return 0;
  }
  if (!(n > 0) || n > max || !isDecimal2(n)) {
    messages.push(`${label}: a number above 0 and up to ${max} with at most 2 decimal places`);
    return 0;
  }
  return n;
}

/** A quarter-hour start from a cell: local text of the project's zone, ISO with an offset, or a date cell (its wall time). */
function quarterCell(value: unknown, timeZone: string): number | null {
  const text = textCell(value as never);
  const local = (p: number[]) =>
    zonedTime(timeZone, p[0] ?? 0, p[1] ?? 1, p[2] ?? 1, p[3] ?? 0, p[4] ?? 0, p[5] ?? 0);
  // A date cell reads as its wall time written in UTC (exceljs): that wall time in the project's zone.
  const wall = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.000Z$/.exec(text);
  if (wall) return local(wall.slice(1, 7).map(Number));
  return parseReadingTime(text, local);
}

export async function importDemand(
  ctx: RequestContext,
  body: EndpointParsedInput<typeof catalogue.demand.import>['body'],
): Promise<Task> {
  const user = requireUser(ctx);
  const call = await energyCall(ctx);
  const file = uploadedSheet(ctx.uploads);
  const { db } = ctx.services;
  const project = call.project;
  const start = { project, userId: user.id, file, dryRun: body.dryRun };
  if (body.kind === 'demand') {
    const inlets = await visibleInlets(ctx, project);
    return startSheetImport<DemandItem>(
      ctx,
      { ...start, operationType: TASK_OPERATION_TYPE.demandImport },
      {
        columns: DEMAND_COLUMNS,
        what: 'demand',
        async check(rows) {
          const items: DemandItem[] = [];
          const errors = new Map<SheetRow, string[]>();
          const seen = new Map<string, number>();
          const now = ctx.services.clock();
          for (const row of rows) {
            const messages: string[] = [];
            const name = textCell(row.cells.inlet);
            const inlet = inlets.find((i) => i.name === name);
            if (!inlet) messages.push(`Inlet: no inlet "${name}" in this project`);
            const ts = quarterCell(row.cells.time, project.timeZone);
            if (ts === null)
              messages.push('Time: not a time (use 2026-03-01 08:15 or 2026-03-01T08:15+08:00)');
            else if (ts % DEMAND_WINDOW_MS !== 0)
              messages.push('Time: the start of a quarter hour (:00, :15, :30, :45)');
            else if (ts + DEMAND_WINDOW_MS > now) messages.push('Time: a quarter hour that has ended');
            const kw = positiveCell(row.cells.kw, 'Demand (kW)', messages);
            if (inlet && ts !== null) {
              const key = `${inlet.id}:${ts}`;
              const first = seen.get(key);
              if (first !== undefined) messages.push(`the same inlet and time as row ${first}`);
              else seen.set(key, row.rowNumber);
            }
            if (messages.length > 0) errors.set(row, messages);
            else if (inlet && ts !== null) items.push({ inletId: inlet.id, projectId: project.id, ts, kw });
          }
          return { items: errors.size > 0 ? [] : items, errors };
        },
        async write(trx, items) {
          const byInlet = new Map<number, DemandItem[]>();
          for (const item of items) byInlet.set(item.inletId, [...(byInlet.get(item.inletId) ?? []), item]);
          for (const [inletId, list] of byInlet)
            await writeRollups(
              trx,
              project.id,
              inletId,
              list
                .sort((a, b) => a.ts - b.ts)
                .map((i) => ({
                  ts: i.ts,
                  // An imported quarter hour has one value: the fixed-window demand, and the sliding maximum.
                  avg_kw: i.kw,
                  max_kw: i.kw,
                  max_at: i.ts + DEMAND_WINDOW_MS,
                  source: ROLLUP_SOURCE.imported,
                })),
            );
          return text('import.demandWritten', { count: items.length });
        },
      },
    );
  }
  const existing = await inletsOf(db, project.id);
  const schemes = await schemesOf(db, project.id);
  return startSheetImport<InletItem>(
    ctx,
    { ...start, operationType: TASK_OPERATION_TYPE.inletImport },
    {
      columns: INLET_COLUMNS,
      what: 'inlets',
      async check(rows) {
        const items: InletItem[] = [];
        const errors = new Map<SheetRow, string[]>();
        const names = new Map<string, number>();
        const buses = new Map<string, number>();
        for (const row of rows) {
          const messages: string[] = [];
          const name = textCell(row.cells.name);
          if (name === '' || name.length > DEMAND_LIMITS.name)
            messages.push(`Name: 1 to ${DEMAND_LIMITS.name} characters in length`);
          else if (hasSpecialCharacters(name)) messages.push('Name: no special characters');
          const bus = textCell(row.cells.bus);
          if (bus === '' || bus.length > DEMAND_LIMITS.busSegment)
            messages.push(`Bus segment: 1 to ${DEMAND_LIMITS.busSegment} characters in length`);
          const code = textCell(row.cells.code);
          if (code.length > DEMAND_LIMITS.code)
            messages.push(`Code: at most ${DEMAND_LIMITS.code} characters`);
          const account = textCell(row.cells.account);
          if (account.length > DEMAND_LIMITS.account)
            messages.push(`Account: at most ${DEMAND_LIMITS.account} characters`);
          const remark = textCell(row.cells.remark);
          if (remark.length > DEMAND_LIMITS.remark)
            messages.push(`Remark: at most ${DEMAND_LIMITS.remark} characters`);
          const voltage = positiveCell(row.cells.voltage, 'Voltage (kV)', messages, 1_000);
          const kva = positiveCell(row.cells.kva, 'Transformer (kVA)', messages);
          const declared = positiveCell(row.cells.declared, 'Declared demand (kW)', messages);
          const method = METHOD_WORDS[textCell(row.cells.method).toLowerCase()];
          if (!method) messages.push('Billing method: capacity (容量) or demand (需量)');
          const windowText = textCell(row.cells.window).toLowerCase();
          const window = windowText === '' ? 'sliding' : WINDOW_WORDS[windowText];
          if (!window) messages.push('Demand window: sliding (滑差) or fixed (固定)');
          const meter = rowNode(call, textCell(row.cells.meter), messages);
          if (meter !== undefined && (await powerPointOf(db, meter)) === undefined)
            messages.push(`Meter path: ${DEMAND_MESSAGES.meterUnknown.replace('meter: ', '')}`);
          const schemeName = textCell(row.cells.scheme);
          const scheme = schemeName === '' ? null : schemes.find((s) => s.name === schemeName);
          if (scheme === undefined)
            messages.push(`Billing scheme: no billing scheme "${schemeName}" in this project`);
          // Within the workbook and against the inlets it does not change.
          const firstName = names.get(name);
          if (firstName !== undefined) messages.push(`Name: the same name as row ${firstName}`);
          else names.set(name, row.rowNumber);
          const firstBus = buses.get(bus);
          if (firstBus !== undefined)
            messages.push(
              `Bus segment: ${DEMAND_MESSAGES.busSegmentRepeats.replace('busSegment: ', '')} (row ${firstBus})`,
            );
          else buses.set(bus, row.rowNumber);
          const other = existing.find((i) => i.bus_segment === bus && i.name !== name);
          if (other && !rows.some((r) => textCell(r.cells.name) === other.name))
            messages.push(
              `Bus segment: ${DEMAND_MESSAGES.busSegmentRepeats.replace('busSegment: ', '')} (inlet ${other.name})`,
            );
          if (messages.length > 0) errors.set(row, messages);
          else
            items.push({
              name,
              values: {
                code,
                voltage_kv: voltage,
                bus_segment: bus,
                transformer_kva: kva,
                billing_method: method as string,
                declared_kw: declared,
                window_type: window as string,
                meter_node_id: meter as number,
                billing_scheme_id: scheme ? scheme.id : null,
                account,
                remark,
              },
            });
        }
        const added = items.filter((i) => !existing.some((e) => e.name === i.name)).length;
        const first = rows[0];
        if (errors.size === 0 && first && existing.length + added > DEMAND_LIMITS.inlets)
          errors.set(first, [DEMAND_MESSAGES.tooManyInlets]);
        return { items: errors.size > 0 ? [] : items, errors };
      },
      async write(trx, items) {
        const now = ctx.services.clock();
        // Bus segments move between inlets of the workbook: clear them first (unique per project).
        for (const item of items) {
          const known = existing.find((e) => e.name === item.name);
          if (known) await updateInletById(trx, known.id, { bus_segment: `\u0000${known.id}` });
        }
        let added = 0;
        for (const item of items) {
          const known = existing.find((e) => e.name === item.name);
          if (known) {
            await updateInletById(trx, known.id, {
              ...item.values,
              updated_at: now,
              ...(known.meter_node_id !== item.values.meter_node_id
                ? { rolled_to: null, edits_seen: 0 }
                : {}),
            });
            if (known.meter_node_id !== item.values.meter_node_id) await deleteAllComputed(trx, known.id);
          } else {
            await insertInlet(trx, {
              project_id: project.id,
              name: item.name,
              ...item.values,
              rolled_to: null,
              created_at: now,
              updated_at: now,
            });
            added++;
          }
        }
        demandRuntime(ctx.services).invalidate();
        return text('import.inletsWritten', { added, changed: items.length - added });
      },
    },
  );
}
