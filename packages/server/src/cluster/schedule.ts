/**
 * Scheduled work that runs once per slot across servers and restarts (ADR 0016): register
 * `scheduled(...)` as a singleton. Time is cut into slots of `everyMs` (from the epoch, plus
 * `offsetMs`); at each check the leader claims the current slot in the settings table
 * (`schedule.<name>`, a compare-and-set on the last slot run) and runs the job in the same
 * transaction, behind the leader fence. The claim and the job's writes commit together: a
 * leader that dies mid-run leaves the slot unclaimed and its successor runs it; a stale leader
 * cannot claim it a second time. Slots missed while no server ran are not run one by one: the
 * job gets the slot before it (`previous`, null at the first run) to cover the gap itself.
 * With `notices`, the claim runs in a NoticeHub transaction and the job's `publish` stores
 * notices in it: the slot's work and its notices commit together (the maintenance scheduler).
 */
import { z } from 'zod';
import type { PublishIn } from '../areas/notices/notice-hub.js';
import { addSetting, readSetting, replaceSetting } from '../areas/shell/repo/settings.js';
import { type Db, inTransaction } from '../db/database.js';
import type { Services } from '../services.js';
import { repeat } from './repeat.js';
import type { StartSingleton } from './singletons.js';

export interface Slot {
  /** The start of the slot being run. */
  start: number;
  /** The start of the slot run before (null: never run). */
  previous: number | null;
}

export interface ScheduleOptions {
  name: string;
  everyMs: number;
  offsetMs?: number;
  /** How often to look for a new slot (default: a tenth of the slot, 1 s to 1 min). */
  checkMs?: number;
  /** The job publishes notices with its work (the claim then runs in a NoticeHub transaction). */
  notices?: boolean;
  /** The slot's work, in the transaction that claims the slot; `publish` stores notices in it. */
  job(trx: Db, slot: Slot, publish: PublishIn): Promise<void>;
}

const NO_NOTICES: PublishIn = async (inputs) => {
  if (inputs.length > 0) throw new Error('a schedule publishes notices only with the notices option');
  return [];
};

export const scheduleKey = (name: string) => `schedule.${name}`;
/** A schedule's setting: the start of the last slot run (null: none yet). */
const SLOT = z.number().nullable();

/** Claims and runs the current slot when it has not run yet; answers it, or null. */
export async function runDueSlot(services: Services, options: ScheduleOptions): Promise<Slot | null> {
  const offset = options.offsetMs ?? 0;
  const start = Math.floor((services.clock() - offset) / options.everyMs) * options.everyMs + offset;
  const key = scheduleKey(options.name);
  await addSetting(services.db, key, null);
  const claim = (db: Db, publish: PublishIn) =>
    inTransaction(db, async (trx): Promise<Slot | null> => {
      await services.cluster.fence(trx);
      const previous = await readSetting(trx, key, SLOT, null);
      if (previous !== null && previous >= start) return null;
      if (!(await replaceSetting(trx, key, previous, start))) return null;
      const slot = { start, previous };
      await options.job(trx, slot, publish);
      return slot;
    });
  return options.notices
    ? services.notices.transaction((trx, publish) => claim(trx, publish))
    : claim(services.db, NO_NOTICES);
}

/** The singleton that runs a schedule; register it with services.cluster.singletons. */
export function scheduled(
  services: Services,
  options: ScheduleOptions,
  log: (message: string) => void = (m) => process.stderr.write(`eem-server: ${m}\n`),
): StartSingleton {
  const checkMs = options.checkMs ?? Math.min(60_000, Math.max(1_000, options.everyMs / 10));
  return repeat(
    `schedule ${options.name}`,
    checkMs,
    async () => {
      await runDueSlot(services, options);
    },
    log,
  );
}
