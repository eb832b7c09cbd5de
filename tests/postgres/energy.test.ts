/**
 * The energy data core on PostgreSQL (issue 15), on a throwaway cluster of
 * scripts/ensure-postgres.sh: the simulator's energy configuration and time-of-use rollups
 * (a partitioned table there), consumption per Berlin day equal to the raw readings' sums,
 * bands that add up to it, and a re-split task after a scheme change that leaves every band
 * as the new scheme says.
 */
import { rmSync } from 'node:fs';
import { DATE_TYPE, localParts, TASK_STATUS, zonedTime } from '@eem/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, projectId } from '../admin/support.js';
import { waitForTask } from '../nodes/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer, tempDir } from '../support/server.js';
import { databaseVersion, ensurePostgres, type PostgresCluster, stopPostgres } from './cluster.js';

const ZONE = 'Europe/Berlin';
const ELECTRICITY = 2;

let cluster: PostgresCluster | undefined;
let server: InProcessServer;
const dataDir = tempDir('postgres-energy');
let manager: SignedIn;
let meter: { id: number; modelLabel: string };
let pointId: number;

function day(back: number): number {
  const p = localParts(server.now(), ZONE);
  return zonedTime(ZONE, p.year, p.month, p.day - back);
}

beforeAll(async () => {
  cluster = ensurePostgres();
  server = await startInProcessServer({ dataDir, config: { databaseUrl: cluster.url, historyDays: 3 } });
  manager = await login(server, 'manager-bj', { projectId: projectId(server, 'BE-01') });
  const tree = await manager.client.datalog.meterTree({ query: { scope: 'electric' } });
  const ids: number[] = [];
  const walk = (n: { id: number; modelLabel: string; children?: unknown[] }) => {
    if (n.modelLabel === 'meter') ids.push(n.id);
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
  };
  for (const n of tree) walk(n);
  const points = await manager.client.datalog.points({
    body: { nodes: ids.slice(0, 10).map((id) => ({ id, modelLabel: 'meter' })) },
  });
  const point = points.find((p) => p.kind === 'cumulative' && p.energyType === ELECTRICITY);
  if (!point) throw new Error('no electricity counter');
  meter = { id: point.nodeId, modelLabel: 'meter' };
  pointId = point.id;
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  stopPostgres(cluster);
});

beforeEach(async () => {
  expect(await databaseVersion(server)).toContain('PostgreSQL');
});

describe('energy on PostgreSQL', () => {
  it('consumption per Berlin day equals the raw increases; the bands add up to it', async () => {
    const from = day(2);
    const to = day(0);
    const answer = await manager.client.energy.consumeQuery({
      body: {
        nodes: [meter],
        energyType: ELECTRICITY,
        startTime: from,
        endTime: to,
        cycle: DATE_TYPE.day,
        tou: true,
      },
    });
    const raw = await manager.client.datalog.query({
      body: { pointIds: [pointId], startTime: from - 3_600_000, endTime: to, interval: 'raw' },
    });
    const data = raw.series[0]?.data ?? [];
    answer.times.forEach((start, i) => {
      const end = answer.times[i + 1] ?? to;
      let sum = 0;
      let prev: number | undefined;
      for (const r of data) {
        if (r.time >= start && r.time < end && prev !== undefined)
          sum += r.value >= prev ? r.value - prev : r.value;
        prev = r.value;
      }
      const series = answer.series[0];
      expect(series?.values[i]).toBeCloseTo(sum, 2);
      const bands = series?.bands;
      const parts = (['sharp', 'peak', 'flat', 'valley', 'unassigned'] as const).reduce(
        (s, b) => s + (bands?.[b][i] ?? 0),
        0,
      );
      expect(parts).toBeCloseTo(sum, 2);
    });
    // Berlin's demo scheme has a peak on working days: not everything is valley.
    const peak = answer.series[0]?.bands?.peak.reduce<number>((s, v) => s + (v ?? 0), 0) ?? 0;
    const weekday = answer.times.some((t) => localParts(t, ZONE).weekday <= 5);
    if (weekday) expect(peak).toBeGreaterThan(0);
  });

  it('a new all-valley version re-splits the history as a task', async () => {
    const [scheme] = await manager.client.metering.schemes();
    if (!scheme) throw new Error('Berlin has no scheme');
    const valley = { band: 4 as const, start: 0, end: 1440 };
    const written = await manager.client.metering.updateScheme({
      body: {
        id: scheme.id,
        name: scheme.name,
        versions: [
          {
            effectiveFrom: day(30),
            seasons: [
              { name: 'All year', start: '01-01', end: '12-31', workday: [valley], holiday: [valley] },
            ],
          },
        ],
      },
    });
    if (written.task) {
      const task = await waitForTask(manager.client, written.task.id);
      expect(task.status, task.message).toBe(TASK_STATUS.success);
    }
    const split = await manager.client.energy.timeshare({
      body: { nodes: [meter], startTime: day(2), endTime: day(0), cycle: DATE_TYPE.day },
    });
    const totals = split.series[0]?.totals;
    expect(totals?.total).toBeGreaterThan(0);
    expect(totals?.valley).toBeCloseTo(totals?.total ?? Number.NaN, 3);
    expect(totals?.peak).toBe(0);
  });
});
