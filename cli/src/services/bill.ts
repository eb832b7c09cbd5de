/**
 * `eem bill show --inlet NAME|CODE|ID --month YYYY-MM`: an inlet's electricity bill for a month
 * as the server computes it (bill/bill): a line per charge (energy of each time-of-use band,
 * basic charge, the excess over the declared demand, the power-factor adjustment) with its
 * quantity, unit and price, and the total; under it the inputs the lines are computed from
 * (the bill's `inputs`), and the utility's bill when one was entered, line against line. The
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
import { findInlet, projectInlets } from './demand.js';
import { requireProject } from './nodes.js';
import { openSession } from './session.js';
import { sessionZone } from './time-flags.js';

type BillAnswer = Awaited<ReturnType<Client['bills']['bill']>>;
type Line = BillAnswer['computed']['lines'][number];
type MatchLine = BillAnswer['match'][number];

const money = (v: number | null | undefined) => (v === null || v === undefined ? '' : v.toFixed(2));

/**
 * A quantity as the server gives it (up to 6 decimals, no trailing zeros): the amount is
 * computed from this value, so quantity × price redone by hand gives the amount.
 */
function quantity(v: number | null): string {
  if (v === null) return '';
  return String(Number(v.toFixed(6)));
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

export function billListing(bill: BillAnswer): Listing<LineRow> {
  const rows: LineRow[] = [
    ...bill.computed.lines.map((l: Line) => ({ ...l })),
    { code: 'total', name: 'Total', quantity: null, unit: '', price: null, amount: bill.computed.total },
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
  return { columns, rows, json: bill, ndjson: rows };
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
export function inputLines(bill: BillAnswer['computed'], timeZone: string): string[] {
  const i = bill.inputs;
  const out: string[] = [];
  const prices = (['sharp', 'peak', 'flat', 'valley'] as const).map((b) => `${b} ${price(i.prices[b])}`);
  out.push(`Energy: ${quantity(i.kwh)} kWh at ${prices.join(', ')} yuan/kWh`);
  if (i.unassignedKwh > 0)
    out.push(`  ${quantity(i.unassignedKwh)} kWh outside any time-of-use band, billed at the flat price`);
  if (bill.method === 'capacity')
    out.push(
      `Basic charge by capacity: ${quantity(i.transformerKva)} kVA × ${price(i.capacityPrice)} yuan/kVA`,
    );
  else {
    out.push(
      `Basic charge by demand: declared ${quantity(i.declaredKw)} kW, maximum ${i.maxKw === null ? 'none' : `${quantity(i.maxKw)} kW`}`,
    );
    out.push(
      `  ${i.maxAt === null ? '' : `at ${displayTime(i.maxAt, timeZone)}; `}limit ${quantity(i.limitKw)} kW (${i.penaltyThresholdPct} % of declared)`,
    );
    out.push(
      i.excessKw > 0
        ? `  ${quantity(i.excessKw)} kW above the limit at ${i.penaltyMultiplier} × ${price(i.demandPrice)} yuan/kW`
        : '  the maximum stayed within the limit: the declared kW are billed',
    );
  }
  out.push(`  by ${i.otherMethod} it would have been ${money(i.otherMethodTotal)} yuan`);
  if (i.pfStandard === null) out.push('Power factor: not assessed by the billing scheme');
  else if (i.kvarh === null) out.push('Power factor: no reactive power stored for the month, no adjustment');
  else {
    const pf = i.powerFactor === null ? 'none' : i.powerFactor.toFixed(2);
    out.push(`Power factor: P ${quantity(i.kwh)} kWh, Q ${quantity(i.kvarh)} kvarh, P/√(P²+Q²) = ${pf}`);
    out.push(
      `  standard ${i.pfStandard.toFixed(2)}: ${i.adjustmentPct > 0 ? '+' : ''}${i.adjustmentPct} % (national table) × ${money(i.pfBase)} yuan (basic + energy)`,
    );
  }
  return out;
}

/** The day an instant falls on in the zone (a month's bounds are midnights there). */
function dayText(ms: number, timeZone: string): string {
  return displayTime(ms, timeZone).slice(0, 10);
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
  const bill = await withProgress(ctx, `Computing the bill of ${inlet.name} for ${month}…`, () =>
    client.bills.bill({ body: { inletId: inlet.id, month } }),
  );
  if (format !== 'table') {
    await ctx.print(billListing(bill), output);
    return;
  }
  const c = bill.computed;
  const { stdout } = ctx.io;
  const bold = ctx.stdoutPalette.bold;
  stdout.write(
    `${bold('Inlet')}   ${c.inlet.name} (${c.inlet.id}), bus ${c.inlet.busSegment}\n` +
      `${bold('Month')}   ${c.month}: ${dayText(c.start, zone)} to ${dayText(c.end - 1, zone)}, ${zone}${c.partial ? ' (to date)' : ''}\n` +
      `${bold('Scheme')}  ${c.scheme ? c.scheme.name : 'none'}, basic charge by ${c.method}\n\n`,
  );
  await ctx.print(billListing(bill), output);
  stdout.write(`\n${inputLines(c, zone).join('\n')}\n`);
  if (bill.utility) {
    stdout.write(
      `\n${bold('Utility bill')}${bill.utility.number ? ` ${bill.utility.number}` : ''}: ${money(bill.utility.total)} yuan\n`,
    );
    await ctx.print(matchListing(bill.match), output);
  }
  if (c.partial) ctx.reporter.note(`${month} is not over: the figures are to date.`);
  if (!c.scheme) ctx.reporter.note('The inlet has no billing scheme: no prices, so no charges.');
}
