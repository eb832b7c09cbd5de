/**
 * Meter data logs on PostgreSQL (issue 6): the simulator's history, rollups equal to the raw
 * readings, an edit that rewrites them, a reading import through its staged rows (issue 11),
 * and a streamed export, on a throwaway cluster of
 * scripts/ensure-postgres.sh.
 */
import { rmSync } from 'node:fs';
import type { DatalogPoint } from '@eem/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { login, projectId } from '../admin/support.js';
import { waitForTask, workbook } from '../nodes/support.js';
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

  it('imports readings all at once from staged rows: set, changed and deleted, audited, rollups included', async () => {
    const now = server.services.clock();
    const stored = (await sums(power, now - 86_400_000, now)).raw;
    const [kept, changed, deleted] = stored as [
      { time: number; value: number },
      { time: number; value: number },
      { time: number; value: number },
    ];
    // Four new readings an hour apart a week back, one stored reading changed, one kept, one deleted.
    const t = Math.floor((now - 7 * 86_400_000) / 3_600_000) * 3_600_000;
    const file = await workbook({
      Readings: [
        ['Time', 'Point ID', 'Value'],
        ...[0, 1, 2, 3].map((i) => [new Date(t + i * 900_000).toISOString(), power.id, 10 * (i + 1)]),
        [new Date(kept.time).toISOString(), power.id, kept.value],
        [new Date(changed.time).toISOString(), power.id, changed.value + 1_000],
        [new Date(deleted.time).toISOString(), power.id, 'DELETE'],
      ],
    });
    const run = async (dryRun: boolean) =>
      waitForTask(
        manager.client,
        (
          await manager.client.datalog.import.upload({
            body: { dryRun },
            files: [{ name: 'pg-readings.xlsx', data: file }],
          })
        ).id,
      );
    expect((await run(true)).message).toBe(
      '7 rows valid: 5 readings would be written, 1 reading deleted; nothing was written (dry run)',
    );
    expect((await run(false)).message).toBe(
      'import succeeded: 7 rows read, 5 readings written, 1 reading deleted',
    );
    const hour = await manager.client.datalog.query({
      body: { pointIds: [power.id], startTime: t, endTime: t + 3_600_000, interval: '1h' },
    });
    expect(hour.series[0]?.data.map((d) => d.value)).toEqual([25]);
    const after = new Map((await sums(power, now - 86_400_000, now)).raw.map((r) => [r.time, r.value]));
    expect(after.get(kept.time)).toBe(kept.value);
    expect(after.get(changed.time)).toBe(changed.value + 1_000);
    expect(after.has(deleted.time)).toBe(false);
    const audit = await manager.client.datalog.editLog({ body: { pointId: power.id } });
    expect(audit.list.filter((e) => e.source === 'import')).toHaveLength(6);
    expect(audit.list.find((e) => e.time === changed.time)).toMatchObject({
      oldValue: changed.value,
      newValue: changed.value + 1_000,
    });
    const staged = await server.services.db
      .selectFrom('reading_import_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    expect(Number(staged?.n)).toBe(0);
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
