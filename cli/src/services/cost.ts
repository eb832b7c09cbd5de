/**
 * `eem cost show --node ID|PATH --month YYYY-MM [--by type|child]`: a node's cost for a month as
 * the monthly cost calculation worked it out (costaccount/result/query of the accounting scheme
 * the node is an object of): by energy type, a line per type with its volume, average price,
 * energy charge, basic charge and power-factor adjustment, then the other fees, the cost
 * apportioned in and out, and the total; by child, a line per child node that is an accounting
 * object (of any scheme) with its charges and total. A month not calculated yet is an empty
 * state that says how to calculate it. The month is a calendar month of the project's zone.
 */
import type { AccountingScheme, EnergyNode, NodeTreeItem, ObjectCost } from '@eem/contract';
import { localParts, monthBounds, PAGE_LIMIT_MAX, roundMoney, roundTo, sumMoney } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import { type OutputFlags, resolveFormat } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column, Listing } from '../output/render.js';
import { displayTime } from '../output/time.js';
import { monthText } from './bill-flags.js';
import type { CheckedCost } from './cost-flags.js';
import { findByPath, type Located, projectNodes } from './energy.js';
import { requireProject } from './nodes.js';
import { openSession } from './session.js';
import { projectTimeZone } from './time-flags.js';

type ResultsAnswer = Awaited<ReturnType<Client['cost']['results']>>;
type SchemeRef = { id: number; name: string; cycle: string };

const money = (v: number | null | undefined) => (v === null || v === undefined ? '' : v.toFixed(2));

/** A volume as the server gives it (up to 6 decimals, no trailing zeros). */
function quantity(v: number | null | undefined): string {
  if (v === null || v === undefined) return '';
  return String(Number(v.toFixed(6)));
}

/** Every accounting scheme of the project (pages of the contract's largest limit). */
async function allSchemes(client: Client): Promise<AccountingScheme[]> {
  const out: AccountingScheme[] = [];
  for (let index = 0; ; index++) {
    const page = await client.cost.schemes({ body: { page: { index, limit: PAGE_LIMIT_MAX } } });
    out.push(...page.list);
    if (page.list.length < PAGE_LIMIT_MAX || out.length >= page.total) return out;
  }
}

/** The scheme a node is an accounting object of (a node is in one scheme at most). */
function schemeOf(
  schemes: readonly AccountingScheme[],
  node: { id: number; modelLabel: string },
): AccountingScheme | undefined {
  return schemes.find((s) =>
    s.objects.some((o) => o.node.id === node.id && o.node.modelLabel === node.modelLabel),
  );
}

/** The project's nodes with their paths, and the project itself (named by its name). */
async function costNodes(client: Client, projectId: number): Promise<Located[]> {
  const tree = await client.nodes.nodeTreeSimple({
    body: { rootID: projectId, rootLabel: 'project', treeReturnEnable: true },
  });
  const root = tree.find((n) => n.modelLabel === 'project');
  const nodes = await projectNodes(client, projectId, tree);
  return root ? [{ node: root, path: root.name }, ...nodes] : nodes;
}

/** The node `--node` names: an id of the project's tree (else a path of that name), or a path. */
export function resolveNode(nodes: readonly Located[], node: CheckedCost['node']): Located {
  if (node.kind === 'id') {
    const found = nodes.find((n) => n.node.id === node.id && n.node.modelLabel !== 'project');
    if (found) return found;
    // A node may be named by digits: a path of that name, else the id is unknown.
    const named = nodes.filter((n) => n.node.name.trim() === node.text);
    if (named.length === 1 && named[0]) return named[0];
    throw new CliError(`--node: no node ${node.id} in this project`, {
      hint: 'See `eem nodes tree` for the ids.',
    });
  }
  const project = nodes.find((n) => n.node.modelLabel === 'project');
  const below = nodes.filter((n) => n.node.modelLabel !== 'project');
  if (project && project.path.trim().toLowerCase() === node.path.trim().toLowerCase())
    if (!below.some((n) => n.path.trim().toLowerCase() === node.path.trim().toLowerCase())) return project;
  const found = findByPath(below, node.path, '--node');
  return below.find((n) => n.node === found) as Located;
}

/** How to calculate a month: the console's page, or the call. */
function calculateHint(month: string): string {
  return `Calculate it on the cost accounting page of the console (/costaccounting: Recalculate), or as a user with the cost_update permission: POST /eem-service/v1/costaccount/calculate {"month":"${month}"}.`;
}

/** A line of the by-type view: an energy type, the other fees, the apportioned cost, the total. */
export interface TypeRow {
  code: string;
  name: string;
  quantity: number | null;
  unit: string;
  avgPrice: number | null;
  energyCharge: number | null;
  basicCharge: number | null;
  pfAdjustment: number | null;
  total: number;
  source: string;
}

export function typeRows(cost: ObjectCost): TypeRow[] {
  const rows: TypeRow[] = cost.energies.map((e) => ({
    code: String(e.energyType),
    name: e.energyTypeName,
    quantity: e.quantity,
    unit: e.unit,
    avgPrice: e.quantity ? roundTo(e.total / e.quantity, 6) : null,
    energyCharge: e.energyCharge,
    basicCharge: e.basicCharge,
    pfAdjustment: e.pfAdjustment,
    total: e.total,
    source: e.source,
  }));
  const line = (code: string, name: string, total: number): TypeRow => ({
    code,
    name,
    quantity: null,
    unit: '',
    avgPrice: null,
    energyCharge: null,
    basicCharge: null,
    pfAdjustment: null,
    total,
    source: '',
  });
  for (const fee of cost.otherFees) rows.push(line('other', fee.name, fee.amount));
  if (cost.apportionedIn) rows.push(line('apportionedIn', 'Apportioned in', cost.apportionedIn));
  if (cost.apportionedOut) rows.push(line('apportionedOut', 'Apportioned out', -cost.apportionedOut));
  rows.push({
    ...line('total', 'Total', cost.total),
    energyCharge: cost.energyCharge,
    basicCharge: cost.basicCharge,
    pfAdjustment: cost.pfAdjustment,
  });
  return rows;
}

const amountColumn = <R>(key: string, header: string, get: (r: R) => number | null): Column<R> => ({
  key,
  header,
  value: get,
  display: (r) => money(get(r)),
});

export function typeListing(rows: TypeRow[], json: unknown): Listing<TypeRow> {
  const columns: Column<TypeRow>[] = [
    { key: 'code', header: 'Code', value: (r) => r.code, machineOnly: true },
    {
      key: 'name',
      header: 'Type',
      value: (r) => r.name,
      display: (r, p) => (r.code === 'total' ? p.bold(r.name) : r.name),
      shrink: 'text',
    },
    {
      key: 'quantity',
      header: 'Quantity',
      value: (r) => r.quantity,
      display: (r) => (r.quantity === null ? '' : `${quantity(r.quantity)} ${r.unit}`),
    },
    { key: 'unit', header: 'Unit', value: (r) => r.unit, machineOnly: true },
    {
      key: 'avgPrice',
      header: 'Avg price',
      value: (r) => r.avgPrice,
      display: (r) => (r.avgPrice === null ? '' : r.avgPrice.toFixed(4)),
    },
    amountColumn('energyCharge', 'Energy', (r) => r.energyCharge),
    amountColumn('basicCharge', 'Basic', (r) => r.basicCharge),
    amountColumn('pfAdjustment', 'PF', (r) => r.pfAdjustment),
    {
      key: 'total',
      header: 'Total (yuan)',
      value: (r) => r.total,
      display: (r, p) => (r.code === 'total' ? p.bold(money(r.total)) : money(r.total)),
    },
    { key: 'source', header: 'Source', value: (r) => r.source, machineOnly: true },
  ];
  return { columns, rows, json, ndjson: rows };
}

/** A line of the by-child view: a child node that is an accounting object, or the total. */
export interface ChildRow {
  nodeId: number | null;
  node: string;
  scheme: string;
  energyCharge: number | null;
  basicCharge: number | null;
  pfAdjustment: number | null;
  otherFees: number | null;
  apportioned: number | null;
  total: number | null;
  sharePct: number | null;
}

interface ChildCost {
  node: EnergyNode;
  scheme: { id: number; name: string } | null;
  /** null: the child's scheme has not calculated the month (or it is in none). */
  calculatedAt: number | null;
  cost: ObjectCost | null;
}

export function childRows(children: readonly ChildCost[]): ChildRow[] {
  const costed = children.filter((c) => c.cost !== null);
  const total = sumMoney(costed.map((c) => c.cost?.total ?? 0));
  const rows: ChildRow[] = children.map((c) => ({
    nodeId: c.node.id,
    node: c.node.name,
    scheme: c.scheme?.name ?? '',
    energyCharge: c.cost?.energyCharge ?? null,
    basicCharge: c.cost?.basicCharge ?? null,
    pfAdjustment: c.cost?.pfAdjustment ?? null,
    otherFees: c.cost?.otherFeesTotal ?? null,
    apportioned: c.cost ? roundMoney(c.cost.apportionedIn - c.cost.apportionedOut) : null,
    total: c.cost?.total ?? null,
    sharePct: c.cost && total ? roundTo((c.cost.total / total) * 100, 1) : null,
  }));
  const sum = (get: (c: ObjectCost) => number) => sumMoney(costed.map((c) => get(c.cost as ObjectCost)));
  rows.push({
    nodeId: null,
    node: 'Total',
    scheme: '',
    energyCharge: sum((c) => c.energyCharge),
    basicCharge: sum((c) => c.basicCharge),
    pfAdjustment: sum((c) => c.pfAdjustment),
    otherFees: sum((c) => c.otherFeesTotal),
    apportioned: sum((c) => c.apportionedIn - c.apportionedOut),
    total,
    sharePct: costed.length > 0 ? 100 : null,
  });
  return rows;
}

export function childListing(rows: ChildRow[], json: unknown): Listing<ChildRow> {
  const columns: Column<ChildRow>[] = [
    { key: 'nodeId', header: 'Node ID', value: (r) => r.nodeId, machineOnly: true },
    {
      key: 'node',
      header: 'Child',
      value: (r) => r.node,
      display: (r, p) => (r.nodeId === null ? p.bold(r.node) : r.node),
      shrink: 'text',
    },
    { key: 'scheme', header: 'Scheme', value: (r) => r.scheme, machineOnly: true },
    amountColumn('energyCharge', 'Energy', (r) => r.energyCharge),
    amountColumn('basicCharge', 'Basic', (r) => r.basicCharge),
    amountColumn('pfAdjustment', 'PF', (r) => r.pfAdjustment),
    amountColumn('otherFees', 'Other', (r) => r.otherFees),
    amountColumn('apportioned', 'Apport.', (r) => r.apportioned),
    {
      key: 'total',
      header: 'Total (yuan)',
      value: (r) => r.total,
      display: (r, p) => (r.nodeId === null ? p.bold(money(r.total)) : money(r.total)),
    },
    {
      key: 'sharePct',
      header: '%',
      value: (r) => r.sharePct,
      display: (r) => (r.sharePct === null ? '' : r.sharePct.toFixed(1)),
    },
  ];
  return { columns, rows, json, ndjson: rows };
}

/** Whether the month of a results answer was calculated (not a preview). */
const calculated = (answer: ResultsAnswer, month: string) =>
  answer.calculatedAt !== null && !answer.previewMonths.includes(month);

/** Whether the month is the current one of the project's zone (its figures are to date). */
function isCurrent(ctx: Context, month: string, timeZone: string): boolean {
  const p = localParts(ctx.io.now(), timeZone);
  return month === `${p.year}-${String(p.month).padStart(2, '0')}`;
}

/** The header lines a table starts with: the node, the month's days in the project's zone, the scheme. */
function header(
  ctx: Context,
  node: Located,
  month: string,
  timeZone: string,
  scheme: string | null,
  months: readonly string[],
): void {
  const bold = ctx.stdoutPalette.bold;
  const { start, end } = monthBounds(month, timeZone);
  const day = (ms: number) => displayTime(ms, timeZone).slice(0, 10);
  const range =
    months.length > 1
      ? `${months[0]} to ${months.at(-1)} (the scheme's cycle: ${months.length} months to date)`
      : `${day(start)} to ${day(end - 1)}${isCurrent(ctx, month, timeZone) ? ' (to date)' : ''}`;
  ctx.io.stdout.write(
    `${bold('Node')}    ${node.path} (${node.node.id})\n` +
      `${bold('Month')}   ${month}: ${range}, ${timeZone}\n` +
      (scheme === null ? '' : `${bold('Scheme')}  ${scheme}\n`) +
      '\n',
  );
}

async function showByType(
  ctx: Context,
  client: Client,
  node: Located,
  scheme: AccountingScheme,
  month: string,
  timeZone: string,
  output: OutputFlags,
): Promise<void> {
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const answer = await withProgress(ctx, `Reading the cost of ${node.node.name} for ${month}…`, () =>
    client.cost.results({ body: { schemeId: scheme.id, month, nodeIds: [node.node.id] } }),
  );
  const row = answer.rows.find((r) => r.node.id === node.node.id) ?? null;
  const done = calculated(answer, month) && row !== null;
  const schemeRef: SchemeRef = { id: scheme.id, name: scheme.name, cycle: answer.scheme.cycle };
  const json = {
    timeZone: answer.timeZone,
    month,
    months: answer.months,
    node: row?.node ?? { ...node.node, path: node.path },
    scheme: schemeRef,
    calculatedAt: done ? answer.calculatedAt : null,
    cost: done ? row : null,
  };
  if (!done) {
    if (format === 'json') ctx.io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    else if (format === 'csv') await ctx.print(typeListing([], json), output);
    ctx.reporter.note(
      `Nothing calculated for ${month} yet: scheme ${scheme.name} has no results for that month.`,
    );
    ctx.reporter.note(calculateHint(month));
    return;
  }
  const rows = typeRows(row as ObjectCost);
  if (format === 'table') {
    const at = displayTime(answer.calculatedAt as number, timeZone);
    header(ctx, node, month, timeZone, `${scheme.name}, calculated ${at}`, answer.months);
  }
  await ctx.print(typeListing(rows, json), output);
  if (format === 'table') {
    if (isCurrent(ctx, month, timeZone))
      ctx.reporter.note(`${month} is not over: the figures are those of its last calculation.`);
    const bills = (row as ObjectCost).energies.filter((e) => e.source === 'bill');
    if (bills.length > 0)
      ctx.reporter.note('Electricity is costed by the bill of the inlet this node meters (`eem bill show`).');
    const unread = (row as ObjectCost).energies.filter((e) => e.source === 'none');
    if (unread.length > 0)
      ctx.reporter.note(
        `No readings in ${month} (nothing to price): ${unread.map((e) => e.energyTypeName).join(', ')}.`,
      );
  }
}

async function showByChild(
  ctx: Context,
  client: Client,
  node: Located,
  nodes: readonly Located[],
  schemes: readonly AccountingScheme[],
  month: string,
  timeZone: string,
  output: OutputFlags,
): Promise<void> {
  const format = resolveFormat(output, ctx.io.isTTY.stdout);
  const children = (node.node.children ?? []).map((c: NodeTreeItem) => {
    const located = nodes.find((n) => n.node.id === c.id && n.node.modelLabel === c.modelLabel);
    return { located, scheme: schemeOf(schemes, c) };
  });
  const objects = children.filter((c) => c.scheme !== undefined);
  if (objects.length === 0)
    throw new CliError(
      `--node: no child of ${node.node.name} (${node.node.id}) is an accounting object${children.length === 0 ? ' (it has no children)' : ''}`,
      {
        hint: schemeOf(schemes, node.node)
          ? 'It is one itself: see `--by type`.'
          : 'Bind nodes to an accounting scheme on the accounting scheme page of the console (/accountingscheme).',
      },
    );
  // One results call per scheme, for the children that are its objects.
  const bySchemes = new Map<number, number[]>();
  for (const c of objects) {
    const id = c.scheme?.id as number;
    bySchemes.set(id, [...(bySchemes.get(id) ?? []), c.located?.node.id as number]);
  }
  const answers = await withProgress(ctx, `Reading the cost of the children for ${month}…`, () =>
    Promise.all(
      [...bySchemes].map(([schemeId, nodeIds]) =>
        client.cost.results({ body: { schemeId, month, nodeIds } }),
      ),
    ),
  );
  const costs: ChildCost[] = objects.map((c) => {
    const id = c.located?.node.id as number;
    const answer = answers.find((a) => a.scheme.id === c.scheme?.id) as ResultsAnswer;
    const row = answer.rows.find((r) => r.node.id === id) ?? null;
    const done = calculated(answer, month) && row !== null;
    return {
      node: row?.node ?? { ...(c.located as Located).node, path: (c.located as Located).path },
      scheme: { id: answer.scheme.id, name: answer.scheme.name },
      calculatedAt: done ? answer.calculatedAt : null,
      cost: done ? row : null,
    };
  });
  const rows = childRows(costs);
  const json = {
    timeZone,
    month,
    node: { id: node.node.id, modelLabel: node.node.modelLabel, name: node.node.name, path: node.path },
    children: costs,
    total: rows.at(-1)?.total ?? null,
  };
  const none = costs.every((c) => c.cost === null);
  if (none) {
    if (format === 'json') ctx.io.stdout.write(`${JSON.stringify(json, null, 2)}\n`);
    else if (format === 'csv') await ctx.print(childListing([], json), output);
    const names = [...new Set(costs.map((c) => c.scheme?.name))].join(', ');
    ctx.reporter.note(`Nothing calculated for ${month} yet: no results of ${names} for that month.`);
    ctx.reporter.note(calculateHint(month));
    return;
  }
  if (format === 'table') header(ctx, node, month, timeZone, null, [month]);
  await ctx.print(childListing(rows, json), output);
  if (format === 'table') {
    const pending = costs.filter((c) => c.cost === null).map((c) => c.node.name);
    if (pending.length > 0)
      ctx.reporter.note(`Not calculated for ${month} yet (left empty): ${pending.join(', ')}.`);
    const outside = children.filter((c) => c.scheme === undefined).map((c) => c.located?.node.name);
    if (outside.length > 0) ctx.reporter.note(`Not accounting objects (not shown): ${outside.join(', ')}.`);
  }
}

export async function showCost(ctx: Context, flags: CheckedCost, output: OutputFlags): Promise<void> {
  resolveFormat(output, ctx.io.isTTY.stdout);
  const session = await openSession(ctx);
  const projectId = requireProject(session);
  const { client } = session;
  const [nodes, schemes, timeZone] = await withProgress(ctx, 'Reading the project…', () =>
    Promise.all([costNodes(client, projectId), allSchemes(client), projectTimeZone(session, projectId)]),
  );
  const node = resolveNode(nodes, flags.node);
  const month = monthText(flags.month);
  if (flags.by === 'child') {
    await showByChild(ctx, client, node, nodes, schemes, month, timeZone, output);
    return;
  }
  const scheme = schemeOf(schemes, node.node);
  if (!scheme) {
    const objects = (node.node.children ?? []).filter((c) => schemeOf(schemes, c));
    throw new CliError(
      `--node: ${node.node.name} (${node.node.id}) is not an accounting object of any accounting scheme`,
      {
        hint:
          objects.length > 0
            ? `${objects.length === 1 ? 'Its child' : 'Its children'} ${objects
                .slice(0, 5)
                .map((c) => c.name)
                .join(
                  ', ',
                )}${objects.length > 5 ? ', …' : ''} ${objects.length === 1 ? 'is one' : 'are'}: try --by child.`
            : schemes.length === 0
              ? 'The project has no accounting scheme yet: add one on the accounting scheme page of the console (/accountingscheme).'
              : `Bind it to an accounting scheme on the accounting scheme page of the console (/accountingscheme); objects now: ${schemes
                  .flatMap((s) => s.objects.map((o) => o.node.name))
                  .slice(0, 5)
                  .join(', ')}….`,
      },
    );
  }
  await showByType(ctx, client, node, scheme, month, timeZone, output);
}
