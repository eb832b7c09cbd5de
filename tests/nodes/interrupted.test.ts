/**
 * A server killed in the middle of an import leaves nothing half written: the rows go in one
 * transaction, and the next start marks the task failed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { LOG_TYPE, TASK_OPERATION_TYPE } from '@eem/core';
import { openProgressChannel } from '@eem/sdk';
import { afterAll, expect, it } from 'vitest';
import { signIn } from '../support/clients.js';
import { SERVER_BIN, startTestServer, tempDir } from '../support/server.js';
import { type Cell, HEADERS, upload, workbook } from './support.js';

const dataDir = tempDir('nodes-kill');
let child: ChildProcess | undefined;

afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** The built server on the data dir; its process, to be killed without a chance to clean up. */
async function spawnServer(): Promise<{ url: string; process: ChildProcess }> {
  const proc = spawn(process.execPath, [SERVER_BIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      EEM_DATA_DIR: dataDir,
      EEM_DEMO: 'on',
      EEM_SIMULATOR: 'off',
      EEM_HISTORY_DAYS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start:\n${output}`)), 30_000);
    proc.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    proc.once('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return { url, process: proc };
}

it('a server killed mid-import writes nothing of it and marks the task failed at the next start', async () => {
  const started = await spawnServer();
  child = started.process;
  const probe = await signIn(started.url, 'tenant-admin');
  const projects = await probe.client.projects.projects();
  const sh = projects.find((p) => p.code === 'SH-01')?.id;
  if (sh === undefined) throw new Error('no SH-01');
  const who = await signIn(started.url, 'tenant-admin', { projectId: sh, now: Date.now() + 1 });
  const count = async (client: typeof who.client) =>
    (
      await client.nodes.nodeTreeSimple({
        body: { rootID: sh, rootLabel: 'project', treeReturnEnable: false },
      })
    ).length;
  const before = await count(who.client);

  const rooms: Cell[][] = [[...HEADERS.room]];
  const floors: Cell[][] = [[...HEADERS.floor]];
  for (let f = 1; f <= 100; f++) {
    floors.push(['Kill Hall', `F${f}`, null]);
    for (let r = 1; r <= 200; r++) rooms.push([`Kill Hall / F${f}`, `R${r}`, null, 4]);
  }
  const data = await workbook({
    '建筑 Building': [[...HEADERS.building], ['', 'Kill Hall', null, null]],
    '楼层 Floor': floors,
    '房间 Room': rooms,
  });
  // Killed without a clean stop once the progress channel says rows are being written (above 50%: inside the transaction).
  let taskId = 0;
  let writing = false;
  const exited = new Promise((r) => started.process.once('exit', r));
  const channel = openProgressChannel(who.client, {
    userId: who.user.id,
    reconnectMs: 100,
    onTask: (t) => {
      if (t.id === taskId && t.status === 2 && t.ratio > 0.5 && !writing) {
        writing = true;
        started.process.kill('SIGKILL');
      }
    },
  });
  await new Promise((r) => setTimeout(r, 300));
  const task = await upload(who, data, { name: 'killed.xlsx' });
  taskId = task.id;
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  channel.close();
  if (!writing) started.process.kill('SIGKILL');
  await exited;

  const again = await startTestServer({ dataDir });
  try {
    const after = await signIn(again.url, 'tenant-admin', { projectId: sh, now: Date.now() + 2 });
    const ended = await after.client.notices.task({ params: { id: task.id } });
    const written = (await count(after.client)) - before;
    expect(writing).toBe(true);
    expect(ended).toMatchObject({ status: 4, message: 'interrupted by a server stop' });
    expect(ended.ratio).toBeGreaterThanOrEqual(0);
    expect(written).toBe(0);
    // Its owner gets the failure notice a finished task sends: log type 717, status 3.
    const log = await after.client.notices.messageLog({
      body: {
        noticeMode: 4,
        receiver: after.user.id,
        startTime: Date.now() - 600_000,
        endTime: Date.now() + 60_000,
        page: { index: 0, limit: 100 },
      },
    });
    const notices = log.list.filter((n) => {
      const content: unknown = JSON.parse(n.content);
      return typeof content === 'object' && content !== null && Reflect.get(content, 'taskId') === task.id;
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      logType: LOG_TYPE.taskNodeImport,
      description: 'killed.xlsx: interrupted by a server stop',
    });
    expect(JSON.parse(notices[0]?.content ?? '{}')).toMatchObject({
      taskId: task.id,
      taskoperationtype: TASK_OPERATION_TYPE.nodeImport,
      status: 3,
    });
  } finally {
    await again.stop();
  }
}, 120_000);
