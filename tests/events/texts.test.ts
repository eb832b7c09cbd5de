/**
 * Server texts follow the reader's Accept-Language (issue 12, item 7; ADR 0025): an event the
 * alarm engine raises, its notice (message log and the live notice channel), a quick
 * confirmation's result, the operation-log entry of the confirmation (with its plural), and a
 * task with its end notice read in Chinese for a zh reader and in English for an en reader,
 * from one stored row. Rows written before texts were codes keep their plain text; the plain
 * '已确认' of an old quick confirmation reads as the code it stands for.
 */
import { CHANNEL_PATHS } from '@eem/contract';
import { EVENT_STATUS, LOG_TYPE, TASK_OPERATION_TYPE, text } from '@eem/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { login, projectId, userId } from '../admin/support.js';
import type { SignedIn } from '../support/clients.js';
import { type InProcessServer, startInProcessServer } from '../support/server.js';

let server: InProcessServer;
let BE: number;
let manager: SignedIn;
let meter: { id: number; name: string };
let eventId: number;
let since: number;

const ZH = { headers: { 'Accept-Language': 'zh-CN,zh;q=0.9' } };
const EN = { headers: { 'Accept-Language': 'en-US,en;q=0.9' } };
const HAN = /[\u4e00-\u9fff]/;

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function readEvent(options: typeof ZH) {
  return manager.client.events.event({ params: { id: eventId } }, options);
}

function messageLog(options: typeof ZH) {
  return manager.client.notices.messageLog(
    {
      body: {
        noticeMode: 4,
        receiver: manager.user.id,
        startTime: since,
        endTime: server.now() + 60_000,
        page: { index: 0, limit: 50 },
      },
    },
    options,
  );
}

/** The next notice the live channel sends to a client of `language`. */
function liveNotice(language: string, trigger: () => Promise<unknown>) {
  const path = CHANNEL_PATHS.notices.replace('{userId}', String(manager.user.id));
  const socket = new WebSocket(`${server.url.replace(/^http/, 'ws')}${path}`, {
    headers: { 'Accept-Language': language },
  });
  return new Promise<{ description: string; content: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no live notice')), 20_000);
    socket.on('open', () => socket.send(JSON.stringify({ type: 'auth', token: manager.token })));
    socket.on('error', reject);
    socket.on('message', (data) => {
      const message = JSON.parse(String(data)) as {
        type: string;
        notice?: { description: string; content: string };
      };
      if (message.type === 'ready') void trigger().catch(reject);
      if (message.type === 'notice' && message.notice) {
        clearTimeout(timer);
        socket.close();
        resolve(message.notice);
      }
    });
  });
}

beforeAll(async () => {
  server = await startInProcessServer({ config: { liveIntervalMs: 500 } });
  BE = projectId(server, 'BE-01');
  manager = await login(server, 'manager-bj', { projectId: BE });
  since = server.now() - 1000;
  const tree = await manager.client.nodes.nodeTreeSimple({ body: { rootID: BE, treeReturnEnable: false } });
  let pointId: number | undefined;
  for (const m of tree.filter((n) => n.modelLabel === 'meter')) {
    const points = await manager.client.datalog.points({
      body: { nodes: [{ id: m.id, modelLabel: 'meter' }] },
    });
    pointId = points.find((p) => p.dataId === 2000)?.id;
    if (pointId !== undefined) {
      meter = { id: m.id, name: m.name };
      break;
    }
  }
  if (pointId === undefined) throw new Error('no electric meter in BE-01');
  await manager.client.events.createScheme({
    body: {
      name: 'Texts demand',
      kind: 'demand',
      logTypes: [LOG_TYPE.demandOverThreshold],
      thresholds: [{ level: 2, value: 100 }],
      nodeIds: [meter.id],
      receiverUserIds: [userId(server, 'manager-bj')],
    },
  });
  // The alarm engine (the central path every event type takes) raises it from a live value.
  server.services.live.set(pointId, server.now(), 612.4);
  eventId = await until('the event', async () => {
    const page = await manager.client.events.eventLog({
      body: {
        startTime: since,
        endTime: server.now() + 60_000,
        nodeIds: [meter.id],
        logTypes: [LOG_TYPE.demandOverThreshold],
        page: { index: 0, limit: 10 },
      },
    });
    return page.list[0]?.id;
  });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('texts stored as codes, rendered in the reader’s language', () => {
  it('reads the alarm engine’s event and its type in Chinese and in English', async () => {
    const zh = await readEvent(ZH);
    const en = await readEvent(EN);
    expect(en.description).toBe(`${meter.name}: active power 612.4 kW over the 100 kW threshold (level 2)`);
    expect(zh.description).toBe(`${meter.name}：有功功率 612.4 kW，超过阈值 100 kW（2级）`);
    expect(zh.logTypeName).toBe('需量超限');
    expect(en.logTypeName).toBe('Demand over threshold');
    // The plain column keeps the English rendering (exports of older servers, a fallback).
    const row = await server.services.db
      .selectFrom('events')
      .select(['description', 'description_text'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row.description).toBe(en.description);
    expect(JSON.parse(row.description_text ?? '{}')).toMatchObject({ code: 'event.threshold' });
  });

  it('reads the event’s notice in the message log per Accept-Language', async () => {
    const mine = (list: { content: string; description: string }[]) =>
      list.find((n) => (JSON.parse(n.content) as { eventId?: number }).eventId === eventId);
    const zh = await until('the notice', async () => mine((await messageLog(ZH)).list));
    const en = mine((await messageLog(EN)).list);
    expect(zh.description).toMatch(HAN);
    expect(zh.description).toContain('超过阈值 100 kW');
    expect(JSON.parse(zh.content).description).toBe(zh.description);
    expect(en?.description).toContain('over the 100 kW threshold');
    expect(JSON.parse(en?.content ?? '{}').description).toBe(en?.description);
  });

  it('pushes a live notice in the language of each channel', async () => {
    const publish = (note: string) => () =>
      server.services.notices.publish({
        userIds: [manager.user.id],
        projectId: BE,
        logType: LOG_TYPE.plainNotice,
        eventClass: 4,
        text: text('notice.stockLow', { part: note, stock: 2, unit: 'pcs', safety: 5 }),
      });
    const zh = await liveNotice('zh-CN', publish('Fuse A'));
    const en = await liveNotice('en', publish('Fuse B'));
    expect(zh.description).toBe('备件 Fuse A 低于安全库存：剩余 2 pcs，安全库存 5');
    expect(en.description).toBe('Spare part Fuse B is below its safety stock: 2 pcs left, safety stock 5');
  });

  it('reads a quick confirmation’s result and its operation-log entry per language', async () => {
    await manager.client.events.confirm({ body: { events: [{ eventId }], mode: 'simple' } });
    expect((await readEvent(EN)).result).toBe('Confirmed');
    expect((await readEvent(ZH)).result).toBe('已确认');
    expect((await readEvent(EN)).status).toBe(EVENT_STATUS.confirmed);
    const log = (options: typeof ZH) =>
      manager.client.logs.operationLog(
        { body: { startTime: since, endTime: server.now() + 60_000, page: { index: 0, limit: 20 } } },
        options,
      );
    const zh = (await log(ZH)).list.find((r) => r.object.includes(String(eventId)));
    const en = (await log(EN)).list.find((r) => r.object.includes(String(eventId)));
    expect(zh?.object).toBe(`确认 1 个事件：${eventId}`);
    // One event: the singular (Intl.PluralRules).
    expect(en?.object).toBe(`confirmed 1 event: ${eventId}`);
  });

  it('keeps the plain text of rows written before codes, and reads an old 已确认 as Confirmed', async () => {
    const old = await server.services.db
      .insertInto('events')
      .values({
        project_id: BE,
        log_type: LOG_TYPE.demandOverThreshold,
        event_class: 2,
        level: 3,
        status: EVENT_STATUS.confirmed,
        time: server.now(),
        end_time: null,
        node_id: meter.id,
        point_id: null,
        scheme_id: null,
        incident_id: null,
        description: 'written by an older server',
        value: null,
        threshold: null,
        confirmed_by: null,
        confirmed_at: server.now(),
        result: '已确认',
        notified_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const read = (options: typeof ZH) => manager.client.events.event({ params: { id: old.id } }, options);
    expect(await read(ZH)).toMatchObject({ description: 'written by an older server', result: '已确认' });
    expect(await read(EN)).toMatchObject({ description: 'written by an older server', result: 'Confirmed' });
  });

  it('reads a task’s name, message and end notice per language', async () => {
    const task = await server.services.tasks.create({
      projectId: BE,
      userId: manager.user.id,
      operationType: TASK_OPERATION_TYPE.datalogRecalculation,
      logType: LOG_TYPE.taskNodeImport,
      language: 'en',
    });
    expect(task.processInfo.name).toBe('Rollup recalculation');
    await server.services.tasks.finish(task.id, true, text('task.recalculated', { count: 1, derived: [] }));
    const zh = await manager.client.notices.task({ params: { id: task.id } }, ZH);
    const en = await manager.client.notices.task({ params: { id: task.id } }, EN);
    expect(zh.processInfo.name).toBe('汇总重算');
    expect(zh.message).toBe('已重算 1 个测点的小时和日汇总');
    expect(en.message).toBe('recalculated the hour and day rollups of 1 point');
    const ended = (list: { content: string; description: string }[]) =>
      list.find((n) => (JSON.parse(n.content) as { taskId?: number }).taskId === task.id);
    expect(ended((await messageLog(ZH)).list)?.description).toBe('汇总重算：已重算 1 个测点的小时和日汇总');
    expect(ended((await messageLog(EN)).list)?.description).toBe(
      'Rollup recalculation: recalculated the hour and day rollups of 1 point',
    );
  });
});
