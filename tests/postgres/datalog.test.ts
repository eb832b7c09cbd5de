/**
 * Meter data logs on PostgreSQL (issue 6): the simulator's history, rollups equal to the raw
 * readings, an edit that rewrites them, and a streamed export, on a throwaway cluster of
 * scripts/ensure-postgres.sh.
 */
import { rmSync } from 'node:fs';
import type { DatalogPoint } from '@eem/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, projectId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer, tempDir } from '../support/server.js';
import { databaseVersion, ensurePostgres, type PostgresCluster, stopPostgres } from './cluster.js';

let cluster: PostgresCluster | undefined;
let server: InProcessServer;
const dataDir = tempDir('postgres-datalog');
let manager: SignedIn;
let power: DatalogPoint;
let energy: DatalogPoint;

beforeAll(async () => {
  cluster = ensurePostgres();
  server = await startInProcessServer({ dataDir, config: { databaseUrl: cluster.url, historyDays: 1 } });
  manager = await login(server, 'manager-bj', { projectId: projectId(server, 'BE-01') });
  const tree = await manager.client.datalog.meterTree({ query: { scope: 'electric' } });
  const meters: number[] = [];
  const walk = (n: { id: number; modelLabel: string; children?: unknown[] }) => {
    if (n.modelLabel === 'meter') meters.push(n.id);
    for (const c of (n.children ?? []) as (typeof n)[]) walk(c);
  };
  for (const n of tree) walk(n);
  const points = await manager.client.datalog.points({
    body: { nodes: [{ id: meters[0] as number, modelLabel: 'meter' }] },
  });
  power = points.find((p) => p.dataId === 2000) as DatalogPoint;
  energy = points.find((p) => p.dataId === 1000) as DatalogPoint;
}, 300_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  stopPostgres(cluster);
});

beforeEach(async () => {
  expect(await databaseVersion(server)).toContain('PostgreSQL');
});

async function sums(point: DatalogPoint, from: number, to: number) {
  const raw = await manager.client.datalog.query({
    body: { pointIds: [point.id], startTime: from, endTime: to, interval: 'raw' },
  });
  const day = await manager.client.datalog.query({
    body: { pointIds: [point.id], startTime: from, endTime: to, interval: '1d' },
  });
  return { raw: raw.series[0]?.data ?? [], day: day.series[0]?.data ?? [] };
}

describe('readings on PostgreSQL', () => {
  it('stores a day of history whose day rollups equal the raw readings, also after an edit', async () => {
    const now = server.services.clock();
    const from = now - 3 * 86_400_000;
    const before = await sums(power, from, now);
    expect(before.raw.length).toBeGreaterThan(80);
    const check = async () => {
      const { raw, day } = await sums(power, from, now);
      // Average of each local day equals the average of its raw readings.
      for (const d of day) {
        const next = day[day.indexOf(d) + 1]?.time ?? Number.POSITIVE_INFINITY;
        const inDay = raw.filter((r) => r.time >= d.time && r.time < next);
        expect(d.value).toBeCloseTo(inDay.reduce((n, r) => n + r.value, 0) / inDay.length, 4);
      }
    };
    await check();
    const target = before.raw[5] as { time: number; value: number };
    await manager.client.datalog.edit({
      body: { pointId: power.id, items: [{ time: target.time, value: target.value + 500 }] },
    });
    await check();
    const counters = await sums(energy, from, now);
    // A counter that falls (the simulator replaces some meters) counts from zero again.
    const increase = counters.raw.reduce(
      (n, r, i) =>
        i === 0
          ? 0
          : n +
            (r.value >= (counters.raw[i - 1]?.value ?? 0)
              ? r.value - (counters.raw[i - 1]?.value ?? 0)
              : r.value),
      0,
    );
    const dayTotal = counters.day.reduce((n, d) => n + d.value, 0);
    expect(dayTotal).toBeCloseTo(increase, 3);
  });

  it('streams an export as CSV with every reading of the range', async () => {
    const now = server.services.clock();
    const response = await fetch(`${server.url}/eem-service/v1/flink/datalog/query/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${manager.token}`,
        projectId: String(projectId(server, 'BE-01')),
      },
      body: JSON.stringify({
        pointIds: [power.id, energy.id],
        startTime: now - 86_400_000,
        endTime: now,
        interval: 'raw',
        format: 'csv',
      }),
    });
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\n');
    const rows = Number(response.headers.get('x-export-rows'));
    expect(rows).toBeGreaterThan(150);
    expect(lines.length - 1).toBe(rows);
  });
});
