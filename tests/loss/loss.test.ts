/**
 * Loss and apportionment over HTTP (issue 17) against a server whose clock stands at
 * 12 March 2026, 12:00 in Shanghai, with three days of simulated history:
 * - the seeded loss objects' daily loss equals supply − Σ consumers computed here from the
 *   energy calls (each node's consumption), rate and level by hand; the tree's root the same;
 * - line loss of the start nodes: head end equals the segment's consumption; every seeded
 *   segment loses a few percent (different per segment, one clearly the worst): head − tail,
 *   each from the energy calls (the segment, the tail-end meters its supply connections name);
 * - the overview's month card equals the sum of the objects' month figures;
 * - the alarm engine raises the seeded loss warning (706) of the object over its level, listed
 *   by getLossEvents with the loss object the loss-curve link needs;
 * - rules with messages naming the field (English and Chinese), nothing written on a refusal;
 *   permissions and another project's ids;
 * - a scheme saved with a change mid-month is recomputed as a task (operation type 15) with
 *   progress; the stored month is redone here by the rounding rule from the energy calls;
 *   a recomputation that fails while writing leaves the stored results as they were.
 */
import { zonedTime } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, projectId, raw, refusal } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

const TZ = 'Asia/Shanghai';
/** 12 March 2026, 12:00 in Shanghai. */
const START = Date.UTC(2026, 2, 12, 4);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const day10 = zonedTime(TZ, 2026, 3, 10);
const day12 = zonedTime(TZ, 2026, 3, 12);
const day11 = zonedTime(TZ, 2026, 3, 11);

let server: InProcessServer;
let admin: SignedIn;
let operator: SignedIn;
let inspector: SignedIn;
let chicago: SignedIn;
let sh: number;

const round2 = (v: number) => (Math.sign(v) * Math.round(Math.abs(v) * 100 + 1e-9)) / 100;

/** Consumption of nodes per period from the energy call (6 nodes a call). */
async function consumption(
  nodes: readonly { id: number; modelLabel: string }[],
  energyType: number,
  startTime: number,
  endTime: number,
  cycle: 1 | 7,
): Promise<Map<number, (number | null)[]>> {
  const out = new Map<number, (number | null)[]>();
  for (let i = 0; i < nodes.length; i += 6) {
    const answer = await admin.client.energy.consumption({
      body: { nodes: nodes.slice(i, i + 6), energyType, startTime, endTime, cycle },
    });
    for (const s of answer.series) out.set(s.node.id, s.values);
  }
  return out;
}

/** A raw call of the admin in Shanghai (the server's own checks, not the SDK's). */
function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return raw(server, admin.token, 'POST', path, body, { projectId: String(sh), ...headers });
}

const sum = (values: readonly (number | null)[]) =>
  values.reduce<number | null>((a, v) => (v === null ? a : (a ?? 0) + v), null);

beforeAll(async () => {
  server = await startInProcessServer({ config: { historyDays: 3, liveIntervalMs: 1_000 }, start: START });
  sh = projectId(server, 'SH-01');
  [admin, operator, inspector, chicago] = await Promise.all([
    login(server, 'tenant-admin', { projectId: sh }),
    login(server, 'operator-sh', { projectId: sh }),
    login(server, 'inspector', { projectId: sh }),
    login(server, 'operator-chi', { projectId: projectId(server, 'CH-01') }),
  ]);
}, 240_000);

afterAll(async () => {
  await server?.stop();
});

describe('loss figures', () => {
  it('gives each seeded loss object supply − Σ consumers per day, as the energy calls add up', async () => {
    const page = await admin.client.loss.configs({ body: {} });
    expect(page.total).toBeGreaterThanOrEqual(2);
    for (const o of page.list.slice(0, 2)) {
      const answer = await admin.client.loss.analysis({
        body: { lossObjectId: o.id, startTime: day10, endTime: day12, cycle: 1 },
      });
      expect(answer.times).toEqual([day10, day11]);
      const values = await consumption([o.supply, ...o.consumers], o.energyType, day10, day12, 1);
      answer.rows.forEach((row, i) => {
        const supply = values.get(o.supply.id)?.[i] ?? null;
        const down = sum(o.consumers.map((c) => values.get(c.id)?.[i] ?? null));
        expect(supply).not.toBeNull();
        // Loss figures round to 2 decimals; the energy call gives 6.
        expect(Math.abs((row.supply as number) - (supply as number))).toBeLessThanOrEqual(0.0051);
        expect(row.downstream).toBeCloseTo(down as number, 1);
        const loss = round2((row.supply as number) - (row.downstream as number));
        expect(row.loss).toBeCloseTo(loss, 2);
        expect(row.ratePct).toBeCloseTo(round2((loss / (row.supply as number)) * 100), 2);
        const level = o.levels.filter((l) => (row.ratePct as number) >= l.ratePct).length;
        expect(row.level).toBe(level);
      });
      const tree = await admin.client.loss.analysis({
        body: { lossObjectId: o.id, startTime: day10, endTime: day12, cycle: 1, mode: 'tree' },
      });
      expect(tree.tree[0]?.node.id).toBe(o.supply.id);
      expect(tree.tree[0]?.loss).toBeCloseTo(round2(answer.total.loss as number), 1);
      expect(tree.tree.filter((n) => n.depth === 1).map((n) => n.node.id)).toEqual(
        o.consumers.map((c) => c.id),
      );
      expect(tree.tree.filter((n) => n.worst).length).toBeLessThanOrEqual(1);
    }
  });

  it('gives line loss of the start nodes: head end = the segment consumption', async () => {
    const starts = await admin.client.loss.startNodes({ body: {} });
    expect(starts.length).toBeGreaterThan(0);
    for (const s of starts) expect([12, 13, 14]).toContain(s.voltageLevel);
    const nodes = starts.slice(0, 2).map((s) => ({ id: s.id, modelLabel: s.modelLabel }));
    const answer = await admin.client.loss.lineLoss({
      body: { nodes, startTime: day10, endTime: day12, cycle: 1 },
    });
    const values = await consumption(nodes, 2, day10, day12, 1);
    for (const seg of answer.segments)
      seg.rows.forEach((row, i) => {
        expect(row.head).toBeCloseTo(values.get(seg.node.id)?.[i] as number, 2);
      });
    expect(answer.segments.map((s) => s.rank).sort()).toEqual(answer.segments.map((_, i) => i + 1));
    const notStart = await refusal(
      admin.client.loss.lineLoss({
        body: {
          nodes: [{ id: answer.segments[0]?.node.id as number, modelLabel: 'meter' }],
          startTime: day10,
          endTime: day12,
        },
      }),
    );
    expect(notStart.msg).toMatch(/nodes/);
  });

  it('gives every seeded start segment a line loss of a few percent: head − tail from the energy calls', async () => {
    const starts = await admin.client.loss.startNodes({ body: {} });
    const nodes = starts.map((s) => ({ id: s.id, modelLabel: s.modelLabel }));
    const connections = await admin.client.metering.connections({ body: { energyType: 2 } });
    const tails = new Map(
      nodes.map((n) => [n.id, connections.filter((c) => c.from.id === n.id).map((c) => c.to)]),
    );
    const answer = await admin.client.loss.lineLoss({
      body: { nodes, startTime: day10, endTime: day12, cycle: 1 },
    });
    expect(answer.segments).toHaveLength(nodes.length);
    const fed = [...tails.values()].flat();
    const values = await consumption([...nodes, ...fed], 2, day10, day12, 1);
    for (const seg of answer.segments) {
      const own = tails.get(seg.node.id) ?? [];
      expect(own.length).toBeGreaterThan(0);
      seg.rows.forEach((row, i) => {
        const head = values.get(seg.node.id)?.[i] as number;
        const tail = sum(own.map((t) => values.get(t.id)?.[i] ?? null)) as number;
        expect(Math.abs((row.head as number) - head)).toBeLessThanOrEqual(0.0051);
        expect(Math.abs((row.tail as number) - tail)).toBeLessThanOrEqual(0.0051);
        expect(row.loss).toBeCloseTo(round2((row.head as number) - (row.tail as number)), 2);
        expect(row.loss as number).toBeGreaterThan(0);
        expect(row.ratePct).toBeCloseTo(round2(((row.loss as number) / (row.head as number)) * 100), 2);
      });
      expect(seg.total.ratePct as number).toBeGreaterThan(0.3);
      expect(seg.total.ratePct as number).toBeLessThan(6);
    }
    // Different per segment, and one clearly the worst: ranked first.
    const rates = answer.segments.map((s) => s.total.ratePct as number);
    expect(new Set(rates.map((r) => r.toFixed(1))).size).toBeGreaterThan(rates.length / 2);
    expect(answer.segments[0]?.rank).toBe(1);
    expect(rates[0] as number).toBeGreaterThan((rates[1] as number) + 1);
  });

  it('sums the enabled objects of a type into the overview card', async () => {
    const ov = await admin.client.loss.overview({ body: {} });
    expect(ov.month).toBe('2026-03');
    const page = await admin.client.loss.configs({ body: { energyType: 2 } });
    let supply = 0;
    let loss = 0;
    for (const o of page.list.filter((x) => x.enabled)) {
      const a = await admin.client.loss.analysis({
        body: {
          lossObjectId: o.id,
          startTime: zonedTime(TZ, 2026, 3, 1),
          endTime: zonedTime(TZ, 2026, 4, 1),
          cycle: 3,
        },
      });
      supply += a.total.supply ?? 0;
      loss += a.total.loss ?? 0;
    }
    const card = ov.cards.find((c) => c.energyType === 2);
    expect(card?.month.supply).toBeCloseTo(supply, 1);
    expect(card?.month.loss).toBeCloseTo(loss, 1);
    expect(ov.trend[0]?.points).toHaveLength(12);
    expect(ov.top.length).toBeLessThanOrEqual(10);
  });
});

describe('loss warnings', () => {
  it('raises 706 for the seeded object over its level, with the loss object for the link', async () => {
    let found: Awaited<ReturnType<typeof admin.client.events.lossEvents>>['list'] = [];
    for (let i = 0; i < 60 && found.length === 0; i++) {
      const page = await admin.client.events.lossEvents({
        body: { startTime: server.now() - DAY, endTime: server.now() + HOUR, page: { index: 0, limit: 20 } },
      });
      found = page.list;
      if (found.length === 0) await new Promise((r) => setTimeout(r, 500));
    }
    const event = found[0];
    expect(event?.logType).toBe(706);
    expect(event?.lossObject?.id).toBeGreaterThan(0);
    expect(event?.ratePct).toBeGreaterThanOrEqual(3.5);
    const ov = await admin.client.loss.overview({ body: {} });
    expect(ov.warnings.total).toBeGreaterThanOrEqual(1);
    expect(ov.warnings.levels.find((l) => l.level === 2)?.count).toBeGreaterThanOrEqual(1);
  });
});

describe('loss object rules', () => {
  const base = async () => {
    const [o] = (await admin.client.loss.configs({ body: {} })).list;
    if (!o) throw new Error('no seeded loss object');
    const ref = (n: { id: number; modelLabel: string }) => ({ id: n.id, modelLabel: n.modelLabel });
    return {
      name: 'Rule check',
      energyType: 2,
      supply: ref(o.supply),
      consumers: o.consumers.map(ref),
      upperLimitPct: 10,
      levels: [{ level: 1, ratePct: 3 }],
    };
  };

  it('refuses with the field and the rule, in English and Chinese, and writes nothing', async () => {
    const b = await base();
    const before = (await admin.client.loss.configs({ body: {} })).total;
    const supplyIsConsumer = await post('/eem-service/v1/loss/config/save', {
      ...b,
      consumers: [...b.consumers, b.supply],
    });
    expect(supplyIsConsumer.msg).toBe('body.consumers: the supply node cannot also be a consumer');
    const zh = await post(
      '/eem-service/v1/loss/config/save',
      { ...b, consumers: [...b.consumers, b.supply] },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.msg).toContain('供能节点不能同时是用能节点');
    const limits = await post('/eem-service/v1/loss/config/save', {
      ...b,
      lowerLimitPct: 10,
      upperLimitPct: 5,
      levels: [{ level: 1, ratePct: 11 }],
    });
    expect(limits.msg).toMatch(/^body.upperLimitPct: the upper limit must be greater than the lower limit/);
    const none = await post('/eem-service/v1/loss/config/save', { ...b, levels: [] });
    expect(none.msg).toMatch(/levels: set at least one warning level/);
    const five = await post('/eem-service/v1/loss/config/save', {
      ...b,
      levels: [1, 2, 3, 4, 5].map((level) => ({ level, ratePct: level })),
    });
    expect(five.msg).toMatch(/levels: at most 4 levels/);
    const long = await post('/eem-service/v1/loss/config/save', { ...b, name: 'x'.repeat(51) });
    expect(long.msg).toMatch(/name/);
    const noConsumer = await post('/eem-service/v1/loss/config/save', { ...b, consumers: [] });
    expect(noConsumer.msg).toMatch(/consumers: choose at least one consumer node/);
    expect((await admin.client.loss.configs({ body: {} })).total).toBe(before);
    const saved = await admin.client.loss.saveConfig({ body: b });
    expect(saved.name).toBe('Rule check');
    const repeat = await refusal(admin.client.loss.saveConfig({ body: b }));
    expect(repeat.msg).toMatch(/name: a loss object of this name already exists/);
    await admin.client.loss.deleteConfig({ body: { ids: [saved.id] } });
  });

  it('refuses writes without the permission and another project’s ids', async () => {
    const b = await base();
    const denied = await refusal(operator.client.loss.saveConfig({ body: b }));
    expect(denied.msg).toMatch(/lossconfig_update/);
    const [o] = (await admin.client.loss.configs({ body: {} })).list;
    const other = await refusal(
      chicago.client.loss.analysis({
        body: { lossObjectId: o?.id as number, startTime: day10, endTime: day12 },
      }),
    );
    expect(other.msg).toMatch(/does not exist in this project/);
    expect((await chicago.client.loss.configs({ body: {} })).list.map((x) => x.id)).not.toContain(o?.id);
    const publicDenied = await refusal(inspector.client.share.schemes({ body: { type: 'public' } }));
    expect(publicDenied.msg).toMatch(/energyshareconfig_browser/);
    const lossDenied = await refusal(inspector.client.share.lossSchemes({ body: {} }));
    expect(lossDenied.msg).toMatch(/lossshareconfig_browser/);
  });
});

describe('apportionment', () => {
  /** The task's end, polled. */
  async function finished(id: number) {
    for (let i = 0; i < 200; i++) {
      const t = await admin.client.notices.task({ params: { id } });
      if (t.status !== 2) return t;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the task did not end');
  }

  /** The rounding rule, written again here: lines round2(A × r), the remainder to the largest ratio. */
  function split(amount: number, ratios: readonly number[]): number[] {
    const lines = ratios.map((r) => round2(amount * r));
    const rest = round2(amount - lines.reduce((a, b) => a + b, 0));
    let largest = 0;
    ratios.forEach((r, i) => {
      if (r > (ratios[largest] as number)) largest = i;
    });
    lines[largest] = round2((lines[largest] as number) + rest);
    return lines;
  }

  it('recomputes a scheme changed mid-month as a task, month split at the change, by the rounding rule', async () => {
    const [seeded] = (await admin.client.share.schemes({ body: { type: 'share' } })).list;
    if (!seeded) throw new Error('no seeded share scheme');
    const targets =
      seeded.versions[0]?.targets.map((t) => ({ id: t.node.id, modelLabel: t.node.modelLabel })) ?? [];
    const ratios = targets.map((_, i) => (i === 0 ? 0.5 : 0));
    if (targets.length > 1) ratios[1] = 0.5;
    const saved = await admin.client.share.saveScheme({
      body: {
        type: 'share',
        name: 'Mid-month split',
        energyType: 2,
        source: { id: seeded.source.id, modelLabel: seeded.source.modelLabel },
        versions: [
          {
            from: zonedTime(TZ, 2026, 3, 1),
            to: day11,
            method: 'fixedRatio',
            targets: targets.map((node, i) => ({ node, ratio: ratios[i] ?? 0 })),
          },
          { from: day11, method: 'metered', targets: targets.map((node) => ({ node })) },
        ],
      },
    });
    expect(saved.task?.operationType).toBe(15);
    const task = await finished(saved.task?.id as number);
    expect(task.status).toBe(3);
    expect(task.ratio).toBe(1);
    const result = await admin.client.share.results({
      body: { type: 'share', schemeId: saved.scheme.id, startMonth: '2026-03', endMonth: '2026-03' },
    });
    const march = result.results[0]?.months[0];
    if (!march) throw new Error('no March result');
    expect(march.parts.map((p) => p.method)).toEqual(['fixedRatio', 'metered']);
    expect(march.parts[1]?.from).toBe(day11);
    const expected = new Map<number, number>();
    for (const part of march.parts) {
      const hours = await consumption(
        [{ id: seeded.source.id, modelLabel: seeded.source.modelLabel }, ...targets],
        2,
        part.from,
        part.to,
        7,
      );
      const amount = round2(sum(hours.get(seeded.source.id) ?? []) as number);
      expect(part.amount).toBeCloseTo(amount, 1);
      const weights = targets.map((t) => Math.max(0, sum(hours.get(t.id) ?? []) ?? 0));
      const total = weights.reduce((a, b) => a + b, 0);
      const r = part.method === 'fixedRatio' ? ratios : weights.map((w) => w / total);
      split(part.amount, r).forEach((line, i) => {
        const id = targets[i]?.id as number;
        expected.set(id, round2((expected.get(id) ?? 0) + line));
      });
    }
    for (const line of march.lines) expect(line.amount).toBeCloseTo(expected.get(line.node.id) as number, 2);
    expect(march.total).toBeCloseTo(round2(march.lines.reduce((a, l) => a + l.amount, 0)), 2);
    expect(march.total).toBeCloseTo(march.sourceAmount as number, 2);
  });

  it('refuses ratios that do not sum to 1 and a source that is also a target', async () => {
    const [seeded] = (await admin.client.share.schemes({ body: { type: 'share' } })).list;
    const source = { id: seeded?.source.id as number, modelLabel: seeded?.source.modelLabel as string };
    const t = seeded?.versions[0]?.targets[0]?.node;
    const node = { id: t?.id as number, modelLabel: t?.modelLabel as string };
    const body = { type: 'share', name: 'Bad', energyType: 2, source };
    const sumNot1 = await post('/eem-service/v1/schemeConfig/save', {
      ...body,
      versions: [{ from: day10, method: 'fixedRatio', targets: [{ node, ratio: 0.4 }] }],
    });
    expect(sumNot1.msg).toMatch(/targets: the ratios must sum to 1/);
    const self = await post('/eem-service/v1/schemeConfig/save', {
      ...body,
      versions: [{ from: day10, method: 'fixedRatio', targets: [{ node: source, ratio: 1 }] }],
    });
    expect(self.msg).toMatch(/targets: the source node cannot also be a target/);
    const places = await post('/eem-service/v1/schemeConfig/save', {
      ...body,
      versions: [{ from: day10, method: 'fixedRatio', targets: [{ node, ratio: 0.1234567 }] }],
    });
    expect(places.msg).toMatch(/6 decimals/);
  });

  it('leaves the stored results as they were when the recomputation fails while writing', async () => {
    const [scheme] = (await admin.client.share.lossSchemes({ body: {} })).list;
    if (!scheme) throw new Error('no seeded loss-share scheme');
    const range = { type: 'loss' as const, schemeId: scheme.id, startMonth: '2026-03', endMonth: '2026-03' };
    const before = await admin.client.share.results({ body: range });
    const tasks = server.services.tasks;
    const original = tasks.finishIn.bind(tasks);
    // The write inside the job's transaction fails; ending the task as failed (outside) works.
    tasks.finishIn = (db, ...rest) =>
      db.isTransaction ? Promise.reject(new Error('disk full')) : original(db, ...rest);
    try {
      const version = scheme.versions[0];
      const saved = await admin.client.share.saveLossScheme({
        body: {
          id: scheme.id,
          name: scheme.name,
          lossObjectId: scheme.lossObject.id,
          versions: [
            {
              from: day10,
              method: 'fixedRatio',
              targets: (version?.targets ?? []).map((t, i) => ({
                node: { id: t.node.id, modelLabel: t.node.modelLabel },
                ratio: i === 0 ? 1 : 0,
              })),
            },
          ],
        },
      });
      const task = await finished(saved.task?.id as number);
      expect(task.status).toBe(4);
    } finally {
      tasks.finishIn = original;
    }
    // The scheme's new version is saved; its results stay those of before, month for month.
    const after = await admin.client.share.results({ body: range });
    expect(after.results[0]?.months).toEqual(before.results[0]?.months);
    expect(before.results[0]?.months.length).toBe(1);
  });
});
