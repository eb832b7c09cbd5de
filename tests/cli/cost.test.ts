/**
 * `eem cost show` as a user runs it (the built binary in a pipe, with TZ far from the project's)
 * against the reference server with a cost world of known figures (tests/cost/support.ts: two
 * rooms as accounting objects, two months calculated): by type equal to the accounting results
 * of costaccount/result/query, by child adding up, the node by id or by path, the month's days
 * in Shanghai's zone, CSV and JSON; the empty state of a month not calculated; the refusals: a
 * bad month, no node, an unknown node, a node that is no accounting object, another project.
 */
import type { ObjectCost } from '@eem/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CostWorld, currentMonth, seedCostWorld, ZONE } from '../cost/support.js';
import { signIn as sdkSignIn } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eem, type Home, newHome, signIn } from './run-eem.js';

/** The machine's zone differs from the project's: months must still be Shanghai's. */
const ENV = { TZ: 'America/Los_Angeles' };

let server: TestServer;
let home: Home;
let world: CostWorld;

const run = (args: string[], h: Home = home) => eem(h, args, { env: ENV, timeoutMs: 30_000 });
/** `eem cost show --node <node> --month <month> …flags`. */
const show = (node: number | string, month: string, ...flags: string[]) =>
  run(['cost', 'show', '--node', String(node), '--month', month, ...flags]);
const cents = (v: number) => Math.round(v * 100);

beforeAll(async () => {
  server = await startTestServer({ env: { EEM_HISTORY_DAYS: '0' } });
  world = await seedCostWorld(server.url, 'CLI cost');
  home = newHome();
  await signIn(home, server.url, 'operator-sh');
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe('eem cost show --by type', () => {
  it('--json: the accounting result of the node for the month, as costaccount/result/query gives it', async () => {
    const [month] = world.months;
    const result = await show(world.pumpRoom.id, month, '--json');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout) as {
      timeZone: string;
      month: string;
      scheme: { id: number };
      calculatedAt: number | null;
      cost: ObjectCost;
    };
    const expected = await world.admin.client.cost.results({
      body: { schemeId: world.schemeId, month, nodeIds: [world.pumpRoom.id] },
    });
    expect(shown.timeZone).toBe(ZONE);
    expect(shown.month).toBe(month);
    expect(shown.scheme.id).toBe(world.schemeId);
    expect(shown.calculatedAt).toBe(expected.calculatedAt);
    expect(shown.cost).toEqual(expected.rows[0]);
    expect(shown.cost.energies.map((e) => e.energyType).sort()).toEqual([2, 3]);
  });

  it('a table for people: the node by its path, the month in Shanghai, a line per type, fees and the total', async () => {
    const [, month] = world.months;
    const path = `${world.hall.name}/1F/pump ROOM`;
    const result = await show(path, month, '-o', 'table');
    expect(result.code).toBe(0);
    const lastDay = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();
    expect(result.stdout).toContain(`${world.hall.name} / 1F / Pump room (${world.pumpRoom.id})`);
    expect(result.stdout).toContain(`${month}: ${month}-01 to ${month}-${lastDay}, ${ZONE}`);
    expect(result.stdout).toMatch(/^Scheme {2}CLI cost scheme, calculated \d{4}-\d{2}-\d{2} \d{2}:\d{2}/m);
    expect(result.stdout).toMatch(/^TYPE\s+QUANTITY\s+AVG PRICE\s+ENERGY\s+BASIC\s+PF\s+TOTAL \(yuan\)$/m);
    const answer = await world.admin.client.cost.results({
      body: { schemeId: world.schemeId, month, nodeIds: [world.pumpRoom.id] },
    });
    const row = answer.rows[0] as ObjectCost;
    const water = row.energies.find((e) => e.energyType === 3);
    expect(result.stdout).toMatch(
      new RegExp(`^Water\\s+${water?.quantity} m³\\s+.*${water?.total.toFixed(2)}$`, 'm'),
    );
    expect(result.stdout).toMatch(/^Meter rent\s+10\.00$/m);
    expect(result.stdout).toMatch(new RegExp(`^Total\\s+.*${row.total.toFixed(2)}$`, 'm'));
  });

  it('--csv: a line per type, the fee and a total row, adding up', async () => {
    const [month] = world.months;
    const result = await show(world.pumpRoom.id, month, '--csv');
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trim().split('\n');
    expect(header).toBe(
      'code,name,quantity,unit,avgPrice,energyCharge,basicCharge,pfAdjustment,total,source',
    );
    const codes = rows.map((r) => r.split(',')[0]);
    expect([...codes.slice(0, 2)].sort()).toEqual(['2', '3']);
    expect(codes.slice(2)).toEqual(['other', 'total']);
    const totals = rows.map((r) => Number(r.split(',')[8]));
    const total = totals.pop() ?? Number.NaN;
    expect(cents(total)).toBe(totals.reduce((s, t) => s + cents(t), 0));
  });
});

describe('eem cost show --by child', () => {
  it('a line per child that is an accounting object, with shares, and a total that is their sum', async () => {
    const [month] = world.months;
    const result = await show(world.floor.id, month, '--by', 'child', '--csv');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trim().split('\n');
    expect(header).toBe(
      'nodeId,node,scheme,energyCharge,basicCharge,pfAdjustment,otherFees,apportioned,total,sharePct',
    );
    const answer = await world.admin.client.cost.results({ body: { schemeId: world.schemeId, month } });
    expect(rows).toHaveLength(3);
    for (const room of [world.pumpRoom, world.workshop]) {
      const line = rows.find((r) => r.startsWith(`${room.id},`))?.split(',') ?? [];
      expect(Number(line[8])).toBe(answer.rows.find((r) => r.node.id === room.id)?.total);
    }
    const total = rows.at(-1)?.split(',') ?? [];
    expect(total.slice(0, 2)).toEqual(['', 'Total']);
    expect(cents(Number(total[8]))).toBe(cents(answer.total.total));
    expect(rows.slice(0, 2).reduce((s, r) => s + Number(r.split(',')[9]), 0)).toBeCloseTo(100, 0);
  });

  it('the table at 80 columns', async () => {
    const [month] = world.months;
    const result = await eem(
      home,
      ['cost', 'show', '--node', `${world.hall.name}/1F`, '--month', month, '--by', 'child', '-o', 'table'],
      { env: { ...ENV, COLUMNS: '80' }, timeoutMs: 30_000 },
    );
    expect(result.code).toBe(0);
    for (const line of result.stdout.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    expect(result.stdout).toMatch(/^CHILD\s+ENERGY\s+BASIC\s+PF\s+OTHER\s+APPORT\.\s+TOTAL \(yuan\)\s+%$/m);
    expect(result.stdout).toMatch(/^Pump room\s/m);
    expect(result.stdout).toMatch(/^Workshop\s/m);
  });
});

describe('eem cost show: empty state and refusals', () => {
  it('a month not calculated says so and how to calculate it, and prints no figures', async () => {
    const month = currentMonth();
    const result = await show(world.pumpRoom.id, month);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `Nothing calculated for ${month} yet: scheme CLI cost scheme has no results for that month.`,
    );
    expect(result.stderr).toContain(`/costaccounting`);
    expect(result.stderr).toContain(`POST /eem-service/v1/costaccount/calculate {"month":"${month}"}`);
    const json = await show(world.pumpRoom.id, month, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ month, calculatedAt: null, cost: null });
  });

  it('refuses bad flags by name, unknown nodes and nodes that are no accounting object', async () => {
    const id = String(world.pumpRoom.id);
    const cases: [string[], RegExp, number][] = [
      [
        ['--node', id, '--month', '2026-13'],
        /--month must be a month as YYYY-MM, e\.g\. 2026-10 \(got "2026-13"\)/,
        2,
      ],
      [['--node', id], /--month is required: the month as YYYY-MM/, 2],
      [['--month', '2026-10'], /--node is required: a node id or a path of names/, 2],
      [
        ['--node', id, '--month', '2026-10', '--by', 'meter'],
        /'--by <breakdown>' argument 'meter' is invalid/,
        2,
      ],
      [
        ['--node', id, '--month', '2026-10', '--csv', '--json'],
        /--csv and --json ask for different formats/,
        2,
      ],
      [['--node', '999999', '--month', '2026-10'], /--node: no node 999999 in this project/, 1],
      [
        ['--node', `${world.hall.name}/2F`, '--month', '2026-10'],
        /--node: no node ".*\/2F" in this project/,
        1,
      ],
      [
        ['--node', String(world.floor.id), '--month', '2026-10'],
        /--node: 1F \(\d+\) is not an accounting object of any accounting scheme\nIts children Pump room, Workshop are: try --by child\./,
        1,
      ],
      [
        ['--node', String(world.pumpRoom.id), '--month', '2026-10', '--by', 'child'],
        /--node: no child of Pump room \(\d+\) is an accounting object\nIt is one itself: see `--by type`\./,
        1,
      ],
    ];
    for (const [args, message, code] of cases) {
      const result = await run(['cost', 'show', ...args]);
      expect(result.stderr).toMatch(message);
      expect(result.code).toBe(code);
      expect(result.stdout).toBe('');
    }
  });

  it("another project's user gets neither this project's nodes nor its costs", async () => {
    const other = newHome();
    await signIn(other, server.url, 'manager-bj');
    const mine = await run(
      ['cost', 'show', '--node', String(world.pumpRoom.id), '--month', world.months[0]],
      other,
    );
    expect(mine.code).toBe(1);
    expect(mine.stderr).toContain(`--node: no node ${world.pumpRoom.id} in this project`);
    const berlin = await sdkSignIn(server.url, 'manager-bj');
    expect(berlin.user.projectId).not.toBe(world.projectId);
    const forced = await run(
      [
        '--project',
        String(world.projectId),
        'cost',
        'show',
        '--node',
        String(world.pumpRoom.id),
        '--month',
        world.months[0],
      ],
      other,
    );
    expect(forced.code).not.toBe(0);
    expect(forced.stdout).toBe('');
    expect(forced.stderr).toContain(`no permission for project ${world.projectId}`);
    expect(forced.stderr).not.toContain('Pump room');
  });
});
