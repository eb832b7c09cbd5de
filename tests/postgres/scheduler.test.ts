/**
 * The maintenance scheduler on two servers sharing one PostgreSQL database (issue 18, ADR 0016):
 * both register the `maintenance` singleton (cluster `scheduled()`); each minute's slot is
 * claimed once, behind the leader fence, so the orders of a plan are made exactly once however
 * often and wherever the slot is tried. Both servers' injected clocks move together over ten
 * days; at every step both try the slot at once.
 */
import { rmSync } from 'node:fs';
import { DEVICE_STATUS } from '@eem/core';
import { runMaintenanceSlot } from '@eem/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { login, projectId } from '../admin/support.js';
import { type InProcessServer, startInProcessServer, tempDir } from '../support/server.js';
import { databaseVersion, ensurePostgres, type PostgresCluster, stopPostgres } from './cluster.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 1 March 2027 00:00 UTC (08:00 in Shanghai). */
const T0 = Date.UTC(2027, 2, 1);

let cluster: PostgresCluster | undefined;
const dataDir = tempDir('pg-scheduler');
let a: InProcessServer;
let b: InProcessServer;
let planId = 0;

beforeAll(async () => {
  cluster = ensurePostgres();
  const config = { databaseUrl: cluster.url, leaseMs: 1_000 };
  a = await startInProcessServer({ dataDir, start: T0, config: { ...config, serverId: 'sched-a' } });
  b = await startInProcessServer({ dataDir, start: T0, config: { ...config, serverId: 'sched-b' } });
  const operator = await login(a, 'operator-sh', { projectId: projectId(a, 'SH-01') });
  const device = (await operator.client.devices.devices({ body: {} })).list.find(
    (d) => d.status === DEVICE_STATUS.run,
  );
  const item = (await operator.client.maintenance.items({ body: {} })).list[0];
  if (!device || !item) throw new Error('no demo device or item');
  const plan = await operator.client.maintenance.createPlan({
    body: {
      name: 'Two servers (test)',
      deviceIds: [device.id],
      itemIds: [item.id],
      cycle: 'daily',
      // 10:00 in Shanghai, reminder an hour before.
      firstTime: Date.UTC(2027, 2, 1, 2),
      timeconsumeplan: HOUR,
      remindBefore: HOUR,
    },
  });
  planId = plan.id;
}, 300_000);

afterAll(async () => {
  await b?.stop();
  await a?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  stopPostgres(cluster);
});

it('makes each occurrence once while two servers try every slot at once', async () => {
  expect(await databaseVersion(a)).toContain('PostgreSQL');
  expect(a.services.cluster.singletons.names()).toContain('maintenance');
  for (let t = T0 + 3 * HOUR; t <= T0 + 10 * DAY; t += 3 * HOUR) {
    for (const server of [a, b]) server.advance(t - server.now());
    const runs = await Promise.allSettled([runMaintenanceSlot(a.services), runMaintenanceSlot(b.services)]);
    const done = runs.filter((r) => r.status === 'fulfilled' && r.value !== null);
    expect(done.length).toBeLessThanOrEqual(1);
    // A server that does not hold the lease is refused by the fence; nothing else may fail.
    for (const r of runs) if (r.status === 'rejected') expect(String(r.reason)).toMatch(/leader/i);
  }
  const orders = await a.services.db
    .selectFrom('work_orders')
    .select(['executetimeplan'])
    .where('plan_id', '=', planId)
    .orderBy('executetimeplan')
    .execute();
  const expected = Array.from({ length: 10 }, (_, i) => Date.UTC(2027, 2, 1 + i, 2));
  // Every occurrence once; the singletons' own runs may have made some of them.
  expect(orders.map((o) => Number(o.executetimeplan))).toEqual(expected);
  // One server leads at a time.
  const leaders = [a, b].filter((s) => s.services.cluster.status().leader);
  expect(leaders.length).toBeLessThanOrEqual(1);
});
