/**
 * `eem demand status` and `eem bill show` as a user runs them (the built binary in a pipe, with
 * TZ far from the project's) against the reference server with the demo's inlets (made through
 * the API where the demo has none):
 * the demand of every inlet equal to the realtime call, the bill's lines equal to bill/bill
 * with a total that is the sum of its lines, the month read in Shanghai's zone, CSV and JSON,
 * and the refusals: a month that is not YYYY-MM, no inlet, an inlet of another project.
 */
import type { ComputedBill } from '@eem/contract';
import { localParts, monthBounds } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn as sdkSignIn } from '../support/clients.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { eem, type Home, newHome, signIn } from './run-eem.js';

const ZONE = 'Asia/Shanghai';
/** The machine's zone differs from the project's: months must still be Shanghai's. */
const ENV = { TZ: 'America/Los_Angeles' };

let server: TestServer;
let home: Home;
let sdk: SignedIn;
let inlets: { id: number; name: string }[];

/** This month in Shanghai, 'YYYY-MM'. */
function thisMonth(): string {
  const p = localParts(Date.now(), ZONE);
  return `${p.year}-${String(p.month).padStart(2, '0')}`;
}

const run = (args: string[]) => eem(home, args, { env: ENV, timeoutMs: 30_000 });

/**
 * The project's inlets; where the demo has none, two created through the API (as the tenant's
 * administrator) on its first meters, with a billing scheme on its time-of-use scheme.
 */
async function inletsOf(url: string, projectId: number): Promise<{ id: number; name: string }[]> {
  const admin = await sdkSignIn(url, 'tenant-admin', { projectId });
  const known = await admin.client.demand.inlets({ body: {} });
  if (known.list.length > 0) return known.list.map((i) => ({ id: i.id, name: i.name }));
  const tree = await admin.client.nodes.nodeTreeSimple({
    body: { rootID: projectId, rootLabel: 'project', treeReturnEnable: true },
  });
  const meters: { id: number }[] = [];
  const walk = (items: typeof tree) => {
    for (const item of items) {
      if (item.modelLabel === 'meter') meters.push(item);
      walk(item.children ?? []);
    }
  };
  walk(tree);
  const tou = (await admin.client.metering.schemes())[0];
  const scheme = await admin.client.demand.createBillingScheme({
    body: {
      name: `Tariff ${projectId}`,
      pfStandard: 0.9,
      touSchemeId: tou?.id ?? null,
      versions: [
        {
          from: '2025-01',
          to: null,
          methods: ['capacity', 'demand'],
          capacityPrice: 32,
          demandPrice: 48,
          energyPrices: { sharp: 1.2, peak: 0.95, flat: 0.62, valley: 0.31 },
        },
      ],
    },
  });
  const out: { id: number; name: string }[] = [];
  for (const [i, meter] of meters.slice(0, 2).entries()) {
    const inlet = await admin.client.demand.createInlet({
      body: {
        name: `Inlet ${i + 1}`,
        code: `IN-0${i + 1}`,
        voltageKv: 10,
        busSegment: `Bus ${i + 1}`,
        transformerKva: 800,
        billingMethod: i === 0 ? 'demand' : 'capacity',
        declaredKw: 50,
        windowType: 'sliding',
        meter: { id: meter.id, modelLabel: 'meter' },
        billingSchemeId: scheme.id,
      },
    });
    out.push({ id: inlet.id, name: inlet.name });
  }
  return out;
}

beforeAll(async () => {
  server = await startTestServer({ env: { EEM_HISTORY_DAYS: '3' } });
  home = newHome();
  await signIn(home, server.url, 'operator-sh');
  const first = await sdkSignIn(server.url, 'operator-sh');
  sdk = await sdkSignIn(server.url, 'operator-sh', { projectId: first.user.projectId ?? 0 });
  inlets = await inletsOf(server.url, first.user.projectId ?? 0);
  if (inlets.length === 0) throw new Error('the demo project has no inlets');
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('eem demand status', () => {
  it('--json: every inlet with the figures of the realtime call', async () => {
    const result = await run(['demand', 'status', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout) as Awaited<ReturnType<SignedIn['client']['demand']['realtime']>>;
    const expected = await sdk.client.demand.realtime({ body: {} });
    expect(shown.timeZone).toBe(ZONE);
    expect(shown.inlets.map((i) => i.inlet.id).sort()).toEqual(inlets.map((i) => i.id).sort());
    for (const inlet of expected.inlets) {
      const mine = shown.inlets.find((i) => i.inlet.id === inlet.inlet.id);
      expect(mine?.declaredKw).toBe(inlet.declaredKw);
      expect(mine?.levels).toEqual(inlet.levels);
      // The month's maximum cannot fall between the two calls; the demand may move a little.
      expect(mine?.monthMax?.kw ?? 0).toBeLessThanOrEqual(inlet.monthMax?.kw ?? 0);
      expect(mine?.transformerKva).toBe(inlet.transformerKva);
      expect(mine?.windowType).toBe(inlet.windowType);
    }
  });

  it('a table: kW, % of declared, the level and the month maximum with its time in Shanghai', async () => {
    const result = await run(['demand', 'status', '-o', 'table']);
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^INLET\s+KW\s+DECLARED\s+%\s+LEVEL\s+MONTH MAX\s+AT$/);
    expect(rows).toHaveLength(inlets.length);
    const answer = await sdk.client.demand.realtime({ body: {} });
    for (const inlet of answer.inlets) {
      const row = rows.find((r) => r.startsWith(inlet.inlet.name));
      expect(row).toContain(inlet.declaredKw.toFixed(1));
      if (inlet.monthMax) {
        // The maximum's time as Shanghai's wall clock, not Los Angeles'.
        const p = localParts(inlet.monthMax.at, ZONE);
        expect(row).toContain(`${String(p.day).padStart(2, '0')} ${String(p.hour).padStart(2, '0')}:`);
      }
    }
    expect(result.stderr).toContain(`in ${ZONE} (the project's zone)`);
  });

  it('CSV: a header of field keys and a row per inlet', async () => {
    const result = await run(['demand', 'status', '-o', 'csv']);
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trim().split('\n');
    expect(header).toBe(
      'inletId,inlet,busSegment,windowType,demandKw,predictedKw,activeKw,declaredKw,utilizationPct,level,levels,monthMaxKw,monthMaxAt,transformerKva,updatedAt',
    );
    expect(rows).toHaveLength(inlets.length);
  });
});

describe('eem bill show', () => {
  it('--json: the bill of bill/bill with its inputs, and a total that is the sum of its lines', async () => {
    const inlet = inlets[0] as { id: number; name: string };
    const month = thisMonth();
    const result = await run(['bill', 'show', '--inlet', inlet.name, '--month', month, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const shown = JSON.parse(result.stdout) as { computed: ComputedBill };
    const expected = await sdk.client.bills.bill({ body: { inletId: inlet.id, month } });
    expect(shown.computed.lines).toEqual(expected.computed.lines);
    expect(shown.computed.total).toBe(expected.computed.total);
    const cents = shown.computed.lines.reduce((sum, l) => sum + Math.round(l.amount * 100), 0);
    expect(Math.round(shown.computed.total * 100)).toBe(cents);
    expect(shown.computed.start).toBe(monthBounds(month, ZONE).start);
    expect(shown.computed.inputs).toEqual(expected.computed.inputs);
  });

  it('a table for people: the month in Shanghai, a line per charge, the total and the inputs', async () => {
    const inlet = inlets[0] as { id: number; name: string };
    const result = await run(['bill', 'show', '--inlet', String(inlet.id), '-o', 'table']);
    expect(result.code).toBe(0);
    const month = thisMonth();
    const { start } = monthBounds(month, ZONE);
    expect(start).toBeGreaterThan(0);
    expect(result.stdout).toContain(`${month}: ${month}-01 to `);
    expect(result.stdout).toContain(`, ${ZONE} (to date)`);
    expect(result.stdout).toMatch(/^LINE\s+QUANTITY\s+PRICE\s+AMOUNT \(yuan\)$/m);
    expect(result.stdout).toMatch(/^Total\s+\S+$/m);
    // With readings of only a few days the month's kvarh may be unknown (the bill says so).
    expect(result.stdout).toMatch(
      /^Power factor: (P .* kWh, Q .* kvarh, P\/√\(P²\+Q²\) = |no reactive power stored|not assessed)/m,
    );
    expect(result.stdout).toMatch(/^Basic charge by (capacity|demand)/m);
    expect(result.stderr).toContain(`${month} is not over: the figures are to date.`);
  });

  it('--csv: the lines and a total row, adding up', async () => {
    const inlet = inlets[inlets.length - 1] as { id: number; name: string };
    const result = await run([
      'bill',
      'show',
      '--inlet',
      inlet.name.toLowerCase(),
      '--month',
      thisMonth(),
      '--csv',
    ]);
    expect(result.code).toBe(0);
    const [header, ...rows] = result.stdout.trim().split('\n');
    expect(header).toBe('code,name,quantity,unit,price,amount');
    const amounts = rows.map((r) => Number(r.split(',').at(-1)));
    const total = amounts.pop() ?? Number.NaN;
    expect(rows.at(-1)).toMatch(/^total,Total,/);
    expect(Math.round(total * 100)).toBe(amounts.reduce((s, a) => s + Math.round(a * 100), 0));
  });

  it('refuses bad flags by name, and an inlet that is not in the project', async () => {
    const name = (inlets[0] as { name: string }).name;
    const cases: [string[], RegExp, number][] = [
      [
        ['--inlet', name, '--month', '2026-13'],
        /--month must be a month as YYYY-MM, e\.g\. 2026-10 \(got "2026-13"\)/,
        2,
      ],
      [['--inlet', name, '--month', '10/2026'], /--month must be a month as YYYY-MM/, 2],
      [['--month', '2026-10'], /--inlet is required/, 2],
      [['--inlet', name, '--csv', '--json'], /--csv and --json ask for different formats/, 2],
      [['--inlet', 'No such inlet'], /--inlet: no inlet "No such inlet" in this project/, 1],
    ];
    for (const [args, message, code] of cases) {
      const result = await run(['bill', 'show', ...args]);
      expect(result.stderr).toMatch(message);
      expect(result.code).toBe(code);
      expect(result.stdout).toBe('');
    }
    const unknown = await run(['bill', 'show', '--inlet', 'No such inlet']);
    expect(unknown.stderr).toContain(`${name} (`);
    // Another project's inlet, by its id: not found here.
    const other = await sdkSignIn(server.url, 'manager-bj');
    const foreign = (await inletsOf(server.url, other.user.projectId ?? 0))[0];
    if (!foreign) throw new Error('Berlin Works has no inlets');
    const refused = await run(['bill', 'show', '--inlet', String(foreign.id), '--month', thisMonth()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`--inlet: no inlet "${foreign.id}" in this project`);
  });
});
