import { catalogue } from '@eem/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient } from './create-client.js';
import { SessionExpiredError } from './errors.js';
import { watchTask } from './task-watcher.js';
import { TOKEN, task } from './test-support/fixtures.js';
import { envelope, sendJson, startServer, type TestServer } from './test-support/http-server.js';

const path = catalogue.notices.importProgress.path;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => {
  server.requests.length = 0;
  server.routes.clear();
});

/** Answers the given tasks in turn, repeating the last one. */
function answers(...sequence: (ReturnType<typeof task> | null)[]) {
  let i = 0;
  server.routes.set(path, (_req, res) => {
    const next = sequence[Math.min(i, sequence.length - 1)] ?? null;
    i++;
    sendJson(res, envelope(next));
  });
}

const client = () => createClient({ baseUrl: server.url, token: TOKEN, projectId: 7 });

describe('watchTask', () => {
  it('polls through no task, running and success, then ends', async () => {
    answers(null, task(2, 0.254), task(2, 0.5), task(3, 1));
    const updates = [];
    for await (const update of watchTask(client(), { operationType: 3, taskId: 11, intervalMs: 10 })) {
      updates.push([update.phase, update.percent, update.task.id]);
    }
    expect(updates).toEqual([
      ['running', 25, 11],
      ['running', 50, 11],
      ['success', 100, 11],
    ]);
    expect(server.requests).toHaveLength(4);
    expect(server.requests[0]?.url).toBe(`${path}?operationType=3&taskId=11`);
    expect(server.requests[0]?.headers.projectid).toBe('7');
  });

  it('ends after a failure', async () => {
    answers(task(2, 0.1), task(4, 0.3));
    const phases = [];
    for await (const update of watchTask(client(), { operationType: 1, intervalMs: 10 }))
      phases.push(update.phase);
    expect(phases).toEqual(['running', 'failure']);
  });

  it('ends quietly when aborted, even in the middle of a wait', async () => {
    answers(task(2, 0.1));
    const controller = new AbortController();
    let count = 0;
    for await (const update of watchTask(client(), {
      operationType: 3,
      intervalMs: 1_000,
      signal: controller.signal,
    })) {
      expect(update.phase).toBe('running');
      count++;
      setTimeout(() => controller.abort(), 20);
    }
    expect(count).toBe(1);
    expect(server.requests).toHaveLength(1);
  });

  it('throws the errors of the call', async () => {
    server.routes.set(path, (_req, res) => sendJson(res, envelope(null, 402, 'expired')));
    const iterate = async () => {
      for await (const _ of watchTask(client(), { operationType: 3, intervalMs: 10 })) {
        // nothing
      }
    };
    await expect(iterate()).rejects.toBeInstanceOf(SessionExpiredError);
  });
});
