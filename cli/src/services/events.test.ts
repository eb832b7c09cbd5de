import type { EventItem } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { type FakeOptions, fakeContext, fakeIO, sdkError } from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { countEvents, fetchEvents, listEvents, showEvent } from './events.js';
import { demoEvent, FIXTURE_NOW as NOW } from './events-fixtures.js';

const HOUR = 3_600_000;

/** An event log of `total` events, ids total..1, answered page by page. */
function server(total: number, extra: Record<string, unknown> = {}) {
  const calls: { eventLog: { body: { page: { index: number; limit: number } } }[]; other: unknown[] } = {
    eventLog: [],
    other: [],
  };
  const all = Array.from({ length: total }, (_, i) => demoEvent({ id: total - i }));
  const client: FakeOptions['client'] = () => ({
    // The project's zone, in which tables show times.
    projects: { nodeData: async () => ({ timeZone: 'Asia/Shanghai' }) },
    events: {
      eventLog: async (input: { body: { page: { index: number; limit: number } } }) => {
        calls.eventLog.push(input);
        const { index, limit } = input.body.page;
        return { total, list: all.slice(index * limit, (index + 1) * limit) };
      },
      event: async (input: { params: { id: number } }) => {
        const found = all.find((e) => e.id === input.params.id);
        if (!found) throw sdkError('NotFoundError', { code: 4004, msg: 'no such event', httpStatus: 404 });
        return found;
      },
      relationEvent: async () => [demoEvent({ id: 7 }), demoEvent({ id: 99, description: 'a neighbour' })],
      countByLevel: async (input: unknown) => {
        calls.other.push(input);
        return [
          { key: 1, label: 'Level 1', count: 2 },
          { key: 2, label: 'Level 2', count: 5 },
        ];
      },
      countByStatus: async () => ({
        rows: [{ key: 1, label: 'Pending', count: 3 }],
        averageConfirmMs: 90_000,
      }),
      ...extra,
    },
  });
  return { calls, client };
}

async function setUp(client: FakeOptions['client'], options: FakeOptions = {}, projectId = 1) {
  const io = fakeIO({ client, now: NOW, ...options });
  const ctx = fakeContext(io);
  await signInProfile(ctx, projectId ? { project: { id: projectId, name: 'Shanghai Plant' } } : {});
  return { io, ctx };
}

describe('events list', () => {
  it('asks for the last 24 hours and prints tab-separated rows, telling how many more there are', async () => {
    const { calls, client } = server(120);
    const { io, ctx } = await setUp(client);
    await listEvents(ctx, { level: '2' }, {});
    expect(calls.eventLog[0]).toEqual({
      body: {
        startTime: NOW - 24 * HOUR,
        endTime: NOW,
        statuses: [],
        levels: [2],
        logTypes: [],
        nodeIds: [],
        eventClasses: [],
        keyword: '',
        page: { index: 0, limit: 50 },
      },
    });
    const lines = io.stdout.text.trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    expect(lines[0]).toBe(
      `120\t${new Date(NOW - HOUR).toISOString()}\t2\tAlarm\t701\tEnergy over limit\tpending\t12\tWorkshop A\thourly energy 912 kWh over the 800 kWh limit`,
    );
    expect(io.stderr.text).toContain('Showing 50 of 120 events; --limit N or --all shows more.');
  });

  it('pages through the server with --all and --limit', async () => {
    const { client } = server(2_500);
    const all = await fetchEvents(
      client({} as never) as never,
      { startTime: 0, endTime: 1 } as never,
      Infinity,
    );
    expect(all.list).toHaveLength(2_500);
    expect(new Set(all.list.map((e) => e.id)).size).toBe(2_500);
    const some = await fetchEvents(
      client({} as never) as never,
      { startTime: 0, endTime: 1 } as never,
      1_200,
    );
    expect(some.list.map((e) => e.id).slice(-1)).toEqual([2_500 - 1_199]);
  });

  it('prints a table on a terminal, json and csv, and says when nothing matches', async () => {
    const table = await setUp(server(2).client, { tty: true, env: { NO_COLOR: '1' } });
    await listEvents(table.ctx, {}, {});
    expect(table.io.stdout.text).toMatch(/^ID +TIME +LEVEL +CLASS +TYPE +STATUS +NODE +DESCRIPTION$/m);
    const json = await setUp(server(2).client);
    await listEvents(json.ctx, {}, { json: true });
    expect((JSON.parse(json.io.stdout.text) as EventItem[]).map((e) => e.id)).toEqual([2, 1]);
    const csv = await setUp(server(1).client);
    await listEvents(csv.ctx, {}, { output: 'csv' });
    expect(csv.io.stdout.text.split('\n')[0]).toBe(
      'id,time,level,eventClass,logType,logTypeName,status,nodeId,nodeName,description',
    );
    const none = await setUp(server(0).client, { tty: true });
    await listEvents(none.ctx, {}, {});
    expect(none.io.stderr.text).toContain('No events match.');
  });

  it('needs a current project (exit 2) and explains a refused permission', async () => {
    const noProject = await setUp(server(1).client, {}, 0);
    await expect(listEvents(noProject.ctx, {}, {})).rejects.toMatchObject({ exitCode: 2 });
    const refused = server(1, {
      eventLog: async () => {
        throw sdkError('PermissionError', { code: 4003, msg: 'no permission: event_browser' });
      },
    });
    const { ctx } = await setUp(refused.client);
    await expect(listEvents(ctx, {}, {})).rejects.toThrow(
      'you may not read the event log: no permission: event_browser',
    );
  });
});

describe('events show and count', () => {
  it('shows one event with every field and its related events (not itself)', async () => {
    const { io, ctx } = await setUp(server(10).client, { tty: true, env: { NO_COLOR: '1' } });
    await showEvent(ctx, 7, {});
    expect(io.stdout.text).toMatch(/^Threshold +800 kWh$/m);
    expect(io.stdout.text).toMatch(/^Node +Building 1 \/ Workshop A$/m);
    expect(io.stdout.text).toContain('Related events');
    expect(io.stdout.text).toContain('a neighbour');
    const json = await setUp(server(10).client);
    await showEvent(json.ctx, 7, { json: true });
    const shown = JSON.parse(json.io.stdout.text) as EventItem & { related: EventItem[] };
    expect(shown.related.map((e) => e.id)).toEqual([99]);
    const missing = await setUp(server(10).client);
    await expect(showEvent(missing.ctx, 404, {})).rejects.toThrow(
      'events: event 404 does not exist in this project',
    );
  });

  it('counts by level (the default) and by status with the average time to confirm', async () => {
    const { io, ctx } = await setUp(server(1).client, { tty: true, env: { NO_COLOR: '1' } });
    await countEvents(ctx, 'level', { since: '7d' }, {});
    expect(io.stdout.text).toMatch(/Level 2 +5/);
    expect(io.stderr.text).toContain('7 events in all.');
    const status = await setUp(server(1).client, { tty: true, env: { NO_COLOR: '1' } });
    await countEvents(status.ctx, 'status', {}, {});
    expect(status.io.stderr.text).toContain('Average time to confirm: 1m.');
    const json = await setUp(server(1).client);
    await countEvents(json.ctx, 'status', {}, { json: true });
    expect(JSON.parse(json.io.stdout.text)).toEqual({
      by: 'status',
      total: 3,
      rows: [{ key: 1, label: 'Pending', count: 3 }],
      averageConfirmMs: 90_000,
    });
    // One shape whatever --by.
    const byLevel = await setUp(server(1).client);
    await countEvents(byLevel.ctx, 'level', {}, { json: true });
    expect(Object.keys(JSON.parse(byLevel.io.stdout.text))).toEqual([
      'by',
      'total',
      'rows',
      'averageConfirmMs',
    ]);
  });
});
