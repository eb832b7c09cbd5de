import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Services } from '../services.js';
import { LocalCluster } from './cluster.js';
import { runDueSlot, type Slot } from './schedule.js';

const HOUR = 3_600_000;
const dir = mkdtempSync(join(tmpdir(), 'eem-schedule-'));
const handles: DatabaseHandle[] = [];

afterAll(async () => {
  for (const handle of handles) await handle.close();
  rmSync(dir, { recursive: true, force: true });
});

it('runs each slot once, across servers and restarts, in the transaction that claims it', async () => {
  // Two handles on one file: two servers, or one before and after a restart.
  const one = await openDatabase({ dataDir: dir });
  const two = await openDatabase({ dataDir: dir });
  handles.push(one, two);
  let now = Date.UTC(2026, 0, 1, 10, 5);
  const as = (db: Kysely<Database>) =>
    ({ db, clock: () => now, cluster: new LocalCluster('test', () => {}) }) as unknown as Services;
  const runs: Slot[] = [];
  const options = {
    name: 'test',
    everyMs: HOUR,
    job: async (trx: Kysely<Database>, slot: Slot) => {
      runs.push(slot);
      await trx
        .insertInto('settings')
        .values({ key: `ran.${slot.start}`, value: 'true' })
        .execute();
    },
  };
  expect(await runDueSlot(as(one.db), options)).toEqual({ start: Date.UTC(2026, 0, 1, 10), previous: null });
  expect(await runDueSlot(as(two.db), options)).toBeNull();
  expect(await runDueSlot(as(one.db), options)).toBeNull();
  expect(runs).toHaveLength(1);

  // Slots missed while nothing ran are not run one by one: the job hears the one before.
  now += 3 * HOUR;
  await runDueSlot(as(two.db), options);
  expect(runs[1]).toEqual({ start: Date.UTC(2026, 0, 1, 13), previous: Date.UTC(2026, 0, 1, 10) });

  // A job that fails writes nothing and leaves its slot to the next try.
  now += HOUR;
  const failing = { ...options, job: async () => Promise.reject(new Error('the job failed')) };
  await expect(runDueSlot(as(one.db), failing)).rejects.toThrow('the job failed');
  const retried = await runDueSlot(as(two.db), options);
  expect(retried).toEqual({ start: Date.UTC(2026, 0, 1, 14), previous: Date.UTC(2026, 0, 1, 13) });
  const ran = await one.db.selectFrom('settings').select('key').where('key', 'like', 'ran.%').execute();
  expect(ran).toHaveLength(3);
});
