import { channels } from '@eem/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { createClient } from './create-client.js';
import {
  type ChannelHandle,
  type ChannelStatus,
  channelUrl,
  openChannel,
  openNoticeChannel,
  openProgressChannel,
} from './realtime.js';
import { ChannelServer, waitFor } from './test-support/channel-server.js';
import { notice, task } from './test-support/fixtures.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function server(): Promise<ChannelServer> {
  const s = await ChannelServer.start();
  cleanups.push(() => s.stop());
  return s;
}

function track(handle: ChannelHandle): ChannelHandle {
  cleanups.push(() => handle.close());
  return handle;
}

describe('channelUrl', () => {
  it('turns the HTTP base URL into the channel URL with the user id', () => {
    expect(channelUrl('http://h:8080/', 'notices', 9)).toBe('ws://h:8080/messageServer/websocket/9');
    expect(channelUrl('https://h/base', channels.progress, 3)).toBe('wss://h/base/eem-ws/notice/3');
  });
});

describe('openNoticeChannel', () => {
  it('resumes after a server crash with the last id and delivers every notice exactly once', async () => {
    const s = await server();
    for (const id of [1, 2, 3]) s.push(notice(id));
    const client = createClient({ baseUrl: s.url, token: () => 'good-9', userId: 9 });
    const received: number[] = [];
    const statuses: ChannelStatus[] = [];
    const handle = track(
      openNoticeChannel(client, {
        lastId: 1,
        onNotice: (n) => received.push(n.id),
        onStatus: (status) => statuses.push(status),
        reconnectMs: 30,
      }),
    );
    await waitFor(() => handle.state === 'open' && received.length === 2);
    expect(received).toEqual([2, 3]);
    s.push(notice(4));
    s.push(notice(5));
    await waitFor(() => received.length === 4);

    await s.stop();
    await waitFor(() => statuses.includes('reconnecting'));
    s.notices.push(notice(6), notice(7)); // arrive while the client is away
    await new Promise((resolve) => setTimeout(resolve, 150)); // a few refused attempts
    s.replayOverlap = 2; // the restarted server repeats 4 and 5
    await s.start();
    await waitFor(() => received.includes(7));
    s.push(notice(8));
    await waitFor(() => received.includes(8));

    expect(received).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(s.auths.map((a) => a.lastId)).toEqual([1, 5]);
    expect(s.auths.every((a) => a.token === 'good-9')).toBe(true);
    expect(handle.lastId).toBe(8);
    expect(statuses.filter((st) => st === 'open')).toHaveLength(2);
    expect(statuses.slice(0, 3)).toEqual(['connecting', 'open', 'reconnecting']);
    handle.close();
    expect(handle.state).toBe('closed');
    expect(statuses.at(-1)).toBe('closed');
  });

  it('starts from now on the first connect (lastId 0 or none), then resumes from the ready id', async () => {
    const s = await server();
    for (const id of [1, 2, 3]) s.push(notice(id)); // history: in the message log, not replayed
    const client = createClient({ baseUrl: s.url, token: () => 'good-9', userId: 9 });
    const received: number[] = [];
    const statuses: ChannelStatus[] = [];
    const handle = track(
      openNoticeChannel(client, {
        lastId: 0,
        onNotice: (n) => received.push(n.id),
        onStatus: (status) => statuses.push(status),
        reconnectMs: 30,
      }),
    );
    await waitFor(() => handle.state === 'open');
    expect(s.auths[0]?.lastId).toBeUndefined();
    expect(handle.lastId).toBe(3);
    s.push(notice(4));
    await waitFor(() => received.length === 1);

    await s.stop();
    await waitFor(() => statuses.includes('reconnecting'));
    s.notices.push(notice(5), notice(6));
    await s.start();
    await waitFor(() => received.includes(6));
    expect(received).toEqual([4, 5, 6]);
    expect(s.auths.map((a) => a.lastId)).toEqual([undefined, 4]);
  });

  it('resumes a channel opened before the user had any notice from 0, losing nothing', async () => {
    const s = await server();
    const client = createClient({ baseUrl: s.url, token: () => 'good-9', userId: 9 });
    const received: number[] = [];
    const statuses: ChannelStatus[] = [];
    const handle = track(
      openNoticeChannel(client, {
        onNotice: (n) => received.push(n.id),
        onStatus: (status) => statuses.push(status),
        reconnectMs: 30,
      }),
    );
    await waitFor(() => handle.state === 'open');
    await s.stop();
    await waitFor(() => statuses.includes('reconnecting'));
    s.notices.push(notice(1), notice(2)); // the user's first notices, while the client is away
    await s.start();
    await waitFor(() => received.includes(2));
    expect(received).toEqual([1, 2]);
    expect(s.auths.map((a) => a.lastId)).toEqual([undefined, 0]);
  });

  it('stops on 4403 (another user’s channel) without reconnecting', async () => {
    const s = await server();
    const client = createClient({ baseUrl: s.url, token: 'good-9' });
    const failed: number[] = [];
    const statuses: ChannelStatus[] = [];
    const handle = track(
      openNoticeChannel(client, {
        userId: 10,
        onNotice: () => undefined,
        onStatus: (status) => statuses.push(status),
        onAuthFailed: (code) => failed.push(code),
        reconnectMs: 20,
      }),
    );
    await waitFor(() => failed.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failed).toEqual([4403]);
    expect(handle.state).toBe('closed');
    expect(s.connections).toBe(1);
    expect(statuses).not.toContain('reconnecting');
  });

  it('stops on 4401 (bad token) and without a token never connects', async () => {
    const s = await server();
    const failed: number[] = [];
    track(
      openNoticeChannel(createClient({ baseUrl: s.url, token: 'expired' }), {
        userId: 9,
        onNotice: () => undefined,
        onAuthFailed: (code) => failed.push(code),
        reconnectMs: 20,
      }),
    );
    const none = track(
      openNoticeChannel(createClient({ baseUrl: s.url }), {
        userId: 9,
        onNotice: () => undefined,
        onAuthFailed: (code) => failed.push(code),
        reconnectMs: 20,
      }),
    );
    await waitFor(() => failed.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(failed.sort()).toEqual([4401, 4401]);
    expect(s.connections).toBe(1);
    expect(none.state).toBe('closed');
  });
});

describe('reconnect backoff', () => {
  it('waits longer after each failed try, with jitter, up to the ceiling, and starts over after ready', async () => {
    const s = await server();
    const client = createClient({ baseUrl: s.url, token: () => 'good-9', userId: 9 });
    const retries: { attempt: number; delayMs: number }[] = [];
    const handle = track(
      openNoticeChannel(client, {
        onNotice: () => {},
        onStatus: (status, _detail, retry) => {
          if (status === 'reconnecting' && retry) retries.push(retry);
        },
        reconnectMs: 20,
        reconnectMaxMs: 80,
        random: () => 1, // the top of the ±20 % jitter
      }),
    );
    await waitFor(() => handle.state === 'open');
    await s.stop();
    await waitFor(() => retries.length >= 5);
    expect(retries.slice(0, 5)).toEqual([
      { attempt: 0, delayMs: 24 },
      { attempt: 1, delayMs: 48 },
      { attempt: 2, delayMs: 96 },
      { attempt: 3, delayMs: 96 },
      { attempt: 4, delayMs: 96 },
    ]);
    await s.start();
    await waitFor(() => handle.state === 'open');
    retries.length = 0;
    await s.stop();
    await waitFor(() => retries.length >= 1);
    expect(retries[0]).toEqual({ attempt: 0, delayMs: 24 });
  });

  it('stays closed when closed by hand while waiting to reconnect', async () => {
    const s = await server();
    const client = createClient({ baseUrl: s.url, token: () => 'good-9', userId: 9 });
    const statuses: ChannelStatus[] = [];
    const handle = openNoticeChannel(client, {
      onNotice: () => {},
      onStatus: (status) => statuses.push(status),
      reconnectMs: 20,
    });
    await waitFor(() => handle.state === 'open');
    await s.stop();
    await waitFor(() => statuses.includes('reconnecting'));
    handle.close();
    const connections = s.connections;
    await s.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(s.connections).toBe(connections);
    expect(handle.state).toBe('closed');
  });
});

describe('heartbeat', () => {
  it('pings when quiet and reconnects when a ping goes unanswered', async () => {
    const s = await server();
    const received: number[] = [];
    const handle = track(
      openChannel({
        url: channelUrl(s.url, 'notices', 9),
        token: 'good-9',
        schema: channels.notices.server,
        onMessage: (m) => {
          if (m.type === 'notice') received.push(m.notice.id);
        },
        heartbeatMs: 40,
        reconnectMs: 20,
      }),
    );
    await waitFor(() => s.pings >= 3);
    expect(s.connections).toBe(1);
    expect(handle.state).toBe('open');
    s.answerPings = false;
    await waitFor(() => s.connections >= 2);
    s.push(notice(1));
    await waitFor(() => received.length === 1);
    expect(received).toEqual([1]);
  });
});

describe('openProgressChannel', () => {
  it('delivers the ready snapshot and every progress update', async () => {
    const s = await server();
    s.tasks = [task(2, 0.25)];
    const client = createClient({ baseUrl: s.url, token: 'good-4', userId: 4 });
    const seen: [number, number][] = [];
    track(openProgressChannel(client, { onTask: (t) => seen.push([t.status, t.ratio]) }));
    await waitFor(() => seen.length === 1);
    s.progress(task(2, 0.5));
    s.progress(task(3, 1));
    await waitFor(() => seen.length === 3);
    expect(seen).toEqual([
      [2, 0.25],
      [2, 0.5],
      [3, 1],
    ]);
    expect(s.auths[0]?.path).toBe('/eem-ws/notice/4');
  });
});
