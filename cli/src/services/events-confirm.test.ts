import { describe, expect, it } from 'vitest';
import { type FakeOptions, fakeContext, fakeIO, sdkError } from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { type ConfirmFlags, confirmEvents, confirmTarget } from './events-confirm.js';
import { demoEvent, FIXTURE_NOW as NOW } from './events-fixtures.js';

function server(options: { matched?: number; confirmError?: Error } = {}) {
  const calls: { confirm: unknown[]; matching: unknown[] } = { confirm: [], matching: [] };
  const client: FakeOptions['client'] = () => ({
    events: {
      event: async (input: { params: { id: number } }) => {
        if (input.params.id === 404)
          throw sdkError('NotFoundError', { code: 4004, msg: 'gone', httpStatus: 404 });
        return demoEvent({ id: input.params.id, status: input.params.id === 3 ? 3 : 1 });
      },
      confirm: async (input: { body: { events: { eventId: number }[] } }) => {
        calls.confirm.push(input);
        if (options.confirmError) throw options.confirmError;
        const ids = input.body.events.map((e) => e.eventId);
        return { confirmed: ids.filter((id) => id !== 3), skipped: ids.filter((id) => id === 3) };
      },
      confirmMatching: async (input: { body: { dryRun: boolean } }) => {
        calls.matching.push(input);
        const matched = options.matched ?? 4;
        return { matched, confirmed: input.body.dryRun ? 0 : matched };
      },
    },
  });
  return { calls, client };
}

async function setUp(client: FakeOptions['client'], options: FakeOptions = {}) {
  const io = fakeIO({ client, now: NOW, ...options });
  const ctx = fakeContext(io);
  await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
  return { io, ctx };
}

const flags = (f: Partial<ConfirmFlags>): ConfirmFlags => ({ ids: [], ...f });

describe('events confirm by id', () => {
  it('confirms with a result and says which were already confirmed', async () => {
    const { calls, client } = server();
    const { io, ctx } = await setUp(client);
    await confirmEvents(ctx, flags({ ids: ['1', '2,3'], result: ' replaced the fuse ', json: true }));
    expect(calls.confirm).toEqual([
      {
        body: {
          events: [{ eventId: 1 }, { eventId: 2 }, { eventId: 3 }],
          mode: 'normal',
          result: 'replaced the fuse',
        },
      },
    ]);
    expect(JSON.parse(io.stdout.text)).toEqual({ confirmed: [1, 2], skipped: [3] });
    expect(io.stderr.text).toContain('Confirmed 2 events. Already confirmed, skipped: 3.');
  });

  it('--simple sends no result; more than 1,000 ids go in several calls', async () => {
    const { calls, client } = server();
    const { ctx } = await setUp(client);
    const ids = Array.from({ length: 1_500 }, (_, i) => String(i + 10));
    await confirmEvents(ctx, flags({ ids, simple: true }));
    expect(calls.confirm).toHaveLength(2);
    expect(calls.confirm[0]).toMatchObject({ body: { mode: 'simple' } });
    expect((calls.confirm[1] as { body: { events: unknown[] } }).body.events).toHaveLength(500);
  });

  it('refuses clearly: no result without a terminal, an empty or long result, both modes, unknown events', async () => {
    const { client } = server();
    const { ctx } = await setUp(client);
    await expect(confirmEvents(ctx, flags({ ids: ['1'] }))).rejects.toThrow(
      '--result TEXT (the processing result) or --simple is required when eem is not run on a terminal',
    );
    await expect(confirmEvents(ctx, flags({ ids: ['1'], result: '  ' }))).rejects.toThrow(
      '--result: the processing result is required',
    );
    await expect(confirmEvents(ctx, flags({ ids: ['1'], result: 'x'.repeat(256) }))).rejects.toThrow(
      '--result: at most 255 characters',
    );
    await expect(confirmEvents(ctx, flags({ ids: ['1'], result: 'a', simple: true }))).rejects.toThrow(
      'give --result TEXT or --simple, not both',
    );
    expect(() => confirmTarget(flags({}), NOW)).toThrow('name the events to confirm');
    expect(() => confirmTarget(flags({ ids: ['1'], level: '1' }), NOW)).toThrow(
      '--level filters the events of --all-matching',
    );
    const refused = server({
      confirmError: sdkError('ValidationError', {
        code: 4000,
        msg: 'events: event 9 does not exist in this project',
      }),
    });
    const r = await setUp(refused.client);
    await expect(confirmEvents(r.ctx, flags({ ids: ['9'], simple: true }))).rejects.toThrow(
      'the server refused the confirmation: events: event 9 does not exist in this project',
    );
    const denied = server({
      confirmError: sdkError('PermissionError', { code: 4003, msg: 'no permission' }),
    });
    const d = await setUp(denied.client);
    await expect(confirmEvents(d.ctx, flags({ ids: ['9'], simple: true }))).rejects.toThrow(
      'you may not confirm events: no permission',
    );
  });

  it('asks for the result on a terminal', async () => {
    const { calls, client } = server();
    const { ctx } = await setUp(client, { tty: true, stdin: 'checked the meter\n' });
    await confirmEvents(ctx, flags({ ids: ['1'] }));
    expect(calls.confirm[0]).toMatchObject({ body: { mode: 'normal', result: 'checked the meter' } });
  });

  it('--dry-run with ids says how many would be confirmed and confirms nothing', async () => {
    const { calls, client } = server();
    const { io, ctx } = await setUp(client);
    await confirmEvents(ctx, flags({ ids: ['1', '2', '3'], dryRun: true }));
    expect(calls.confirm).toEqual([]);
    expect(io.stderr.text).toContain(
      '2 events would be confirmed (1 already confirmed); none confirmed (dry run).',
    );
    await expect(confirmEvents(ctx, flags({ ids: ['404'], dryRun: true }))).rejects.toThrow(
      'events: event 404 does not exist in this project',
    );
  });
});

describe('events confirm --all-matching', () => {
  it('counts first; without a terminal it needs --yes', async () => {
    const { calls, client } = server({ matched: 4 });
    const { io, ctx } = await setUp(client);
    await expect(confirmEvents(ctx, flags({ allMatching: true, level: '3', simple: true }))).rejects.toThrow(
      '--yes is required to confirm 4 events without a terminal',
    );
    expect(calls.matching).toHaveLength(1);
    expect(calls.matching[0]).toMatchObject({ body: { dryRun: true, filter: { levels: [3] } } });
    await confirmEvents(ctx, flags({ allMatching: true, level: '3', simple: true, yes: true }));
    expect(calls.matching[2]).toMatchObject({ body: { dryRun: false, mode: 'simple' } });
    expect(io.stderr.text).toContain('Confirmed 4 events (simple).');
  });

  it('--dry-run only says how many match', async () => {
    const { calls, client } = server({ matched: 12 });
    const { io, ctx } = await setUp(client);
    await confirmEvents(ctx, flags({ allMatching: true, dryRun: true, json: true }));
    expect(calls.matching).toHaveLength(1);
    expect(JSON.parse(io.stdout.text)).toEqual({ matched: 12 });
    expect(io.stderr.text).toContain('12 unconfirmed events match; none confirmed (dry run).');
  });

  it('asks on a terminal; anything but yes confirms nothing', async () => {
    const no = server();
    const n = await setUp(no.client, { tty: true, stdin: 'n\n' });
    await confirmEvents(n.ctx, flags({ allMatching: true, simple: true }));
    expect(no.calls.matching).toHaveLength(1);
    expect(n.io.stderr.text).toContain('Confirm 4 events? [y/N]');
    expect(n.io.stderr.text).toContain('Nothing confirmed.');
    const yes = server();
    const y = await setUp(yes.client, { tty: true, stdin: 'done by the night shift\ny\n' });
    await confirmEvents(y.ctx, flags({ allMatching: true }));
    expect(yes.calls.matching[1]).toMatchObject({
      body: { dryRun: false, mode: 'normal', result: 'done by the night shift' },
    });
  });

  it('says so when nothing matches', async () => {
    const { calls, client } = server({ matched: 0 });
    const { io, ctx } = await setUp(client);
    await confirmEvents(ctx, flags({ allMatching: true, simple: true }));
    expect(calls.matching).toHaveLength(1);
    expect(io.stderr.text).toContain('No unconfirmed events match; nothing to confirm.');
  });
});
