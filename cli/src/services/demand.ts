/**
 * `eem demand status`: each inlet's 15-minute demand now against its declared demand and
 * warning levels, and the month's maximum so far with its time, as /demandmonitor's cards show
 * them (device-demand/realtime). Also the inlet lookup `eem bill show --inlet` shares: an
 * inlet by id, name or code among the project's.
 */
import type { Inlet } from '@eem/contract';
import { DEMAND_LIMITS } from '@eem/core';
import type { Client } from '@eem/sdk';
import type { Context } from '../context.js';
import { CliError } from '../errors.js';
import type { Palette } from '../output/colour.js';
import type { OutputFlags } from '../output/format.js';
import { withProgress } from '../output/progress.js';
import type { Column, Listing } from '../output/render.js';
import { displayTime } from '../output/time.js';
import { ALARM_COLOURS } from './events-colours.js';
import { requireProject } from './nodes.js';
import { openSession } from './session.js';

type Realtime = Awaited<ReturnType<Client['demand']['realtime']>>;
export type DemandNow = Realtime['inlets'][number];

/** The colours of warning levels 1 (lowest, blue) to 4 (highest, red), the alarm palette's. */
const LEVEL_COLOURS: Readonly<Record<number, string>> = {
  1: ALARM_COLOURS[3],
  2: ALARM_COLOURS[4],
  3: ALARM_COLOURS[2],
  4: ALARM_COLOURS[1],
};

/** kW as people read it: one decimal (the meters' resolution is coarser). */
export const kw = (v: number | null | undefined): string =>
  v === null || v === undefined ? '' : v.toFixed(1);

const round = (v: number | null | undefined, digits: number): number | null =>
  v === null || v === undefined ? null : Math.round(v * 10 ** digits) / 10 ** digits;

/**
 * The level cell: the level reached and its threshold ("2 ≥475.0"), else below the first
 * level ("<450.0"), or "off" when the inlet has no warning levels.
 */
export function levelText(row: DemandNow): string {
  const reached = row.levels.find((l) => l.level === row.level);
  if (row.level > 0 && reached) return `${row.level} ≥${kw(reached.kw)}`;
  const first = [...row.levels].sort((a, b) => a.level - b.level)[0];
  return first ? `<${kw(first.kw)}` : 'off';
}

function paintedLevel(row: DemandNow, palette: Palette): string {
  const text = levelText(row);
  const colour = LEVEL_COLOURS[row.level];
  if (!colour) return text;
  return row.level >= 3 ? palette.hex(colour).bold(text) : palette.hex(colour)(text);
}

export function demandListing(answer: Realtime): Listing<DemandNow> {
  const zone = answer.timeZone;
  const columns: Column<DemandNow>[] = [
    { key: 'inletId', header: 'Inlet ID', value: (r) => r.inlet.id, machineOnly: true },
    { key: 'inlet', header: 'Inlet', value: (r) => r.inlet.name, shrink: 'text' },
    { key: 'busSegment', header: 'Bus segment', value: (r) => r.inlet.busSegment, machineOnly: true },
    { key: 'windowType', header: 'Window', value: (r) => r.windowType, machineOnly: true },
    { key: 'demandKw', header: 'kW', value: (r) => round(r.demandKw, 3), display: (r) => kw(r.demandKw) },
    {
      key: 'predictedKw',
      header: 'Predicted',
      value: (r) => round(r.predictedKw, 3),
      machineOnly: true,
    },
    { key: 'activeKw', header: 'Active', value: (r) => round(r.activeKw, 3), machineOnly: true },
    { key: 'declaredKw', header: 'Declared', value: (r) => r.declaredKw, display: (r) => kw(r.declaredKw) },
    {
      key: 'utilizationPct',
      header: '%',
      value: (r) => round(r.utilizationPct, 1),
      display: (r) => (r.utilizationPct === null ? '' : r.utilizationPct.toFixed(1)),
    },
    {
      key: 'level',
      header: 'Level',
      value: (r) => r.level,
      display: (r, palette) => paintedLevel(r, palette),
    },
    {
      key: 'levels',
      header: 'Levels',
      value: (r) => r.levels.map((l) => `${l.level}:${l.kw}`).join(' '),
      machineOnly: true,
    },
    {
      key: 'monthMaxKw',
      header: 'Month max',
      value: (r) => round(r.monthMax?.kw, 3),
      display: (r) => kw(r.monthMax?.kw),
    },
    {
      key: 'monthMaxAt',
      header: 'At',
      value: (r) => r.monthMax?.at ?? null,
      time: true,
      display: (r) => displayTime(r.monthMax?.at, zone),
    },
    { key: 'transformerKva', header: 'kVA', value: (r) => r.transformerKva, machineOnly: true },
    { key: 'updatedAt', header: 'Updated', value: (r) => r.updatedAt, time: true, machineOnly: true },
  ];
  return { columns, rows: answer.inlets, json: answer, ndjson: answer.inlets };
}

/** Data older than this is called out under the table: the meter has stopped reporting. */
const STALE_MS = 30 * 60_000;

export async function showDemandStatus(ctx: Context, output: OutputFlags): Promise<void> {
  const session = await openSession(ctx);
  requireProject(session);
  const answer = await withProgress(ctx, 'Reading the demand…', () =>
    session.client.demand.realtime({ body: {} }),
  );
  const format = await ctx.print(demandListing(answer), output);
  if (format !== 'table') return;
  const zone = answer.timeZone;
  if (answer.inlets.length === 0) {
    ctx.reporter.note('This project has no inlets: they are set up on /inletwiremanage in the console.');
    return;
  }
  ctx.reporter.note('KW: 15-minute demand now; %: of declared; LEVEL: reached (≥ kW) or below.');
  ctx.reporter.note('MONTH MAX: the highest demand since the 1st, and when.');
  ctx.reporter.note(`Times in ${zone} (the project's zone), now ${displayTime(answer.time, zone)}.`);
  const silent = answer.inlets.filter(
    (r) => r.demandKw === null || r.updatedAt === null || answer.time - r.updatedAt > STALE_MS,
  );
  for (const r of silent)
    ctx.reporter.warn(
      r.updatedAt === null
        ? `${r.inlet.name}: its meter has no readings.`
        : `${r.inlet.name}: no reading since ${displayTime(r.updatedAt, zone)}.`,
    );
}

/** Every inlet of the current project (a project has at most DEMAND_LIMITS.inlets). */
export async function projectInlets(client: Client): Promise<Inlet[]> {
  const answer = await client.demand.inlets({
    body: { page: { index: 0, limit: DEMAND_LIMITS.inlets } },
  });
  return answer.list;
}

const fold = (text: string) => text.trim().toLowerCase();

/**
 * The inlet `--inlet` names: an id, else a name, else a code (case ignored); an error that
 * names what exists otherwise.
 */
export function findInlet(inlets: readonly Inlet[], wanted: string): Inlet {
  const text = fold(wanted);
  const byId = /^\d+$/.test(text) ? inlets.find((i) => i.id === Number(text)) : undefined;
  if (byId) return byId;
  const byName = inlets.filter((i) => fold(i.name) === text);
  const byCode = inlets.filter((i) => i.code !== '' && fold(i.code) === text);
  const found = byName.length > 0 ? byName : byCode;
  if (found.length === 1 && found[0]) return found[0];
  if (found.length > 1)
    throw new CliError(
      `--inlet "${wanted}" names ${found.length} inlets: ${found.map((i) => i.id).join(', ')}`,
      {
        hint: 'Give the inlet id instead.',
      },
    );
  const names = inlets.slice(0, 8).map((i) => `${i.name} (${i.id})`);
  throw new CliError(`--inlet: no inlet "${wanted}" in this project`, {
    hint:
      inlets.length === 0
        ? 'This project has no inlets.'
        : `Its inlets: ${names.join(', ')}${inlets.length > 8 ? ', …' : ''}. See \`eem demand status\`.`,
  });
}
