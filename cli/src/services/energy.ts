/**
 * `eem energy types|consumption|export`: the project's energy types with their display units,
 * and consumption of nodes per period from the server's rollups (energy/consume/query), with
 * time-of-use bands and a year-on-year or month-on-month column, as a listing or a file
 * (energy/consume/export). Dates given and shown are in the project's time zone, whatever the
 * machine's (`--from 2026-03-01` is midnight there; periods follow its accounting cycle).
 */
import type { NodeTreeItem, ScriptAnswer } from '@eem/contract';
import { DATE_TYPE, type DateType, ENERGY_LIMITS, ENERGY_TYPES, localParts } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError, UsageError } from '../errors.js';
import { type OutputFlags, resolveFormat } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column, Listing } from '../output/render.js';
import { parsePointIds } from './datalog-flags.js';
import { requireProject } from './nodes.js';
import { checkTarget, saveDownload } from './save-download.js';
import { type ActiveSession, openSession } from './session.js';
import { instantOf, parseTimeFlag, projectTimeZone } from './time-flags.js';

/** --interval and the server's date type of each. */
export const ENERGY_INTERVALS: Readonly<Record<string, DateType>> = {
  '1h': DATE_TYPE.hour,
  '1d': DATE_TYPE.day,
  '1w': DATE_TYPE.week,
  '1M': DATE_TYPE.month,
  '1y': DATE_TYPE.year,
};

/** Names `--type` accepts besides the code: the English name in kebab case, and short forms. */
const TYPE_ALIASES: Readonly<Record<string, number>> = {
  power: 2,
  gas: 15,
  air: 18,
  coal: 21,
  tce: 13,
};

function kebab(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** `--type electricity|water|natural-gas|13|…` as the energy type code. */
export function parseEnergyType(value: string | undefined): number {
  if (value === undefined) return 2;
  const text = kebab(value);
  const byCode = /^\d+$/.test(text) ? ENERGY_TYPES.find((t) => t.code === Number(text)) : undefined;
  const found = byCode ?? ENERGY_TYPES.find((t) => kebab(t.enName) === text);
  const code = found?.code ?? TYPE_ALIASES[text];
  if (code === undefined) {
    throw new UsageError(
      `--type must be an energy type name or code (got "${value}")`,
      `One of ${ENERGY_TYPES.map((t) => `${kebab(t.enName)} (${t.code})`).join(', ')}.`,
    );
  }
  return code;
}

export function parseEnergyInterval(value: string | undefined): DateType {
  const key = value === undefined ? '1d' : value.trim();
  const cycle = ENERGY_INTERVALS[key];
  if (cycle === undefined) {
    throw new UsageError(
      `--interval must be one of ${Object.keys(ENERGY_INTERVALS).join(', ')} (got "${value}")`,
    );
  }
  return cycle;
}

/**
 * A time of `--from`/`--to` in the project's zone: a month (YYYY-MM, its 1st) or what every time
 * flag of eem takes (time-flags.ts: a date, a wall time there, an ISO time with an offset).
 */
export function parseZonedTime(value: string, flag: string, timeZone: string): number {
  const text = value.trim();
  try {
    return instantOf(parseTimeFlag(/^\d{4}-\d{2}$/.test(text) ? `${text}-01` : text, flag), timeZone);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new UsageError(
      `${flag} must be a month (YYYY-MM) or ${error.message.slice(`${flag} must be `.length)}`,
    );
  }
}

export interface ConsumptionFlags {
  node?: string | undefined;
  nodePath?: string | undefined;
  children: boolean;
  type?: string | undefined;
  interval?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  tou: boolean;
  compare?: string | undefined;
}

export interface CheckedConsumption {
  /** Node ids, a path, or none (the project itself). */
  source: { kind: 'ids'; ids: number[] } | { kind: 'path'; path: string } | { kind: 'project' };
  children: boolean;
  energyType: number;
  cycle: DateType;
  from: string;
  to: string | undefined;
  tou: boolean;
  compare: 'yoy' | 'mom' | undefined;
}

/** The flags checked before anything is sent (the times need the project's zone: later). */
export function checkConsumption(flags: ConsumptionFlags): CheckedConsumption {
  if (flags.node !== undefined && flags.nodePath !== undefined)
    throw new UsageError('give --node or --node-path, not both');
  let source: CheckedConsumption['source'] = { kind: 'project' };
  if (flags.node !== undefined) {
    const ids = parsePointIds(flags.node, '--node');
    if (ids.length > ENERGY_LIMITS.bulkNodes)
      throw new UsageError(`--node: at most ${ENERGY_LIMITS.bulkNodes} nodes (got ${ids.length})`);
    source = { kind: 'ids', ids };
  } else if (flags.nodePath !== undefined) {
    if (flags.nodePath.trim() === '')
      throw new UsageError('--node-path must name a node, e.g. "Building A/Floor 1"');
    source = { kind: 'path', path: flags.nodePath };
  }
  if (flags.children && source.kind === 'ids' && source.ids.length !== 1)
    throw new UsageError('--children needs exactly one node (its children are the rows)');
  if (flags.from === undefined)
    throw new UsageError("--from is required (YYYY-MM-DD, in the project's time zone)");
  const compare = flags.compare?.trim();
  if (compare !== undefined && compare !== 'yoy' && compare !== 'mom')
    throw new UsageError(`--compare must be yoy or mom (got "${flags.compare}")`);
  const energyType = parseEnergyType(flags.type);
  if (flags.tou && energyType !== 2)
    throw new UsageError('--tou: time-of-use bands are for electricity only');
  return {
    source,
    children: flags.children,
    energyType,
    cycle: parseEnergyInterval(flags.interval),
    from: flags.from,
    to: flags.to,
    tou: flags.tou,
    compare,
  };
}

export interface Located {
  node: NodeTreeItem;
  path: string;
}

/** The project's tree as a flat list with the names below the project joined by ' / '. */
export async function projectNodes(
  client: Client,
  projectId: number,
  read?: readonly NodeTreeItem[],
): Promise<Located[]> {
  const tree =
    read ??
    (await client.nodes.nodeTreeSimple({
      body: { rootID: projectId, rootLabel: 'project', treeReturnEnable: true },
    }));
  const out: Located[] = [];
  const walk = (items: readonly NodeTreeItem[], prefix: string) => {
    for (const item of items) {
      const path = item.modelLabel === 'project' ? '' : prefix ? `${prefix} / ${item.name}` : item.name;
      if (item.modelLabel !== 'project') out.push({ node: item, path });
      walk(item.children ?? [], path);
    }
  };
  walk(tree, '');
  return out;
}

const pathKey = (path: string) =>
  path
    .split('/')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '')
    .join('/');

/** The node a path names ("Building A/Floor 1", case ignored), or an error naming what exists. */
export function findByPath(nodes: readonly Located[], path: string, flag = '--node-path'): NodeTreeItem {
  const key = pathKey(path);
  const found = nodes.filter((n) => pathKey(n.path) === key);
  if (found.length === 1 && found[0]) return found[0].node;
  if (found.length > 1)
    throw new CliError(
      `${flag} "${path}" names ${found.length} nodes: ${found.map((n) => n.node.id).join(', ')}`,
      {
        hint: 'Give --node ID instead.',
      },
    );
  const parent = key.split('/').slice(0, -1).join('/');
  const siblings = nodes.filter((n) => pathKey(n.path).split('/').slice(0, -1).join('/') === parent);
  throw new CliError(`${flag}: no node "${path}" in this project`, {
    hint:
      siblings.length > 0
        ? `There: ${siblings
            .slice(0, 8)
            .map((n) => n.node.name)
            .join(', ')}${siblings.length > 8 ? ', …' : ''}. See \`eem nodes tree\`.`
        : 'See `eem nodes tree` for the names.',
  });
}

interface Prepared {
  session: ActiveSession;
  timeZone: string;
  body: {
    nodes: { id: number; modelLabel: string }[];
    children: boolean;
    energyType: number;
    startTime: number;
    endTime: number;
    cycle: DateType;
    tou: boolean;
    compare?: 'yoy' | 'mom';
  };
}

/** The session, the project's zone and the body of the query the checked flags ask for. */
async function prepare(ctx: Context, checked: CheckedConsumption): Promise<Prepared> {
  const session = await openSession(ctx);
  const projectId = requireProject(session);
  const { client } = session;
  const [timeZone, nodes] = await withProgress(ctx, 'Reading the project…', () =>
    Promise.all([
      projectTimeZone(session, projectId),
      checked.source.kind === 'project' ? Promise.resolve([]) : projectNodes(client, projectId),
    ]),
  );
  const startTime = parseZonedTime(checked.from, '--from', timeZone);
  const endTime = checked.to === undefined ? ctx.io.now() : parseZonedTime(checked.to, '--to', timeZone);
  if (endTime <= startTime) throw new UsageError('--to must be later than --from');
  let refs: { id: number; modelLabel: string }[];
  const source = checked.source;
  if (source.kind === 'project') refs = [{ id: projectId, modelLabel: 'project' }];
  else if (source.kind === 'path') {
    const node = findByPath(nodes, source.path);
    refs = [{ id: node.id, modelLabel: node.modelLabel }];
  } else
    refs = source.ids.map((id) => {
      const found = nodes.find((n) => n.node.id === id);
      if (!found)
        throw new CliError(`--node: no node ${id} in the tree of project ${projectId}`, {
          hint: 'See `eem nodes tree` for the ids.',
        });
      return { id, modelLabel: found.node.modelLabel };
    });
  return {
    session,
    timeZone,
    body: {
      nodes: refs,
      children: checked.children,
      energyType: checked.energyType,
      startTime,
      endTime,
      cycle: checked.cycle,
      tou: checked.tou,
      ...(checked.compare ? { compare: checked.compare } : {}),
    },
  };
}

/** A period start as the project's calendar names it at this interval. */
export function periodText(ms: number, cycle: number, timeZone: string): string {
  const p = localParts(ms, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${p.year}-${two(p.month)}-${two(p.day)}`;
  if (cycle === DATE_TYPE.hour) return `${day} ${two(p.hour)}:${two(p.minute)}`;
  if (cycle === DATE_TYPE.year) return String(p.year);
  if (cycle === DATE_TYPE.month && p.day === 1 && p.hour === 0) return `${p.year}-${two(p.month)}`;
  return p.hour === 0 && p.minute === 0 ? day : `${day} ${two(p.hour)}:${two(p.minute)}`;
}

/** One row: a node in a period. */
export interface ConsumptionRow {
  nodeId: number;
  node: string;
  path: string;
  time: number;
  value: number | null;
  sharp?: number | null;
  peak?: number | null;
  flat?: number | null;
  valley?: number | null;
  compare?: number | null;
  /** The change against the compared value, in percent. */
  change?: number | null;
}

const round = (v: number | null | undefined, digits = 3): number | null =>
  v === null || v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits;

export function consumptionRows(answer: ScriptAnswer): ConsumptionRow[] {
  const rows: ConsumptionRow[] = [];
  for (const s of answer.series)
    answer.times.forEach((time, i) => {
      const value = s.values[i] ?? null;
      const row: ConsumptionRow = { nodeId: s.node.id, node: s.node.name, path: s.node.path, time, value };
      if (s.bands) {
        row.sharp = s.bands.sharp[i] ?? null;
        row.peak = s.bands.peak[i] ?? null;
        row.flat = s.bands.flat[i] ?? null;
        row.valley = s.bands.valley[i] ?? null;
      }
      if (answer.compare) {
        const before = s.compare?.[i] ?? null;
        row.compare = before;
        row.change =
          value !== null && before !== null && before !== 0
            ? round(((value - before) / before) * 100, 1)
            : null;
      }
      rows.push(row);
    });
  return rows;
}

/** A table cell: one decimal from 100 up, three below (machine formats keep three). */
const num = (v: number | null | undefined) =>
  v === null || v === undefined ? '' : String(round(v, Math.abs(v) >= 100 ? 1 : 3));

/**
 * The listing of an answer. For a table (`forTable`), the nodes nothing measures for this
 * energy type and the bands that are empty in every period are left out (the caller says so),
 * so that it fits 80 columns; machine formats keep every row and column.
 */
export function consumptionListing(answer: ScriptAnswer, forTable = false): Listing<ConsumptionRow> {
  const all = consumptionRows(answer);
  const shownNodes = new Set(answer.series.filter((s) => !forTable || s.metered).map((s) => s.node.id));
  const rows = all.filter((r) => shownNodes.has(r.nodeId));
  const single = answer.series.length === 1;
  const bands = answer.series.some((s) => s.bands);
  const unit = answer.unit;
  const columns: Column<ConsumptionRow>[] = [
    {
      key: 'time',
      header: 'Period',
      value: (r) => r.time,
      time: true,
      display: (r) => periodText(r.time, answer.cycle, answer.timeZone),
    },
    { key: 'nodeId', header: 'Node ID', value: (r) => r.nodeId, machineOnly: true },
    ...(single ? [] : [{ key: 'node', header: 'Node', value: (r: ConsumptionRow) => r.node }]),
    { key: 'path', header: 'Path', value: (r) => r.path, machineOnly: true },
    {
      key: 'value',
      header: unit,
      value: (r) => round(r.value),
      display: (r) => num(r.value),
    },
  ];
  if (bands)
    for (const band of ['sharp', 'peak', 'flat', 'valley'] as const) {
      if (forTable && rows.every((r) => !r[band])) continue;
      columns.push({
        key: band,
        header: band[0]?.toUpperCase() + band.slice(1),
        value: (r) => round(r[band]),
        display: (r) => num(r[band]),
      });
    }
  if (answer.compare) {
    columns.push({
      key: 'compare',
      header: answer.compare === 'yoy' ? 'Yoy' : 'Mom',
      value: (r) => round(r.compare),
      display: (r) => num(r.compare),
    });
    columns.push({
      key: 'change',
      header: 'Δ %',
      value: (r) => r.change ?? null,
      display: (r) =>
        r.change === null || r.change === undefined ? '' : `${r.change > 0 ? '+' : ''}${r.change}`,
    });
  }
  return { columns, rows, json: answer, ndjson: rows };
}

export async function showConsumption(
  ctx: Context,
  flags: ConsumptionFlags,
  output: OutputFlags,
): Promise<void> {
  const checked = checkConsumption(flags);
  const prepared = await prepare(ctx, checked);
  const answer = await withProgress(ctx, 'Summing the consumption…', () =>
    prepared.session.client.energy.consumeQuery({ body: prepared.body }),
  );
  const table = resolveFormat(output, ctx.io.isTTY.stdout) === 'table';
  await ctx.print(consumptionListing(answer, table), output);
  if (table) {
    ctx.reporter.note(`Periods in ${answer.timeZone} (the project's zone), ${answer.unit}.`);
    const unmetered = answer.series.filter((s) => !s.metered).map((s) => s.node.name);
    if (answer.series.length === 0) ctx.reporter.note('No nodes: the node has no children.');
    else if (unmetered.length === answer.series.length)
      ctx.reporter.note('No meter or manual entry measures these nodes for this energy type.');
    else if (unmetered.length > 0)
      ctx.reporter.note(`Not measured for this energy type (left out): ${unmetered.join(', ')}.`);
    const bands = answer.series.find((s) => s.bands)?.bands;
    if (bands) {
      const empty = (['sharp', 'peak', 'flat', 'valley'] as const).filter((b) =>
        answer.series.every((s) => !s.metered || (s.bands?.[b] ?? []).every((v) => !v)),
      );
      if (empty.length > 0) ctx.reporter.note(`No ${empty.join(', ')} consumption in these periods.`);
    }
  }
}

/** --format, else the file's extension, else xlsx; csv for -o -. */
export function energyExportFormat(format: string | undefined, target: string): 'xlsx' | 'csv' {
  if (format !== undefined) {
    const f = format.trim().toLowerCase();
    if (f !== 'xlsx' && f !== 'csv') throw new UsageError(`--format must be xlsx or csv (got "${format}")`);
    if (f === 'xlsx' && target === '-')
      throw new UsageError(
        '-o -: an xlsx workbook cannot go to stdout',
        'Give -o FILE.xlsx, or --format csv.',
      );
    return f;
  }
  if (target === '-') return 'csv';
  return /\.csv$/i.test(target) ? 'csv' : 'xlsx';
}

export interface EnergyExportFlags extends ConsumptionFlags {
  format?: string | undefined;
  output?: string | undefined;
  force: boolean;
}

export async function exportConsumption(ctx: Context, flags: EnergyExportFlags): Promise<void> {
  const checked = checkConsumption(flags);
  if (flags.output === undefined) throw new UsageError('-o FILE is required (- for stdout, csv only)');
  const target = flags.output;
  const format = energyExportFormat(flags.format, target);
  const save = { target, force: flags.force, flag: '-o' };
  checkTarget(ctx, save);
  const prepared = await prepare(ctx, checked);
  const file = await withProgress(ctx, `Exporting the consumption (${format})…`, () =>
    prepared.session.client.energy.consumeExport.download({ body: { ...prepared.body, format } }),
  );
  const written = await saveDownload(ctx, file, save);
  if (written.path !== '-')
    ctx.reporter.success(`Wrote ${written.path} (${written.bytes} bytes, ${format}).`);
}

/** `eem energy types`: the energy types of the project with their display units. */
export async function listEnergyTypes(ctx: Context, all: boolean, output: OutputFlags): Promise<void> {
  const session = await openSession(ctx);
  requireProject(session);
  const types = await withProgress(ctx, 'Loading the energy types…', () =>
    session.client.energy.energyTypes(),
  );
  const shown = all ? types : types.filter((t) => t.used);
  type T = (typeof types)[number];
  const columns: Column<T>[] = [
    { key: 'energyType', header: 'Code', value: (t) => t.energyType },
    { key: 'name', header: 'Name', value: (t) => t.name },
    { key: 'kind', header: 'Kind', value: (t) => t.kind },
    { key: 'unit', header: 'Unit', value: (t) => t.unit },
    { key: 'baseUnit', header: 'Base unit', value: (t) => t.baseUnit, machineOnly: true },
    { key: 'multiplier', header: 'Multiplier', value: (t) => t.multiplier, machineOnly: true },
    { key: 'coalFactor', header: 'tce per base unit', value: (t) => t.coalFactor },
    { key: 'meters', header: 'Meters', value: (t) => t.meters },
  ];
  await ctx.print({ columns, rows: shown, json: shown }, output);
}
