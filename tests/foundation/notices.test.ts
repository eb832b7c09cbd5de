import { rmSync } from 'node:fs';
import type { Notice, Task } from '@eem/contract';
import { CLOSE_CODES } from '@eem/contract';
import { TASK_OPERATION_TYPE, text } from '@eem/core';
import {
  type ChannelStatus,
  channelUrl,
  createClient,
  openNoticeChannel,
  openProgressChannel,
  PermissionError,
  ValidationError,
  watchTask,
} from '@eem/sdk';
import { WebSocket } from 'undici';
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

interface RawAnswer {
  notices: number[];
  ready: number | undefined;
  closeCode: number | undefined;
}

/**
 * One connection to the notice channel with the bare protocol: sends `auth` (with `lastId`
 * when given) and collects the replayed notice ids until `ready`, or the close code.
 */
async function rawNoticeChannel(userId: number, token: string, lastId?: number): Promise<RawAnswer> {
  const ws = new WebSocket(channelUrl(server.url, 'notices', userId));
  const answer: RawAnswer = { notices: [], ready: undefined, closeCode: undefined };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ready and no close in 10 s')), 10_000);
    ws.addEventListener('open', () =>
      ws.send(
        JSON.stringify(lastId === undefined ? { type: 'auth', token } : { type: 'auth', token, lastId }),
      ),
    );
    ws.addEventListener('message', (event) => {
      const message = JSON.parse(String(event.data)) as { type: string; lastId?: number; notice?: Notice };
      if (message.type === 'notice' && message.notice) answer.notices.push(message.notice.id);
      if (message.type === 'ready') {
        answer.ready = message.lastId;
        clearTimeout(timer);
        resolve();
      }
    });
    ws.addEventListener('close', (event) => {
      answer.closeCode = event.code;
      clearTimeout(timer);
      resolve();
    });
    ws.addEventListener('error', () => undefined); // a close event follows
  });
  ws.close();
  return answer;
}

function publish(target: InProcessServer, userId: number, n: number, from = 0) {
  return target.services.notices.publishMany(
    Array.from({ length: n }, (_, i) => ({
      userIds: [userId],
      projectId: target.world.projects['SH-01'] ?? null,
      logType: 701,
      eventClass: 2,
      text: text('plain', { text: `notice ${from + i}` }),
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

  it('replays no history on a first connect: only notices after it arrive', async () => {
    const history = await publish(server, operator.user.id, 5, 200);
    const newest = history.at(-1)?.id;
    expect(newest).toBeGreaterThan(0);

    // the bare protocol: no lastId, no replay; `ready` names the id to resume from
    const raw = await rawNoticeChannel(operator.user.id, operator.token);
    expect(raw).toEqual({ notices: [], ready: newest, closeCode: undefined });

    // the SDK: lastId 0 (or none) means the same, and the first live notices arrive
    const received: Notice[] = [];
    const statuses: ChannelStatus[] = [];
    const channel = openNoticeChannel(operator.client, {
      userId: operator.user.id,
      lastId: 0,
      onNotice: (n) => received.push(n),
      onStatus: (s) => statuses.push(s),
      reconnectMs: 100,
    });
    await until(() => statuses.includes('open'), 'open');
    expect(channel.lastId).toBe(newest);
    const live = await publish(server, operator.user.id, 3, 205);
    await until(() => received.length >= 3, 'three live notices');
    await new Promise((r) => setTimeout(r, 200));
    channel.close();
    expect(received.map((n) => n.id)).toEqual(live.map((n) => n.id));
    expect(received.map((n) => n.description)).toEqual(['notice 205', 'notice 206', 'notice 207']);
  });

  it('replays exactly what came after a given lastId, then goes live', async () => {
    const batch = await publish(server, operator.user.id, 4, 300);
    const ids = batch.map((n) => n.id);
    const [, second] = ids;
    expect(second).toBeDefined();
    const raw = await rawNoticeChannel(operator.user.id, operator.token, second);
    expect(raw).toEqual({ notices: ids.slice(2), ready: ids.at(-1), closeCode: undefined });
    // the newest id: nothing to replay
    const none = await rawNoticeChannel(operator.user.id, operator.token, ids.at(-1));
    expect(none).toEqual({ notices: [], ready: ids.at(-1), closeCode: undefined });
    // another user's notices are never replayed to this one
    const inspectorNotices = await publish(server, inspector.user.id, 2, 310);
    const mine = await rawNoticeChannel(operator.user.id, operator.token, ids.at(-1));
    expect(mine.notices).toEqual([]);
    const theirs = await rawNoticeChannel(
      inspector.user.id,
      inspector.token,
      (inspectorNotices[0]?.id ?? 1) - 1,
    );
    expect(theirs.notices).toEqual(inspectorNotices.map((n) => n.id));
  });

  it('resumes a reconnect with lastId exactly: the missed notices once, in order, then live', async () => {
    const received: Notice[] = [];
    const statuses: ChannelStatus[] = [];
    const first = openNoticeChannel(operator.client, {
      userId: operator.user.id,
      onNotice: (n) => received.push(n),
      onStatus: (s) => statuses.push(s),
      reconnectMs: 100,
    });
    await until(() => statuses.includes('open'), 'open');
    await until(() => server.services.notices.listenerCount(operator.user.id) > 0, 'subscription');
    const before = await publish(server, operator.user.id, 3, 400);
    await until(() => received.length === 3, 'first 3');
    first.close();
    const lastSeen = first.lastId;
    expect(lastSeen).toBe(before.at(-1)?.id);

    const missed = await publish(server, operator.user.id, 6, 403);
    const again = openNoticeChannel(operator.client, {
      userId: operator.user.id,
      lastId: lastSeen,
      onNotice: (n) => received.push(n),
      onStatus: (s) => statuses.push(s),
      reconnectMs: 100,
    });
    await until(() => received.length >= 9, 'the 6 missed');
    await until(() => server.services.notices.listenerCount(operator.user.id) > 0, 'subscription');
    const live = await publish(server, operator.user.id, 2, 409);
    await until(() => received.length >= 11, 'live 2');
    await new Promise((r) => setTimeout(r, 200));
    again.close();
    expect(received.map((n) => n.id)).toEqual([...before, ...missed, ...live].map((n) => n.id));
    expect(again.lastId).toBe(live.at(-1)?.id);
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

describe('progress channel', () => {
  it("refuses another user's channel (4403) and a bad token (4401)", async () => {
    const failures: number[] = [];
    const other = openProgressChannel(operator.client, {
      userId: inspector.user.id,
      onTask: () => {},
      onAuthFailed: (code) => failures.push(code),
      reconnectMs: 50,
    });
    await until(() => failures.length === 1, 'refusal of the other user’s channel');
    expect(failures).toEqual([CLOSE_CODES.forbidden]);
    const bad = openProgressChannel(createClient({ baseUrl: server.url, token: 'not-a-token' }), {
      userId: operator.user.id,
      onTask: () => {},
      onAuthFailed: (code) => failures.push(code),
      reconnectMs: 50,
    });
    await until(() => failures.length === 2, 'refusal of the bad token');
    expect(failures).toEqual([CLOSE_CODES.forbidden, CLOSE_CODES.unauthorized]);
    // refused channels stay closed: no reconnect attempts
    await new Promise((r) => setTimeout(r, 200));
    expect(failures).toHaveLength(2);
    expect(other.state).toBe('closed');
    expect(bad.state).toBe('closed');
  });

  it('hears none of another user’s tasks on a refused channel, and its own on its own', async () => {
    const projectId = server.world.projects['SH-01'] ?? 0;
    const heardByIntruder: Task[] = [];
    const intruder = openProgressChannel(inspector.client, {
      userId: operator.user.id,
      onTask: (t) => heardByIntruder.push(t),
      reconnectMs: 50,
    });
    const own: Task[] = [];
    const statuses: ChannelStatus[] = [];
    const mine = openProgressChannel(operator.client, {
      userId: operator.user.id,
      onTask: (t) => own.push(t),
      onStatus: (s) => statuses.push(s),
      reconnectMs: 50,
    });
    await until(() => statuses.includes('open') && intruder.state === 'closed', 'both settled');
    const task = await server.services.tasks.create({
      projectId,
      userId: operator.user.id,
      operationType: TASK_OPERATION_TYPE.importActualProduction,
      logType: 717,
      name: text('plain', { text: 'Import actual production data' }),
      language: 'en',
    });
    await until(() => own.some((t) => t.id === task.id), 'own task');
    await server.services.tasks.finish(task.id, true, 'done');
    await until(() => own.some((t) => t.id === task.id && t.status === 3), 'own task finished');
    mine.close();
    expect(heardByIntruder).toEqual([]);
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
      name: text('plain', { text: 'Generate hierarchy' }),
      language: 'en',
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
      name: text('plain', { text: 'Generate pipeline' }),
      language: 'en',
    });
    const port = server.port;
    await server.close();
    server = await startInProcessServer({ dataDir, config: { port } });
    const again = await server.services.tasks.latest(
      task.projectId,
      TASK_OPERATION_TYPE.generatePipeline,
      'en',
    );
    expect(again).toMatchObject({ id: task.id, status: 4, message: 'interrupted by a server stop' });
  });
});
