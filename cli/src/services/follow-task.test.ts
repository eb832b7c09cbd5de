import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEndpoint, Task } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { InterruptedError } from '../errors.js';
import {
  type FakeIO,
  type FakeOptions,
  fakeContext,
  fakeIO,
  tempConfigHome,
} from '../test-support/fake-io.js';
import { FakeProgressChannel } from '../test-support/progress-channel.js';
import { signInProfile } from '../test-support/signed-in.js';
import { demoTask, fakeDownload } from '../test-support/tasks.js';
import { followTask } from './follow-task.js';
import { importNodes } from './node-import.js';

const running = (ratio: number, message = '') => demoTask({ status: 2, ratio, message });
const succeeded = (message: string) => demoTask({ status: 3, ratio: 1, message, endTime: 1 });
const failed = (message: string) => demoTask({ status: 4, ratio: 0.5, message, endTime: 1 });

interface Server {
  polls: unknown[];
  checks: unknown[];
  downloads: unknown[];
  mes: number;
  client: FakeOptions['client'];
}

/**
 * A server whose notices.task answers the polls with `progress` one after the other (a poll is
 * a call while some are left; an Error entry is thrown), then `record` (the final check; or
 * fails when it is an Error), and whose session.me answers user `me` (or fails when undefined).
 */
function server(
  options: {
    progress?: (Task | Error)[];
    record?: Task | Error;
    me?: number;
    onPoll?: (n: number) => void;
  } = {},
): Server {
  const progress = options.progress ?? [];
  const s: Server = { polls: [], checks: [], downloads: [], mes: 0, client: undefined };
  s.client = () => ({
    upload: async () => demoTask(),
    session: {
      me: async () => {
        s.mes++;
        if (options.me === undefined) throw new Error('no such endpoint');
        return { id: options.me };
      },
    },
    notices: {
      importProgress: async () => {
        throw new Error('followTask polls by id (notices.task), not by type');
      },
      task: async (input: unknown) => {
        const next = progress[s.polls.length];
        if (next !== undefined) {
          s.polls.push(input);
          options.onPoll?.(s.polls.length);
          if (next instanceof Error) throw next;
          return next;
        }
        s.checks.push(input);
        if (options.record instanceof Error) throw options.record;
        return options.record ?? demoTask();
      },
    },
    download: async (endpoint: AnyEndpoint, input: unknown) => {
      s.downloads.push({ endpoint: endpoint.id, input });
      return fakeDownload(new Uint8Array([7]));
    },
  });
  return s;
}

async function setUp(s: Server, channel: FakeProgressChannel | undefined, options: FakeOptions = {}) {
  const io = fakeIO({
    client: s.client,
    ...(channel ? { openProgressChannel: channel.open } : {}),
    ...options,
  });
  const ctx = fakeContext(io, { debug: options.env?.EEM_DEBUG === '1' });
  await signInProfile(ctx, { project: { id: 1, name: 'Shanghai Plant' } });
  const client = await io.createClient({ baseUrl: 'http://eem.test:8080' });
  return { io, ctx, client };
}

/** The progress lines of stderr (in a pipe). */
function lines(io: FakeIO): string[] {
  return io.stderr.text.split('\n').filter((l) => l.startsWith('task 12: '));
}

function workbook(): string {
  const path = join(tempConfigHome(), 'site.xlsx');
  writeFileSync(path, 'PK fake workbook');
  return path;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('following a task on the progress channel', () => {
  it('shows the snapshot and every progress message as it arrives, never polls while the channel speaks, and checks the end by notices.task', async () => {
    const s = server({ record: succeeded('imported 2000 nodes') });
    const channel = new FakeProgressChannel();
    channel.onOpen = async (c) => {
      c.ready([demoTask({ id: 99, ratio: 0.9 }), running(0.1)]);
      await sleep(5);
      c.progress(running(0.4, '800/2000'));
      c.progress(running(0.3)); // older than what was shown: dropped
      c.progress(running(0.4, '800/2000')); // the same again: no second line
      c.progress(demoTask({ id: 99, status: 3, ratio: 1 })); // another task
      await sleep(5);
      c.progress(running(0.75, '1500/2000'));
      c.progress(succeeded('done'));
    };
    const { io, ctx } = await setUp(s, channel);
    await importNodes(ctx, workbook(), { dryRun: false, wait: true, network: false, intervalMs: 60_000 });
    expect(channel.opens.map((o) => o.userId)).toEqual([3]);
    expect(s.polls).toEqual([]);
    expect(s.checks).toEqual([{ params: { id: 12 } }]);
    expect(lines(io)).toEqual([
      'task 12: importing 10%',
      'task 12: importing 40% (800/2000 rows)',
      'task 12: importing 75% (1500/2000 rows)',
      'task 12: success 100%',
    ]);
    expect(io.stdout.text).toBe('12\n');
    expect(io.stderr.text).toMatch(/Task 12 succeeded: imported 2000 nodes\n$/);
    expect(channel.isOpen).toBe(false);
    expect(channel.closed).toBe(1);
  });

  it('draws the bar from the channel messages on a terminal', async () => {
    const s = server({ record: succeeded('imported') });
    const channel = new FakeProgressChannel();
    channel.onOpen = (c) => {
      c.ready([running(0.5, '1000/2000')]);
      c.progress(succeeded('imported'));
    };
    const { io, ctx, client } = await setUp(s, channel, { tty: true, env: { TERM: 'xterm' } });
    await followTask(ctx, client, running(0), { intervalMs: 60_000, userId: 3 });
    const frames = io.stderr.text.split('\r\u001b[2K');
    expect(frames[1]).toMatch(/^importing .* {2}50% {2}1000\/2000 rows$/);
    expect(frames[2]).toMatch(/^success .* 100%\n/);
    expect(s.polls).toEqual([]);
  });

  it('never waits on a silent channel: with no news of the task for an interval, it polls', async () => {
    const s = server({ progress: [running(0.5), succeeded('imported')], record: succeeded('imported') });
    const channel = new FakeProgressChannel();
    channel.onOpen = (c) => c.ready([]);
    const { io, ctx, client } = await setUp(s, channel);
    await followTask(ctx, client, running(0), { intervalMs: 20, userId: 3 });
    expect(s.polls).toHaveLength(2);
    expect(s.polls[0]).toEqual({ params: { id: 12 } });
    expect(lines(io)).toEqual(['task 12: importing 50%', 'task 12: success 100%']);
    expect(channel.closed).toBe(1);
  });

  it('polls at once when the channel cannot be opened, then every interval', async () => {
    const s = server({ progress: [running(0.2), running(0.6), succeeded('ok')], record: succeeded('ok') });
    const channel = new FakeProgressChannel();
    channel.failWith = new Error('no WebSocket implementation available');
    const { io, ctx, client } = await setUp(s, channel, { env: { EEM_DEBUG: '1' } });
    await followTask(ctx, client, running(0), { intervalMs: 1, userId: 3 });
    expect(s.polls).toHaveLength(3);
    expect(io.stderr.text).toContain('progress channel unavailable (no WebSocket implementation available)');
    expect(lines(io)).toEqual(['task 12: importing 20%', 'task 12: importing 60%', 'task 12: success 100%']);
  });

  it('polls at once when the channel closes, and goes on polling every interval while it is away', async () => {
    const s = server({ progress: [running(0.5), running(0.7), succeeded('ok')], record: succeeded('ok') });
    const channel = new FakeProgressChannel();
    channel.onOpen = (c) => {
      c.ready([running(0.2)]);
      c.drop();
      c.drop(); // the helper's next failed reconnect: no extra poll
    };
    const { io, ctx, client } = await setUp(s, channel, { env: { EEM_DEBUG: '1' } });
    const started = Date.now();
    await followTask(ctx, client, running(0), { intervalMs: 30, userId: 3 });
    expect(s.polls).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
    expect(io.stderr.text).toContain('progress channel reconnecting (closed (1006)): polling every 0.03 s');
    expect(lines(io)).toEqual([
      'task 12: importing 20%',
      'task 12: importing 50%',
      'task 12: importing 70%',
      'task 12: success 100%',
    ]);
  });

  it('polls when the server refuses the channel (4401/4403)', async () => {
    const s = server({ progress: [succeeded('ok')], record: succeeded('ok') });
    const channel = new FakeProgressChannel();
    channel.onOpen = (c) => c.refuse(4403);
    const { ctx, client } = await setUp(s, channel);
    await followTask(ctx, client, running(0), { intervalMs: 60_000, userId: 3 });
    expect(s.polls).toHaveLength(1);
  });

  it('asks the server for the user when the sign-in does not say it (EEM_TOKEN), and polls when it cannot', async () => {
    const s = server({ record: succeeded('ok'), me: 7 });
    const channel = new FakeProgressChannel();
    channel.onOpen = (c) => c.progress(succeeded('ok'));
    const known = await setUp(s, channel);
    await followTask(known.ctx, known.client, running(0), { intervalMs: 60_000 });
    expect(channel.opens.map((o) => o.userId)).toEqual([7]);
    expect(s.polls).toEqual([]);

    const unknown = server({ progress: [succeeded('ok')], record: succeeded('ok') });
    const other = new FakeProgressChannel();
    const { ctx, client } = await setUp(unknown, other);
    await followTask(ctx, client, running(0), { intervalMs: 60_000 });
    expect(unknown.mes).toBe(1);
    expect(other.opens).toEqual([]);
    expect(unknown.polls).toHaveLength(1);
  });

  it('reports the server record of a failure (the final check), with the error report', async () => {
    const s = server({ record: failed('3 rows have errors') });
    const channel = new FakeProgressChannel();
    channel.onOpen = (c) => c.progress(failed('failed'));
    const { ctx, client } = await setUp(s, channel);
    const reportPath = join(tempConfigHome(), 'site.errors.xlsx');
    await expect(
      followTask(ctx, client, running(0), { intervalMs: 60_000, userId: 3, reportPath }),
    ).rejects.toMatchObject({
      exitCode: 1,
      message: 'task 12 failed: 3 rows have errors',
      hint: `Error report: ${reportPath}`,
    });
    expect([...readFileSync(reportPath)]).toEqual([7]);
  });

  it('keeps the record the channel gave when the final check fails', async () => {
    const s = server({ record: new Error('network down') });
    const channel = new FakeProgressChannel();
    channel.onOpen = (c) => c.progress(succeeded('imported 3 nodes'));
    const { io, ctx, client } = await setUp(s, channel);
    await followTask(ctx, client, running(0), { intervalMs: 60_000, userId: 3 });
    expect(s.checks).toHaveLength(1);
    expect(io.stderr.text).toContain('Task 12 succeeded: imported 3 nodes');
  });

  it('stops on Ctrl-C: exit 130, the channel closed, no poll, and the command to follow again', async () => {
    const s = server({ record: succeeded('ok') });
    const channel = new FakeProgressChannel();
    let io: FakeIO | undefined;
    channel.onOpen = (c) => {
      c.ready([running(0.3)]);
      io?.interrupt();
      c.progress(running(0.6)); // after Ctrl-C: not shown
    };
    const set = await setUp(s, channel);
    io = set.io;
    await expect(
      followTask(set.ctx, set.client, running(0), { intervalMs: 60_000, userId: 3 }),
    ).rejects.toBeInstanceOf(InterruptedError);
    expect(lines(set.io)).toEqual(['task 12: importing 30%']);
    expect(set.io.stderr.text).toContain(
      'Stopped following task 12; it keeps running on the server. Follow it again with: eem tasks watch 12',
    );
    expect(channel.closed).toBe(1);
    expect(s.polls).toEqual([]);
    expect(s.checks).toEqual([]);
  });

  it('stops on Ctrl-C while asking the server who the user is', async () => {
    const s = server();
    const channel = new FakeProgressChannel();
    const set = await setUp(s, channel);
    const client = {
      ...set.client,
      session: { me: () => new Promise<never>(() => {}) },
    } as unknown as typeof set.client;
    setTimeout(() => set.io.interrupt(), 10);
    await expect(followTask(set.ctx, client, running(0), { intervalMs: 60_000 })).rejects.toBeInstanceOf(
      InterruptedError,
    );
    expect(channel.opens).toEqual([]);
    expect(s.polls).toEqual([]);
  });

  it('closes a channel that opens only after Ctrl-C', async () => {
    const s = server();
    const channel = new FakeProgressChannel();
    let io: FakeIO | undefined;
    const open = channel.open;
    const set = await setUp(s, undefined, {
      openProgressChannel: async (client, options) => {
        io?.interrupt();
        return open(client, options);
      },
    });
    io = set.io;
    await expect(
      followTask(set.ctx, set.client, running(0), { intervalMs: 60_000, userId: 3 }),
    ).rejects.toBeInstanceOf(InterruptedError);
    expect(channel.closed).toBe(1);
    expect(s.polls).toEqual([]);
  });
});

describe('following a task by polling', () => {
  it('shows one line per change: polls that find the same percent show nothing', async () => {
    const s = server({
      progress: [running(0.42), running(0.421), running(0.429), running(0.43), succeeded('ok')],
      record: succeeded('ok'),
    });
    const { io, ctx, client } = await setUp(s, undefined);
    await followTask(ctx, client, running(0), { intervalMs: 1, userId: 3 });
    expect(s.polls).toHaveLength(5);
    expect(lines(io)).toEqual(['task 12: importing 42%', 'task 12: importing 43%', 'task 12: success 100%']);
  });

  it('throws a failing poll', async () => {
    const s = server();
    s.client = () => ({
      notices: {
        task: async () => {
          throw new Error('connect ECONNREFUSED');
        },
      },
    });
    const { ctx, client } = await setUp(s, undefined);
    await expect(followTask(ctx, client, running(0), { intervalMs: 1 })).rejects.toThrow('ECONNREFUSED');
  });

  it('polls by id, so a task of another project than the profile’s is followed to its end', async () => {
    // The profile's project is 1; the task belongs to project 2 (importProgress would answer null).
    const other = (t: Task) => ({ ...t, projectId: 2 });
    const s = server({
      progress: [other(running(0.5, 'writing: 10/20 rows')), other(succeeded('ok'))],
      record: other(succeeded('ok')),
    });
    const { io, ctx, client } = await setUp(s, undefined);
    await followTask(ctx, client, other(running(0)), { intervalMs: 1, userId: 3 });
    expect(s.polls).toEqual([{ params: { id: 12 } }, { params: { id: 12 } }]);
    expect(lines(io)).toEqual(['task 12: importing 50% (writing 10/20 rows)', 'task 12: success 100%']);
  });

  it('ends with a clear error (exit 1) when the task is gone or may not be seen, and keeps an expired session (exit 4)', async () => {
    const sdkError = (name: string, msg: string) =>
      Object.assign(new Error(msg), { name, code: 404, msg, endpointId: 'notices.task', httpStatus: 404 });
    const gone = server({ progress: [sdkError('NotFoundError', 'task 12 not found')] });
    const a = await setUp(gone, undefined);
    await expect(followTask(a.ctx, a.client, running(0), { intervalMs: 1, userId: 3 })).rejects.toMatchObject(
      {
        exitCode: 1,
        message: 'task 12 does not exist (any more): task 12 not found',
      },
    );
    const hidden = server({ progress: [sdkError('PermissionError', 'no permission for task 12')] });
    const b = await setUp(hidden, undefined);
    await expect(followTask(b.ctx, b.client, running(0), { intervalMs: 1, userId: 3 })).rejects.toMatchObject(
      {
        exitCode: 1,
        message: 'you may not see task 12: no permission for task 12',
      },
    );
    const expired = server({ progress: [sdkError('SessionExpiredError', 'login expired')] });
    const c = await setUp(expired, undefined);
    await expect(followTask(c.ctx, c.client, running(0), { intervalMs: 1, userId: 3 })).rejects.toMatchObject(
      {
        name: 'SessionExpiredError',
      },
    );
    // Each ended at the first poll: no endless polling.
    expect([gone.polls.length, hidden.polls.length, expired.polls.length]).toEqual([1, 1, 1]);
  });
});
