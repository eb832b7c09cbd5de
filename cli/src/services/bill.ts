/**
 * `eem bill show --inlet NAME|ID --month YYYY-MM`: an inlet's electricity bill for a month as
 * the server computes it (bill/bill): a line per charge (energy of each time-of-use band,
 * basic charge, the excess over the declared demand, the power-factor adjustment) with its
 * quantity, unit and price, and the total; beside it the inputs the basic charge and the
 * power-factor adjustment are computed from (diagnosis/basicCharge and diagnosis/powerFactor
 * for the same month), and the utility's bill when one was entered, line against line. The
 * month is a calendar month of the project's zone, whatever the machine's.
 */
import { localParts } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { type OutputFlags, resolveFormat } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column, Listing } from '../output/render.js';
import { displayTime } from '../output/time.js';
import { type CheckedBill, monthText } from './bill-flags.js';
import { findInlet, kw, projectInlets } from './demand.js';
import { requireProject } from './nodes.js';
import { openSession } from './session.js';
import { sessionZone } from './time-flags.js';

type BillAnswer = Awaited<ReturnType<Client['bills']['bill']>>;
type BasicRow = Awaited<ReturnType<Client['bills']['basicCharge']>>['rows'][number];
type PfRow = Awaited<ReturnType<Client['bills']['powerFactor']>>['rows'][number];
type Line = BillAnswer['computed']['lines'][number];
type MatchLine = BillAnswer['match'][number];

/** What `eem bill show` prints with --json: the bill, and the inputs of its basic and PF lines. */
export interface BillReport extends BillAnswer {
  timeZone: string;
  basic: BasicRow | null;
  powerFactor: PfRow | null;
}

const money = (v: number | null | undefined) => (v === null || v === undefined ? '' : v.toFixed(2));

/** A quantity as the bill shows it: kWh and kW to 2 decimals, a plain number otherwise. */
function quantity(v: number | null): string {
  if (v === null) return '';
  return Number.isInteger(v) ? String(v) : v.toFixed(2);
}

/** A price up to 6 places, without trailing zeros beyond 2. */
function price(v: number | null): string {
  if (v === null) return '';
  const text = v.toFixed(6).replace(/0+$/, '');
  const [whole, decimals = ''] = text.split('.');
  return `${whole}.${decimals.padEnd(2, '0')}`;
}

/** The lines and a total row (a line without code), as the table and the CSV show them. */
interface LineRow {
  code: string;
  name: string;
  quantity: number | null;
  unit: string;
  price: number | null;
  amount: number;
}

export function billListing(report: BillReport): Listing<LineRow> {
  const rows: LineRow[] = [
    ...report.computed.lines.map((l: Line) => ({ ...l })),
    { code: 'total', name: 'Total', quantity: null, unit: '', price: null, amount: report.computed.total },
  ];
  const columns: Column<LineRow>[] = [
    { key: 'code', header: 'Code', value: (r) => r.code, machineOnly: true },
    { key: 'name', header: 'Line', value: (r) => r.name, shrink: 'text' },
    {
      key: 'quantity',
      header: 'Quantity',
      value: (r) => r.quantity,
      display: (r) => `${quantity(r.quantity)}${r.unit && r.quantity !== null ? ` ${r.unit}` : ''}`,
    },
    { key: 'unit', header: 'Unit', value: (r) => r.unit, machineOnly: true },
    { key: 'price', header: 'Price', value: (r) => r.price, display: (r) => price(r.price) },
    {
      key: 'amount',
      header: 'Amount (yuan)',
      value: (r) => r.amount,
      display: (r, palette) => (r.code === 'total' ? palette.bold(money(r.amount)) : money(r.amount)),
    },
  ];
  return { columns, rows, json: report, ndjson: rows };
}

/** The utility's bill against the computed one, line by line. */
function matchListing(match: readonly MatchLine[]): Listing<MatchLine> {
  const columns: Column<MatchLine>[] = [
    { key: 'name', header: 'Line', value: (r) => r.name, shrink: 'text' },
    {
      key: 'computed',
      header: 'Computed',
      value: (r) => r.computed?.amount ?? null,
      display: (r) => money(r.computed?.amount),
    },
    {
      key: 'utility',
      header: 'Utility',
      value: (r) => r.utility?.amount ?? null,
      display: (r) => money(r.utility?.amount),
    },
    {
      key: 'difference',
      header: 'Difference',
      value: (r) => r.difference,
      display: (r) => money(r.difference),
    },
    {
      key: 'differencePct',
      header: '%',
      value: (r) => r.differencePct,
      display: (r) => (r.differencePct === null ? '' : r.differencePct.toFixed(2)),
    },
  ];
  return { columns, rows: match, json: match };
}

/** The inputs under the lines: what the basic charge and the power-factor line are computed from. */
export function inputLines(report: BillReport): string[] {
  const out: string[] = [];
  const zone = report.timeZone;
  const b = report.basic;
  if (b) {
    if (b.method === 'capacity')
      out.push(
        `Basic charge by capacity: ${quantity(b.transformerKva)} kVA × ${price(b.capacityPrice)} yuan/kVA = ${money(b.basicCharge)}`,
      );
    else {
      const at = b.maxAt === null ? '' : ` at ${displayTime(b.maxAt, zone)}`;
      out.push(
        `Basic charge by demand: declared ${kw(b.declaredKw)} kW, maximum ${b.maxKw === null ? 'none' : `${kw(b.maxKw)} kW${at}`}, penalty past ${b.penaltyThresholdPct} % of declared`,
      );
      out.push(
        `  billed ${b.billedKw === null ? '' : kw(b.billedKw)} kW × ${price(b.demandPrice)} yuan/kW = ${money(b.basicCharge)}` +
          (b.penaltyKw > 0 ? `; excess ${kw(b.penaltyKw)} kW, penalty ${money(b.penalty)}` : ''),
      );
    }
    out.push(`  by ${b.otherMethod} it would have been ${money(b.otherMethodTotal)} yuan`);
  }
  const p = report.powerFactor;
  if (p) {
    const pf = p.powerFactor === null ? 'none' : p.powerFactor.toFixed(2);
    out.push(
      `Power factor: ${quantity(p.kwh)} kWh, ${quantity(p.kvarh)} kvarh → PF = P/√(P²+Q²) = ${pf}` +
        (p.standard === null ? ' (not assessed)' : `, standard ${p.standard.toFixed(2)}`),
    );
    if (p.standard !== null)
      out.push(
        `  ${p.adjustmentPct > 0 ? '+' : ''}${p.adjustmentPct} % (national table) × ${money(p.base)} yuan (basic + energy) = ${money(p.adjustment)}` +
          (p.kvarNeeded !== null && p.kvarNeeded > 0
            ? `; ${p.kvarNeeded} kvar of compensation reaches the standard`
            : ''),
      );
  }
  return out;
}

/** The current month of the project's zone. */
function currentMonth(now: number, timeZone: string): { year: number; month: number } {
  const p = localParts(now, timeZone);
  return { year: p.year, month: p.month };
}

export async function showBill(ctx: Context, flags: CheckedBill, output: OutputFlags): Promise<void> {
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  requireProject(session);
  const { client } = session;
  const [inlets, timeZone] = await withProgress(ctx, 'Reading the inlets…', () =>
    Promise.all([projectInlets(client), sessionZone(session)]),
  );
  const inlet = findInlet(inlets, flags.inlet);
  const zone = timeZone ?? 'UTC';
  const month = monthText(flags.month ?? currentMonth(ctx.io.now(), zone));
  const range = { inletId: inlet.id, startMonth: month, endMonth: month };
  const [bill, basic, pf] = await withProgress(ctx, `Computing the bill of ${inlet.name} for ${month}…`, () =>
    Promise.all([
      client.bills.bill({ body: { inletId: inlet.id, month } }),
      client.bills.basicCharge({ body: range }),
      client.bills.powerFactor({ body: range }),
    ]),
  );
  const report: BillReport = {
    timeZone: zone,
    ...bill,
    basic: basic.rows.find((r) => r.month === month) ?? null,
    powerFactor: pf.rows.find((r) => r.month === month) ?? null,
  };
  if (format !== 'table') {
    await ctx.print(billListing(report), output);
    return;
  }
  const c = report.computed;
  const { stdout } = ctx.io;
  const bold = ctx.stdoutPalette.bold;
  stdout.write(
    `${bold('Inlet')}   ${c.inlet.name} (${c.inlet.id}), bus ${c.inlet.busSegment}\n` +
      `${bold('Month')}   ${c.month}: ${displayTime(c.start, zone)} to ${displayTime(c.end, zone)} (${zone})${c.partial ? ', to date' : ''}\n` +
      `${bold('Scheme')}  ${c.scheme ? c.scheme.name : 'none'}, basic charge by ${c.method}\n\n`,
  );
  await ctx.print(billListing(report), output);
  const inputs = inputLines(report);
  if (inputs.length > 0) stdout.write(`\n${inputs.join('\n')}\n`);
  if (report.utility) {
    stdout.write(
      `\n${bold('Utility bill')}${report.utility.number ? ` ${report.utility.number}` : ''}: ${money(report.utility.total)} yuan\n`,
    );
    await ctx.print(matchListing(report.match), output);
  }
  if (c.partial) ctx.reporter.note(`${month} is not over: the figures are to date.`);
  if (!c.scheme) ctx.reporter.note('The inlet has no billing scheme: no prices, so no charges.');
}
