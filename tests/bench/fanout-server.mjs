// Child process for the fan-out benchmarks: the reference server in-process (on PostgreSQL when
// BENCH_DATABASE_URL is set), publishing notices to one user on demand (IPC message
// {publish: N, batch: B}), or with BENCH_BASELINE=1 a bare `ws` server sending N pre-serialised
// notices of the same shape.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const N_BATCH = 500;

if (process.env.BENCH_BASELINE === '1') {
  const { WebSocketServer } = await import('ws');
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  let socket = null;
  wss.on('connection', (ws) => {
    socket = ws;
    ws.once('message', () => ws.send(JSON.stringify({ type: 'ready', lastId: 0 })));
  });
  process.on('message', async ({ publish }) => {
    const now = Date.now();
    for (let i = 1; i <= publish; i++) {
      socket?.send(JSON.stringify({ type: 'notice', notice: sample(i, now) }));
      if (i % N_BATCH === 0) await new Promise((r) => setImmediate(r));
    }
    process.send?.({ published: publish });
  });
  process.send?.({ url: `ws://127.0.0.1:${wss.address().port}/messageServer/websocket/1` });
} else {
  const { startServer } = await import('@eem/server');
  const server = await startServer({
    config: {
      port: 0,
      host: '127.0.0.1',
      dataDir: mkdtempSync(join(tmpdir(), 'eem-fanout-')),
      demo: true,
      simulator: false,
      historyDays: 0,
      logLevel: 'silent',
      // Several servers on one PostgreSQL database (tests/bench/cluster.mjs).
      ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
    },
  });
  const userId = server.world.users['operator-sh'];
  const projectId = server.world.projects['SH-01'];
  process.on('message', async ({ publish, batch = N_BATCH }) => {
    for (let i = 0; i < publish; i += batch) {
      const inputs = Array.from({ length: Math.min(batch, publish - i) }, (_, k) => ({
        userIds: [userId],
        projectId,
        logType: 701,
        eventClass: 2,
        description: `Workshop A: hourly energy ${800 + ((i + k) % 90)} kWh over the 800 kWh limit`,
        content: { nodeName: 'Workshop A' },
      }));
      await server.services.notices.publishMany(inputs);
    }
    process.send?.({ published: publish });
  });
  process.once('SIGTERM', () => {
    server.close().finally(() => process.exit(0));
  });
  process.send?.({ url: server.url, userId });
}

function sample(id, now) {
  return {
    id,
    time: now,
    logType: 701,
    logTypeName: 'Energy over limit',
    eventClass: 2,
    description: `Workshop A: hourly energy ${800 + (id % 90)} kWh over the 800 kWh limit`,
    projectId: 1,
    content: '{"eventClass":2,"nodeName":"Workshop A"}',
  };
}
