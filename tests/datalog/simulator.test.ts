/**
 * The simulator's live readings: live values for every point while the server runs, zero load
 * below an open breaker, and a restart that fills the quarter hours the server was down.
 */
import type { DatalogPoint } from '@eem/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { projectId } from '../admin/support.js';
import { login } from '../nodes/support.js';
import { type InProcessServer, startInProcessServer, tempDir } from '../support/server.js';

const servers: InProcessServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.stop();
});

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('live readings', () => {
  it('live values for every point; an open breaker takes the load below it to zero; a restart fills the gap', async () => {
    const dataDir = tempDir('simulator');
    const start = Date.UTC(2026, 10, 20, 9, 7);
    const config = { historyDays: 1, simulator: true, liveIntervalMs: 500, noticeIntervalMs: 3_600_000 };
    const first = await startInProcessServer({ dataDir, start, config });
    servers.push(first);
    const be = projectId(first, 'BE-01');
    const manager = await login(first, 'manager-bj', { projectId: be });
    const tree = await manager.client.nodes.nodeTreeSimple({ body: { rootID: be, treeReturnEnable: false } });
    const segments = tree.filter((n) => n.modelLabel === 'linesegment');
    const meterBelow = tree.find(
      (n) => n.modelLabel === 'meter' && n.name === `Meter ${segments[0]?.name.slice(5)}`,
    );
    expect(meterBelow).toBeDefined();
    const points = await manager.client.datalog.points({
      body: { nodes: [{ id: meterBelow?.id as number, modelLabel: 'meter' }] },
    });
    const power = points.find((p) => p.dataId === 2000) as DatalogPoint;
    const live = first.services.live;
    await until('live values', () => (points.every((p) => live.get(p.id)) ? true : undefined));
    live.setBreaker(segments[0]?.id as number, false);
    const opened = Date.now();
    await until('zero load below the open breaker', () => {
      const v = live.get(power.id);
      return v && v.time >= first.services.clock() - 400 && Date.now() > opened + 600 && v.value === 0
        ? true
        : undefined;
    });
    live.setBreaker(segments[0]?.id as number, true);
    await until('load back', () => ((live.get(power.id)?.value ?? 0) > 0 ? true : undefined));
    await first.stop();
    servers.pop();

    // Two hours later the server starts again: the quarter hours between are stored.
    const second = await startInProcessServer({ dataDir, start: start + 2 * 3_600_000, config });
    servers.push(second);
    const again = await login(second, 'manager-bj', { projectId: be });
    const slot = Math.floor(second.services.clock() / 900_000) * 900_000;
    const filled = await until('the gap filled', async () => {
      const q = await again.client.datalog.query({
        body: { pointIds: [power.id], startTime: start - 3_600_000, endTime: slot + 1, interval: 'raw' },
      });
      const data = q.series[0]?.data ?? [];
      return data.at(-1)?.time === slot ? data : undefined;
    });
    // One reading per quarter hour from before the stop to now, less the simulated gaps.
    expect(filled.length).toBeGreaterThan(10);
    const hours = await again.client.datalog.query({
      body: { pointIds: [power.id], startTime: start, endTime: slot + 1, interval: '1h' },
    });
    expect(hours.series[0]?.data.length).toBeGreaterThanOrEqual(2);
  });
});
