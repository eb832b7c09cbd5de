// `eem notices tail` under load, side by side with a plain WebSocket client in one run:
// - rate: 10,000 notices published to one user at once, printed by `eem notices tail --json` to a
//   pipe, against notices-tail-baseline.mjs (the `ws` package writing the same JSON lines);
//   target: eem at least 80 % of the baseline's rate;
// - CPU per notice of each process (utime + stime from /proc), and of the terminal mode
//   (`eem notices tail` on a pseudo-terminal made by `script`, drawing through Ink);
// - end-to-end latency from publish (the notice's stored time) to the line read from the
//   printer's stdout, for 300 notices published one at a time (p50, p99).
// The server is the reference server in a child process (fanout-server.mjs), publishing on demand.
import { fork, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './measure.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const EEM = join(root, 'cli/bin/eem.cjs');
const COUNT = Number(process.env.BENCH_TAIL_COUNT ?? 10_000);
const LATENCY_SAMPLES = 300;
const TURNS = Number(process.env.BENCH_TAIL_TURNS ?? 5);
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU time (user + system) of a process so far, in ms (Linux). */
function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitFor(what, check, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`notices-tail bench: timed out waiting for ${what}`);
    await sleep(5);
  }
}

/**
 * A printer process: its stdout lines are counted (and each one's arrival time kept while
 * `stamps` is on). `ready` is the text its stderr says once it listens.
 */
function printer(command, args, env, ready) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  let partial = '';
  const state = { lines: 0, stamps: null, child };
  child.stdout.on('data', (chunk) => {
    const text = partial + chunk.toString();
    const parts = text.split('\n');
    partial = parts.pop() ?? '';
    state.lines += parts.length;
    if (state.stamps) {
      const now = Date.now();
      for (const line of parts) state.stamps.push(now - JSON.parse(line).time);
    }
  });
  child.stderr.on('data', (chunk) => {
    err += chunk.toString();
  });
  state.started = waitFor(`${ready} from ${args.join(' ')}`, () => err.includes(ready), 60_000).catch(
    (error) => {
      throw new Error(`${error.message}\n${err}`);
    },
  );
  state.stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGINT');
    });
  return state;
}

/** Publishes `count` notices (batches of 500) and resolves when the server has stored them. */
function publish(server, count, batch = 500) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message.published !== undefined) {
        server.off('message', onMessage);
        resolve();
      }
    };
    server.on('message', onMessage);
    server.send({ publish: count, batch });
  });
}

/** Rate, CPU per notice and latency of one printer. */
async function measure(server, p) {
  await p.started;
  const pid = p.child.pid;
  // Warm up: a few notices through the whole path.
  let expected = p.lines + 50;
  await publish(server, 50);
  await waitFor('warm-up lines', () => p.lines >= expected);
  const cpu0 = cpuMs(pid);
  const t0 = performance.now();
  expected = p.lines + COUNT;
  await publish(server, COUNT);
  await waitFor(`${COUNT} lines`, () => p.lines >= expected);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = cpuMs(pid) - cpu0;
  p.stamps = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    await publish(server, 1, 1);
    await sleep(5);
  }
  expected = p.lines;
  await waitFor('latency lines', () => p.stamps.length >= LATENCY_SAMPLES);
  const latencies = p.stamps;
  await p.stop();
  return {
    rate: COUNT / seconds,
    cpuPerNotice: cpu / COUNT,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

/** `eem notices tail` on a pseudo-terminal (script), its CPU per notice while Ink draws. */
async function measureTerminal(server, env, dir) {
  const typescript = join(dir, 'tty.typescript');
  const command = `exec ${process.execPath} ${EEM} notices tail`;
  const child = spawn('script', ['-qfc', command, typescript], {
    env: { ...env, TERM: 'xterm-256color', COLUMNS: '160', LINES: '40' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  child.stdout.on('data', (chunk) => {
    screen = (screen + chunk.toString()).slice(-4096);
  });
  await waitFor('the terminal tail to connect', () => /connected · \d+ notices?/.test(screen), 60_000);
  // script runs the shell, which execs node: the node process is script's child.
  const children = readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/);
  const pid = Number(children[0]);
  const count = () => Number(/connected · (\d+) notices/.exec(screen.slice(-400))?.[1] ?? -1);
  const before = Math.max(0, count());
  const cpu0 = cpuMs(pid);
  await publish(server, COUNT);
  await waitFor('the terminal tail to count every notice', () => count() >= before + COUNT);
  const cpu = cpuMs(pid) - cpu0;
  process.kill(pid, 'SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  return { cpuPerNotice: cpu / COUNT };
}

export async function run() {
  const dir = mkdtempSync(join(tmpdir(), 'eem-bench-tail-'));
  const server = fork(join(here, 'fanout-server.mjs'), { stdio: 'inherit' });
  try {
    const info = await new Promise((resolve) => server.once('message', resolve));
    const env = { PATH: process.env.PATH ?? '', HOME: dir, XDG_CONFIG_HOME: join(dir, 'config') };
    const login = spawnSync(
      process.execPath,
      [EEM, 'login', '--server', info.url, '-u', 'operator-sh', '--password-stdin', '--insecure-storage'],
      { env, input: 'Eem@2026demo\n', encoding: 'utf8' },
    );
    if (login.status !== 0) throw new Error(`eem login failed: ${login.stderr}`);
    const token = readFileSync(join(dir, 'config/eem/tokens/default.token'), 'utf8').trim();
    const wsUrl = `${info.url.replace('http', 'ws')}/messageServer/websocket/${info.userId}`;

    // Alternating turns, baseline first; medians, and the ratio as the median of the turns'.
    const turns = [];
    for (let turn = 0; turn < TURNS; turn++) {
      const base = await measure(
        server,
        printer(
          process.execPath,
          [join(here, 'notices-tail-baseline.mjs'), wsUrl],
          { ...env, TOKEN: token },
          'ready',
        ),
      );
      const ours = await measure(
        server,
        printer(process.execPath, [EEM, 'notices', 'tail', '--json'], env, 'connected; waiting'),
      );
      turns.push({ base, ours });
      process.stderr.write(
        `  turn ${turn + 1}: ws ${Math.round(base.rate)}/s, eem ${Math.round(ours.rate)}/s\n`,
      );
    }
    const mid = (pick) => median(turns.map(pick));
    const baseline = {
      rate: mid((t) => t.base.rate),
      cpuPerNotice: mid((t) => t.base.cpuPerNotice),
      p50: mid((t) => t.base.p50),
      p99: mid((t) => t.base.p99),
    };
    const eem = {
      rate: mid((t) => t.ours.rate),
      cpuPerNotice: mid((t) => t.ours.cpuPerNotice),
      p50: mid((t) => t.ours.p50),
      p99: mid((t) => t.ours.p99),
    };
    const terminal = await measureTerminal(server, env, dir);

    const ratio = mid((t) => t.ours.rate / t.base.rate);
    return {
      name: 'notices-tail',
      title: 'eem notices tail',
      description: `${COUNT.toLocaleString('en-US')} notices published to one user at once (the reference server, batches of 500), printed as JSON lines to a pipe (${TURNS} alternating turns, medians; the ratio is the median of the turns' ratios) by \`eem notices tail --json\` and by a plain \`ws\` client writing the same lines (tests/bench/notices-tail-baseline.mjs); CPU time (user + system, /proc) per notice of each printer and of \`eem notices tail\` on a pseudo-terminal (script, Ink's <Static> with the status line); latency from the notice's stored time to its line on the printer's stdout for ${LATENCY_SAMPLES} notices published one at a time.`,
      rows: [
        { case: 'ws client writing JSON lines (baseline)', value: baseline.rate, unit: 'notices/s' },
        {
          case: 'eem notices tail --json',
          value: eem.rate,
          unit: 'notices/s',
          baseline: baseline.rate,
          ratio,
          target: '≥ 0.8 × baseline',
          met: ratio >= 0.8,
        },
        { case: 'CPU per notice, ws client (baseline)', value: baseline.cpuPerNotice * 1000, unit: 'µs' },
        {
          case: 'CPU per notice, eem --json',
          value: eem.cpuPerNotice * 1000,
          unit: 'µs',
          baseline: baseline.cpuPerNotice * 1000,
          ratio: eem.cpuPerNotice / baseline.cpuPerNotice,
        },
        {
          case: 'CPU per notice, eem on a terminal (Ink)',
          value: terminal.cpuPerNotice * 1000,
          unit: 'µs',
          baseline: baseline.cpuPerNotice * 1000,
          ratio: terminal.cpuPerNotice / baseline.cpuPerNotice,
        },
        { case: 'latency p50, ws client (baseline)', value: baseline.p50, unit: 'ms' },
        { case: 'latency p50, eem --json', value: eem.p50, unit: 'ms', baseline: baseline.p50 },
        { case: 'latency p99, ws client (baseline)', value: baseline.p99, unit: 'ms' },
        { case: 'latency p99, eem --json', value: eem.p99, unit: 'ms', baseline: baseline.p99 },
      ],
    };
  } finally {
    server.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
