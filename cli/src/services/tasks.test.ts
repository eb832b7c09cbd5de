import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AnyEndpoint, Task, TaskLogRow } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { type FakeOptions, fakeContext, fakeIO, tempConfigHome } from '../test-support/fake-io.js';
import { signInProfile } from '../test-support/signed-in.js';
import { demoTask, fakeDownload } from '../test-support/tasks.js';
import { listTasks, MAX_OPERATION_TYPE, showTask, taskQuery, watchTaskById } from './tasks.js';

const NOW = Date.UTC(2026, 0, 15, 8, 0, 0);
const HOUR = 3_600_000;

function logRow(overrides: Partial<TaskLogRow> = {}): TaskLogRow {
  return {
    id: 12,
    time: NOW - HOUR,
    endTime: NOW - HOUR + 60_000,
    projectId: 1,
    projectName: 'Shanghai Plant',
    operationType: 6,
    logType: 716,
    typeName: 'Node batch import',
    operator: 'operator-sh',
    result: 'success',
    status: 3,
    processInfo: { name: 'site.xlsx', ratio: 1, status: 3 },
    message: 'imported 3 nodes',
    ...overrides,
  };
}

const ROWS = [
  logRow({
    id: 13,
    time: NOW - 600_000,
    endTime: null,
    result: 'running',
    status: 2,
    processInfo: { name: 'b.xlsx', ratio: 0.42, status: 2 },
    message: '',
  }),
  logRow(),
];

/** An error as the SDK throws it (recognised by name and fields). */
function sdkError(name: string, msg: string, code = 4003) {
  return Object.assign(new Error(msg), { name, code, msg, endpointId: 'test', httpStatus: 403 });
}

/**
 * notices.task answers `task` first (or throws it), then the polls with `progress` one after the
 * other (the last one again); logs.taskLog answers ROWS or throws `taskLogError`;
 * notices.importProgressAll answers `recent`.
 */
function server(
  task: Task | Error = demoTask(),
  progress: Task[] = [],
  options: { taskLogError?: Error; recent?: Task[] } = {},
) {
  const calls: {
    taskLog: unknown[];
    task: unknown[];
    polls: unknown[];
    downloads: unknown[];
    recent: number;
  } = { taskLog: [], task: [], polls: [], downloads: [], recent: 0 };
  const client: FakeOptions['client'] = () => ({
    // The project's zone, in which tables show times.
    projects: { nodeData: async () => ({ timeZone: 'Asia/Shanghai' }) },
    logs: {
      taskLog: async (input: unknown) => {
        calls.taskLog.push(input);
        if (options.taskLogError) throw options.taskLogError;
        return { total: 5, list: ROWS };
      },
    },
    notices: {
      task: async (input: unknown) => {
        calls.task.push(input);
        if (calls.task.length > 1 && progress.length > 0) {
          calls.polls.push(input);
          return progress[Math.min(calls.polls.length - 1, progress.length - 1)];
        }
        if (task instanceof Error) throw task;
        return task;
      },
      importProgressAll: async () => {
        calls.recent++;
        return options.recent ?? [];
      },
    },
    download: async (endpoint: AnyEndpoint, input: unknown) => {
      calls.downloads.push({ endpoint: endpoint.id, input });
      return fakeDownload(new Uint8Array([9]));
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

describe('tasks list', () => {
  it('asks for the last 24 hours, newest first, in the current project, and prints tab-separated rows', async () => {
    const { calls, client } = server();
    const { io, ctx } = await setUp(client);
    await listTasks(ctx, {}, {});
    expect(calls.taskLog).toEqual([
      {
        body: {
          startTime: NOW - 24 * HOUR,
          endTime: NOW,
          order: 1,
          page: { index: 0, limit: 100 },
          projectId: 1,
        },
      },
    ]);
    const lines = io.stdout.text.trimEnd().split('\n');
    expect(lines[0]).toBe(
      '13\t2026-01-15T07:50:00.000Z\t\t6\tNode batch import\tShanghai Plant\toperator-sh\trunning\t42\t',
    );
    expect(lines[1]?.split('\t')[0]).toBe('12');
    expect(io.stderr.text).toContain('Showing 2 of 5 tasks');
  });

  it('prints every output format: table, json, ndjson and csv', async () => {
    const { client } = server();
    const table = await setUp(client, { tty: true, env: { NO_COLOR: '1' } });
    await listTasks(table.ctx, { type: '6', since: '7d' }, {});
    expect(table.io.stdout.text).toMatch(
      /^ID +STARTED +ENDED +TYPE +PROJECT +OPERATOR +RESULT +% +MESSAGE$/m,
    );
    const json = await setUp(client);
    await listTasks(json.ctx, {}, { json: true });
    expect((JSON.parse(json.io.stdout.text) as TaskLogRow[]).map((r) => r.id)).toEqual([13, 12]);
    const ndjson = await setUp(client);
    await listTasks(ndjson.ctx, {}, { output: 'ndjson' });
    expect(ndjson.io.stdout.text.trimEnd().split('\n')).toHaveLength(2);
    const csv = await setUp(client);
    await listTasks(csv.ctx, {}, { output: 'csv' });
    expect(csv.io.stdout.text.split('\n')[0]).toBe(
      'id,time,endTime,operationType,typeName,projectName,operator,result,percent,message',
    );
  });

  it('turns --type, --since, --from and --to into the query, and refuses bad values naming the flag', () => {
    expect(taskQuery({ type: '6', since: '30m' }, NOW)).toEqual({
      startTime: NOW - 1_800_000,
      endTime: NOW,
      operationType: 6,
      limit: 100,
    });
    expect(taskQuery({ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z', limit: '5' }, NOW)).toEqual({
      startTime: Date.UTC(2026, 0, 1),
      endTime: Date.UTC(2026, 0, 2),
      limit: 5,
    });
    const bad: [Parameters<typeof taskQuery>[0], string][] = [
      [{ since: 'yesterday' }, '--since must be a duration'],
      [{ since: '40d' }, '--since: the query span cannot exceed 31 days'],
      [{ since: '1h', from: '2026-01-01' }, 'give --since or --from/--to, not both'],
      [{ from: 'last week' }, '--from must be a date'],
      [{ from: '2026-01-02T00:00:00Z', to: '2026-01-01T00:00:00Z' }, '--to must be later than --from'],
      [
        { from: '2025-10-01T00:00:00Z', to: '2026-01-01T00:00:00Z' },
        '--from to --to: the query span cannot exceed 31 days',
      ],
      [
        { type: String(MAX_OPERATION_TYPE + 1) },
        `--type must be an operation type from 1 to ${MAX_OPERATION_TYPE}`,
      ],
      [{ limit: '0' }, '--limit must be 1 or more'],
      [{ limit: '1001' }, '--limit must be at most 1000'],
      [{ limit: 'ten' }, '--limit must be a whole number'],
    ];
    for (const [flags, message] of bad) {
      expect(() => taskQuery(flags, NOW)).toThrow(UsageError);
      expect(() => taskQuery(flags, NOW)).toThrow(message);
    }
  });
});

describe('tasks list without the task log permission', () => {
  const recent = [
    demoTask({ id: 14, status: 2, ratio: 0.5, message: 'writing: 10/20 rows', startTime: NOW - 60_000 }),
    demoTask({
      id: 11,
      operationType: 1,
      type: 1,
      status: 3,
      ratio: 1,
      startTime: NOW - 30 * 60_000,
      endTime: NOW - 29 * 60_000,
    }),
  ];

  it('falls back to the running and recent tasks of the project, with a note on stderr saying so', async () => {
    const { calls, client } = server(demoTask(), [], {
      taskLogError: sdkError('PermissionError', 'no permission operationlog_browser'),
      recent,
    });
    const { io, ctx } = await setUp(client);
    await listTasks(ctx, {}, {});
    expect(calls.recent).toBe(1);
    expect(io.stderr.text).toContain(
      'The task log needs the operationlog_browser permission, which this account lacks; showing the running tasks and those ended in the last hour of the current project instead.',
    );
    const lines = io.stdout.text.trimEnd().split('\n');
    expect(lines.map((l) => l.split('\t')[0])).toEqual(['14', '11']);
    expect(io.stdout.text).not.toContain('Shanghai Plant');

    // --type narrows it; --json prints the tasks.
    const json = await setUp(client);
    await listTasks(json.ctx, { type: '1' }, { json: true });
    expect((JSON.parse(json.io.stdout.text) as Task[]).map((t) => t.id)).toEqual([11]);
  });

  it('does not fall back for other errors', async () => {
    const { calls, client } = server(demoTask(), [], { taskLogError: new Error('connect ECONNREFUSED') });
    const { ctx } = await setUp(client);
    await expect(listTasks(ctx, {}, {})).rejects.toThrow('ECONNREFUSED');
    expect(calls.recent).toBe(0);
  });
});

describe('tasks show', () => {
  it('prints the task as a record, and the task itself with --json', async () => {
    const task = demoTask({ status: 2, ratio: 0.427 });
    const { calls, client } = server(task);
    const { io, ctx } = await setUp(client, { tty: true, env: { NO_COLOR: '1' } });
    await showTask(ctx, 12, {});
    expect(calls.task).toEqual([{ params: { id: 12 } }]);
    expect(io.stdout.text).toMatch(/^Type +Node batch import$/m);
    expect(io.stdout.text).toMatch(/^Result +running$/m);
    expect(io.stdout.text).toMatch(/^Progress % +42$/m);
    const json = await setUp(client);
    await showTask(json.ctx, 12, { json: true });
    expect(JSON.parse(json.io.stdout.text)).toEqual(task);
  });
});

describe('tasks watch', () => {
  it('follows a running task to success', async () => {
    const { calls, client } = server(demoTask({ operationType: 1, type: 1 }), [
      demoTask({ operationType: 1, ratio: 0.5 }),
      demoTask({ operationType: 1, status: 3, ratio: 1, message: 'generated' }),
    ]);
    const { io, ctx } = await setUp(client);
    await watchTaskById(ctx, 12, { intervalMs: 1 });
    expect(calls.polls[0]).toEqual({ params: { id: 12 } });
    expect(io.stderr.text).toBe(
      'task 12: generating 50%\ntask 12: success 100%\nTask 12 succeeded: generated\n',
    );
  });

  it('reports a task that already failed at once, with its error report', async () => {
    const { calls, client } = server(demoTask({ status: 4, message: 'row 3: unknown parent' }));
    const { ctx } = await setUp(client);
    const reportPath = join(tempConfigHome(), 'task-12.errors.xlsx');
    await expect(watchTaskById(ctx, 12, { intervalMs: 1, reportPath })).rejects.toMatchObject({
      exitCode: 1,
      message: 'task 12 failed: row 3: unknown parent',
      hint: `Error report: ${reportPath}`,
    });
    expect(calls.polls).toEqual([]);
    expect([...readFileSync(reportPath)]).toEqual([9]);
  });

  it('ends with a clear error when the task does not exist or may not be seen', async () => {
    const gone = server(sdkError('NotFoundError', 'task 12 not found', 404));
    const a = await setUp(gone.client);
    await expect(watchTaskById(a.ctx, 12, { intervalMs: 1 })).rejects.toMatchObject({
      exitCode: 1,
      message: 'task 12 does not exist (any more): task 12 not found',
    });
    const hidden = server(sdkError('PermissionError', 'no permission for task 12'));
    const b = await setUp(hidden.client);
    await expect(watchTaskById(b.ctx, 12, { intervalMs: 1 })).rejects.toMatchObject({
      exitCode: 1,
      message: 'you may not see task 12: no permission for task 12',
    });
  });
});
