// WebSocket notice fan-out to one client: the server stores each notice and pushes it on
// /messageServer/websocket/{userId}; the baseline is a bare `ws` server sending the same
// messages from memory. Target: 10,000 notices per second with none lost or repeated.
import { fork } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@eem/sdk';
import { WebSocket } from 'undici';

const here = dirname(fileURLToPath(import.meta.url));
const COUNT = 50_000;

/** The fan-out child (fanout-server.mjs) with `env`; `first` resolves with its first message. */
export function fanoutChild(env) {
  const proc = fork(join(here, 'fanout-server.mjs'), { env: { ...process.env, ...env }, stdio: 'inherit' });
  const first = new Promise((resolve) => proc.once('message', resolve));
  return { proc, first };
}

/**
 * Opens the notice channel at `wsUrl`; at `ready`, asks `proc` to publish `count` notices and
 * counts them in: the rate from `ready` to the last, the lost and those out of order.
 * `lastId` as the channel takes it (undefined: from now).
 */
export async function measureFanout(wsUrl, token, proc, { count = COUNT, lastId } = {}) {
  const ws = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', reject, { once: true });
  });
  let received = 0;
  let newest = 0;
  let outOfOrder = 0;
  let started = 0;
  const done = new Promise((resolve) => {
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data));
      if (message.type === 'ready') {
        started = performance.now();
        proc.send({ publish: count });
        return;
      }
      if (message.type !== 'notice') return;
      if (message.notice.id <= newest) outOfOrder++;
      newest = message.notice.id;
      received++;
      if (received === count) resolve();
    });
  });
  ws.send(JSON.stringify({ type: 'auth', token, ...(lastId === undefined ? {} : { lastId }) }));
  const timeout = new Promise((resolve) => setTimeout(resolve, 120_000));
  await Promise.race([done, timeout]);
  const seconds = (performance.now() - started) / 1000;
  ws.close();
  return { rate: received / seconds, received, lost: count - received, outOfOrder };
}

export async function run() {
  const ours = fanoutChild({});
  const info = await ours.first;
  const client = createClient({ baseUrl: info.url });
  const session = await client.login('operator-sh', 'Eem@2026demo');
  const wsUrl = `${info.url.replace('http', 'ws')}/messageServer/websocket/${info.userId}`;
  const server = await measureFanout(wsUrl, session.token, ours.proc, { lastId: 0 });
  ours.proc.kill('SIGTERM');

  const bare = fanoutChild({ BENCH_BASELINE: '1' });
  const bareInfo = await bare.first;
  const baseline = await measureFanout(bareInfo.url, 'x', bare.proc, { lastId: 0 });
  bare.proc.kill('SIGTERM');

  const lost = COUNT - server.received;
  return {
    name: 'notice-fanout',
    title: 'WebSocket notice fan-out to one client',
    description: `${COUNT.toLocaleString('en-US')} notices published to one user in batches of 500 (each stored in the message log, then pushed) and received by one WebSocket client on loopback; the baseline is a bare ws server sending the same JSON from memory.`,
    rows: [
      { case: 'bare ws server (baseline)', value: baseline.rate, unit: 'notices/s' },
      {
        case: 'eem-server notice channel',
        value: server.rate,
        unit: 'notices/s',
        baseline: baseline.rate,
        ratio: server.rate / baseline.rate,
        target: '≥ 10,000 notices/s',
        met: server.rate >= 10_000,
      },
      { case: 'notices lost', value: lost, unit: 'count', target: '0', met: lost === 0 },
      {
        case: 'notices out of order or repeated',
        value: server.outOfOrder,
        unit: 'count',
        target: '0',
        met: server.outOfOrder === 0,
      },
    ],
  };
}
