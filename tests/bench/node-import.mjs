// Node batch import end to end against a bare exceljs + better-sqlite3 baseline, in one run.
// The server (built, as a child on a temp data dir, simulator on) imports a 20,000-node
// workbook made in the template's sheets and columns: the time runs from the start of the
// upload to the task's success as the progress channel (/eem-ws/notice/{userId}, the SDK's
// realtime helper) reports it. The baseline (node-import-baseline.mjs, its own process) reads
// the same bytes with exceljs and inserts the same rows with one prepared statement in one
// transaction. Turns alternate; medians are reported. Peak RSS is the kernel's high-water mark
// (VmHWM) of each process, reset (clear_refs 5) just before its turn. Target: the server
// reaches at least 60% of the baseline's rate.
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, openProgressChannel } from '@eem/sdk';
import Database from 'better-sqlite3';
import { median, peakMiB, resetPeak } from './measure.mjs';
import { nodeWorkbook } from './node-workbook.mjs';
import { spawnListening } from './spawn.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const NODES = 20_000;
const TURNS = Number(process.env.BENCH_NODE_TURNS ?? 7);
const TARGET = 0.6;
const PASSWORD = 'Eem@2026demo';

/** Follows tasks on the progress channel; `ended(id)` resolves with the task once it has ended. */
function followTasks(client, userId) {
  const ends = new Map();
  const waiting = new Map();
  let opened;
  const open = new Promise((resolve) => {
    opened = resolve;
  });
  const channel = openProgressChannel(client, {
    userId,
    onStatus: (status) => {
      if (status === 'open') opened();
    },
    onTask: (task) => {
      if (task.status === 2) return;
      ends.set(task.id, task);
      waiting.get(task.id)?.(task);
    },
  });
  return {
    open,
    close: () => channel.close(),
    ended: (id) =>
      new Promise((resolve, reject) => {
        const known = ends.get(id);
        if (known) return resolve(known);
        const timer = setTimeout(() => reject(new Error(`task ${id} did not end in 120 s`)), 120_000);
        waiting.set(id, (task) => {
          clearTimeout(timer);
          resolve(task);
        });
      }),
  };
}

function baselineChild() {
  const proc = fork(join(here, 'node-import-baseline.mjs'), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let next = null;
  proc.on('message', (message) => next?.(message));
  const answer = () =>
    new Promise((resolve) => {
      next = resolve;
    });
  const ready = answer();
  return {
    pid: () => proc.pid,
    ready,
    run: async (file) => {
      const reply = answer();
      proc.send({ file });
      const result = await reply;
      if (result.error) throw new Error(result.error);
      return result;
    },
    stop: () => proc.kill('SIGTERM'),
  };
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eem-bench-nodes-'));
  const server = spawnListening([join(here, '../../packages/server/dist/main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_SIMULATOR: 'on',
    EEM_HISTORY_DAYS: '0',
  });
  const baseline = baselineChild();
  let tasks;
  let sqlite;
  try {
    const url = await server.url;
    const session = await createClient({ baseUrl: url }).login('tenant-admin', PASSWORD);
    const probe = createClient({ baseUrl: url, token: session.token });
    const project = (await probe.projects.projects()).find((p) => p.code === 'SH-01');
    if (!project) throw new Error('no project SH-01');
    const client = createClient({ baseUrl: url, token: session.token, projectId: project.id });
    const template = await (
      await client.nodes.importTemplate.download({ query: { scope: 'all' } })
    ).arrayBuffer();
    const data = await nodeWorkbook(template, NODES, 'Bench');
    const file = join(dataDir, 'bench-20000.xlsx');
    writeFileSync(file, data);
    tasks = followTasks(client, session.user.id);
    await tasks.open;
    await baseline.ready;

    // The nodes of a turn are removed before the next one (straight from the SQLite file), so
    // every turn imports into the same project state.
    sqlite = new Database(join(dataDir, 'eem.sqlite3'));
    sqlite.pragma('busy_timeout = 10000');
    const lastId = () => sqlite.prepare('select coalesce(max(id), 0) as id from nodes').get().id;

    const serverTurn = async () => {
      const before = lastId();
      const peakKnown = resetPeak(server.child.pid);
      const started = performance.now();
      const task = await client.nodes.batchImport.upload({
        body: { dryRun: false },
        files: [{ name: 'bench-20000.xlsx', data }],
      });
      const ended = await tasks.ended(task.id);
      const ms = performance.now() - started;
      const peak = peakKnown ? peakMiB(server.child.pid) : undefined;
      if (ended.status !== 3 || !ended.message.includes(`${NODES} nodes imported`))
        throw new Error(`the import failed: ${ended.message}`);
      sqlite.prepare('delete from nodes where project_id = ? and id > ?').run(project.id, before);
      return { ms, peak };
    };
    const baselineTurn = async () => {
      const peakKnown = resetPeak(baseline.pid());
      const result = await baseline.run(file);
      if (result.rows !== NODES) throw new Error(`the baseline wrote ${result.rows} rows`);
      return { ms: result.ms, peak: peakKnown ? peakMiB(baseline.pid()) : undefined };
    };

    // One warm-up turn each (not counted), then alternating turns.
    await baselineTurn();
    await serverTurn();
    const ours = [];
    const base = [];
    for (let turn = 0; turn < TURNS; turn++) {
      base.push(await baselineTurn());
      ours.push(await serverTurn());
      process.stderr.write(
        `  turn ${turn + 1}: server ${Math.round(ours.at(-1).ms)} ms, baseline ${Math.round(base.at(-1).ms)} ms\n`,
      );
    }

    const rate = (turns) => NODES / (median(turns.map((t) => t.ms)) / 1000);
    // The ratio of each turn (server rate over the baseline rate of the same turn), median.
    const ratio = median(ours.map((t, i) => base[i].ms / t.ms));
    const peak = (turns) => {
      const known = turns.map((t) => t.peak).filter((p) => p !== undefined);
      return known.length > 0 ? Math.max(...known) : undefined;
    };
    const rows = [
      { case: 'exceljs read + one prepared insert (baseline)', value: rate(base), unit: 'rows/s' },
      {
        case: 'eem-server import: upload, validate, write',
        value: rate(ours),
        unit: 'rows/s',
        baseline: rate(base),
        ratio,
        target: `≥ ${TARGET} × baseline`,
        met: ratio >= TARGET,
      },
      { case: 'baseline, median time', value: median(base.map((t) => t.ms)), unit: 'ms' },
      { case: 'server, median time', value: median(ours.map((t) => t.ms)), unit: 'ms' },
    ];
    const basePeak = peak(base);
    const ourPeak = peak(ours);
    if (basePeak !== undefined)
      rows.push({ case: 'baseline process, peak RSS', value: basePeak, unit: 'MiB' });
    if (ourPeak !== undefined)
      rows.push({
        case: 'server process, peak RSS during the import',
        value: ourPeak,
        unit: 'MiB',
        ...(basePeak !== undefined ? { baseline: basePeak, ratio: ourPeak / basePeak } : {}),
      });
    return {
      name: 'node-import',
      title: 'Node batch import, 20,000 nodes end to end',
      description: `A ${NODES.toLocaleString('en-US')}-node workbook (${(data.length / 1024).toFixed(0)} KiB; the template's 12 node sheets and columns: 8 buildings, 64 floors, 640 rooms, cabinets, transformers, line segments, meters, devices, 4 pipe networks with pipes, valves and pumps; enumerations as numbers, Chinese and English texts) imported into a project of the built server (child process, SQLite in a temp dir, simulator on) by tenant-admin through the SDK: from the start of the upload to the task's success as the progress channel /eem-ws/notice/{userId} reports it (the SDK's realtime helper, no polling), so upload, every row's check, the all-or-nothing write with progress and the notice are all inside. The baseline, in its own process, reads the same bytes with exceljs's streaming reader (about twice as fast as xlsx.load; the file as it is, no styles) and inserts the same rows with one prepared better-sqlite3 statement in one transaction into a table of the same shape (same indexes) in a fresh SQLite file, checking nothing. One warm-up turn each, then ${TURNS} alternating turns; rates from the median times, the ratio is the median of the per-turn ratios; the imported nodes are deleted between turns. Peak RSS: the kernel's high-water mark (VmHWM) of each process, reset just before each turn, highest over the turns.`,
      rows,
    };
  } finally {
    tasks?.close();
    sqlite?.close();
    baseline.stop();
    await server.stop();
    if (existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  }
}
