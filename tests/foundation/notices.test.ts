import { rmSync } from 'node:fs';
import type { Notice, Task } from '@eem/contract';
import { CLOSE_CODES } from '@eem/contract';
import { TASK_OPERATION_TYPE } from '@eem/core';
import {
  type ChannelStatus,
  createClient,
  openNoticeChannel,
  openProgressChannel,
  PermissionError,
  ValidationError,
  watchTask,
} from '@eem/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer, tempDir } from '../support/server.js';

let server: InProcessServer;
let operator: SignedIn;
let inspector: SignedIn;
const dataDir = tempDir('notices');

beforeAll(async () => {
  server = await startInProcessServer({ dataDir });
  operator = await signIn(server.url, 'operator-sh');
  inspector = await signIn(server.url, 'inspector');
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function until(check: () => boolean, what: string, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function publish(target: InProcessServer, userId: number, n: number, from = 0) {
  return target.services.notices.publishMany(
    Array.from({ length: n }, (_, i) => ({
      userIds: [userId],
      projectId: target.world.projects['SH-01'] ?? null,
      logType: 701,
      eventClass: 2,
      description: `notice ${from + i}`,
    })),
  );
}

describe('message server', () => {
  it('registers the client of the signed-in user only', async () => {
    const answer = await operator.client.notices.registerClient({
      body: { userId: operator.user.id, tags: ['web', 'alarms'] },
    });
    expect(answer.tags).toEqual(['web', 'alarms']);
    await expect(
      operator.client.notices.registerClient({ body: { userId: inspector.user.id, tags: [] } }),
    ).rejects.toBeInstanceOf(PermissionError);
  });

  it('pages the message log newest first, for the receiver only', async () => {
    const start = server.now() - 1000;
    await publish(server, operator.user.id, 3, 100);
    const log = await operator.client.notices.messageLog({
      body: {
        noticeMode: 4,
        receiver: operator.user.id,
        startTime: start,
        endTime: server.now() + 1000,
        page: { index: 0, limit: 2 },
      },
    });
    expect(log.total).toBeGreaterThanOrEqual(3);
    expect(log.list).toHaveLength(2);
    expect(log.list[0]?.description).toBe('notice 102');
    expect(log.list[0]?.logTypeName).toBe('Energy over limit');
    expect(JSON.parse(log.list[0]?.content ?? '{}')).toMatchObject({ eventClass: 2 });
    await expect(
      operator.client.notices.messageLog({
        body: {
          noticeMode: 4,
          receiver: inspector.user.id,
          startTime: start,
          endTime: server.now() + 1000,
          page: { index: 0, limit: 2 },
        },
      }),
    ).rejects.toBeInstanceOf(PermissionError);
    await expect(
      operator.client.notices.messageLog({
        body: {
          noticeMode: 3 as 4,
          receiver: operator.user.id,
          startTime: start,
          endTime: start + 1,
          page: { index: 0, limit: 2 },
        },
      }),
    ).rejects.toBeInstanceOf(ValidationError);
  });
});

describe('notice channel', () => {
  it("refuses another user's channel and a bad token", async () => {
    const failures: number[] = [];
    const other = openNoticeChannel(operator.client, {
      userId: inspector.user.id,
      onNotice: () => {},
      onAuthFailed: (code) => failures.push(code),
      reconnectMs: 50,
    });
    const bad = openNoticeChannel(createClient({ baseUrl: server.url, token: 'not-a-token' }), {
      userId: operator.user.id,
      onNotice: () => {},
      onAuthFailed: (code) => failures.push(code),
      reconnectMs: 50,
    });
    await until(() => failures.length === 2, 'both refusals');
    expect(failures.sort()).toEqual([CLOSE_CODES.unauthorized, CLOSE_CODES.forbidden].sort());
    other.close();
    bad.close();
  });

  it('closes the channel of a session that was logged out, at the next heartbeat', async () => {
    const session = await signIn(server.url, 'inspector');
    const failures: number[] = [];
    const statuses: ChannelStatus[] = [];
    const channel = openNoticeChannel(session.client, {
      userId: session.user.id,
      onNotice: () => {},
      onStatus: (s) => statuses.push(s),
      onAuthFailed: (code) => failures.push(code),
      heartbeatMs: 100,
      reconnectMs: 50,
    });
    await until(() => statuses.includes('open'), 'open');
    await session.client.session.logout();
    await until(() => failures.length > 0, 'refusal after logout');
    expect(failures[0]).toBe(CLOSE_CODES.unauthorized);
    channel.close();
  });

  it('delivers live notices and resumes across a server restart, losing and repeating nothing', async () => {
    const lastBefore = await server.services.notices.lastId(operator.user.id);
    const received: Notice[] = [];
    const statuses: ChannelStatus[] = [];
    const channel = openNoticeChannel(operator.client, {
      userId: operator.user.id,
      lastId: lastBefore,
      onNotice: (n) => received.push(n),
      onStatus: (s) => statuses.push(s),
      reconnectMs: 100,
    });
    await until(() => statuses.includes('open'), 'open');
    await until(() => server.services.notices.listenerCount(operator.user.id) > 0, 'subscription');
    const first = await publish(server, operator.user.id, 20);
    await until(() => received.length === 20, 'first 20');

    const port = server.port;
    await server.close();
    await until(() => statuses.includes('reconnecting'), 'reconnecting');
    server = await startInProcessServer({ dataDir, config: { port } });
    // Published while the client is still away: must arrive by replay.
    const missed = await publish(server, operator.user.id, 30, 20);
    await until(() => received.length >= 50, 'replayed 30');
    const live = await publish(server, operator.user.id, 25, 50);
    await until(() => received.length >= 75, 'live 25');
    await new Promise((r) => setTimeout(r, 200));
    channel.close();

    const expected = [...first, ...missed, ...live].map((n) => n.id);
    expect(received.map((n) => n.id)).toEqual(expected);
    expect(new Set(received.map((n) => n.id)).size).toBe(received.length);
    expect(channel.lastId).toBe(expected.at(-1));
  });
});

describe('task progress', () => {
  it('reports progress by query, by watcher and on the progress channel', async () => {
    operator = await signIn(server.url, 'operator-sh');
    const projectId = server.world.projects['SH-01'] ?? 0;
    const client = createClient({ baseUrl: server.url, token: operator.token, projectId });
    expect(
      await client.notices.importProgress({
        query: { operationType: TASK_OPERATION_TYPE.generateHierarchy },
      }),
    ).toBeNull();

    const heard: Task[] = [];
    const progress = openProgressChannel(client, {
      userId: operator.user.id,
      onTask: (t) => heard.push(t),
      reconnectMs: 100,
    });
    await new Promise((r) => setTimeout(r, 300));
    const task = await server.services.tasks.create({
      projectId,
      userId: operator.user.id,
      operationType: TASK_OPERATION_TYPE.generateHierarchy,
      logType: 719,
      name: 'Generate hierarchy',
    });
    const seen: { phase: string; percent: number }[] = [];
    const watching = (async () => {
      for await (const update of watchTask(client, {
        operationType: TASK_OPERATION_TYPE.generateHierarchy,
        intervalMs: 50,
      })) {
        seen.push({ phase: update.phase, percent: update.percent });
      }
    })();
    await new Promise((r) => setTimeout(r, 150));
    await server.services.tasks.progress(task.id, 0.427);
    await new Promise((r) => setTimeout(r, 150));
    await server.services.tasks.finish(task.id, true, 'hierarchy generated');
    await watching;
    expect(seen.at(-1)).toEqual({ phase: 'success', percent: 100 });
    expect(seen.some((s) => s.percent === 42)).toBe(true);
    await until(() => heard.some((t) => t.status === 3), 'progress channel success');
    expect(heard.map((t) => t.ratio)).toContain(0.427);
    progress.close();

    const all = await client.notices.importProgressAll();
    expect(all[0]?.id).toBe(task.id);
    const log = await client.notices.messageLog({
      body: {
        noticeMode: 4,
        receiver: operator.user.id,
        startTime: server.now() - 60_000,
        endTime: server.now() + 1000,
        page: { index: 0, limit: 1 },
      },
    });
    expect(log.list[0]?.logType).toBe(719);
    expect(JSON.parse(log.list[0]?.content ?? '{}')).toMatchObject({ status: 2, taskoperationtype: 2 });
  });

  it('marks a task left running by a stopped server as failed', async () => {
    const task = await server.services.tasks.create({
      projectId: server.world.projects['SH-01'] ?? null,
      userId: operator.user.id,
      operationType: TASK_OPERATION_TYPE.generatePipeline,
      logType: 720,
      name: 'Generate pipeline',
    });
    const port = server.port;
    await server.close();
    server = await startInProcessServer({ dataDir, config: { port } });
    const again = await server.services.tasks.latest(task.projectId, TASK_OPERATION_TYPE.generatePipeline);
    expect(again).toMatchObject({ id: task.id, status: 4, message: 'interrupted by a server stop' });
  });
});
