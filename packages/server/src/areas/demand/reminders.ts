/**
 * Declaration reminders (screens.md /declareproposal): a declaration for month M+1 with a
 * reminder day D and reminder users reminds them at 00:00 of day D of month M in the project's
 * zone (core's declarationReminderDue): one notice (log type 723) to each user naming the inlet,
 * the month and the declared value, opening /declareproposal for the inlet. It runs as a
 * schedule of the cluster (cluster/schedule.ts, as the maintenance scheduler): each minute's
 * slot once across restarts and servers, the declaration marked reminded in the transaction
 * that stores its notices, so each declaration reminds once.
 */
import {
  addMonth,
  declarationReminderDue,
  EVENT_CLASS,
  LOG_TYPE,
  monthOf,
  shortNumber,
  text,
} from '@eem/core';
import { runDueSlot, type Slot, scheduled } from '../../cluster/schedule.js';
import type { StartSingleton } from '../../cluster/singletons.js';
import type { Db } from '../../db/database.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import type { Services } from '../../services.js';
import type { NoticeInput, PublishIn } from '../notices/notice-hub.js';
import { toWireProject } from '../projects/project-store.js';
import { allProjects } from '../projects/repo/projects.js';
import { markReminded, unremindedDeclarations } from './repo/inlets.js';
import { projectUsersAmong } from './repo/users.js';

export const DEMAND_REMINDER_SCHEDULE = { name: 'demand-reminders', everyMs: 60_000 } as const;

/** Declarations looked at per run (the rest in the next runs). */
const PER_RUN = 1_000;

/** The users of the project (or its tenant) among `ids`: a user removed since is not told. */
async function currentUsers(db: Db, projectId: number, tenantId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await projectUsersAmong(db, projectId, ids);
  return [
    ...new Set(
      rows.filter((r) => r.project_id === projectId || r.tenant_id === tenantId).map((r) => Number(r.id)),
    ),
  ];
}

/** One run: the due reminders' notices, each declaration marked reminded with them. */
export async function demandReminderRun(trx: Db, publish: PublishIn, now: number): Promise<number> {
  const projects = new Map((await allProjects(trx)).map((p) => [p.id, toWireProject(p)]));
  // Every zone's current month is the UTC month or a neighbour: the months after them.
  const utc = monthOf(now, 'UTC');
  let sent = 0;
  for (const row of await unremindedDeclarations(trx, utc, addMonth(utc, 2), PER_RUN)) {
    const project = projects.get(row.project_id);
    if (!project) continue;
    const userIds = JSON_COLUMNS.declarationReminderUserIds.read(row.reminder_user_ids, row.inlet_id);
    const due = declarationReminderDue(
      {
        month: row.month,
        reminderDay: row.reminder_day,
        reminderUserCount: userIds.length,
        remindedAt: row.reminded_at,
        savedAt: row.updated_at,
      },
      now,
      project.timeZone,
    );
    if (!due || !(await markReminded(trx, row, now))) continue;
    const users = await currentUsers(trx, project.id, project.tenantId, userIds);
    if (users.length === 0) continue;
    const notice: NoticeInput = {
      userIds: users,
      projectId: project.id,
      logType: LOG_TYPE.demandDeclarationReminder,
      eventClass: EVENT_CLASS.general,
      text: text('event.declarationReminder', {
        inlet: row.inlet_name,
        month: row.month,
        kw: Number(shortNumber(row.value_kw)),
      }),
      content: {
        eventClass: EVENT_CLASS.general,
        logType: LOG_TYPE.demandDeclarationReminder,
        inletId: row.inlet_id,
        inletName: row.inlet_name,
        month: row.month,
        declaredKw: row.value_kw,
      },
    };
    await publish([notice]);
    sent++;
  }
  return sent;
}

function options(services: Services, summary?: (sent: number) => void) {
  return {
    ...DEMAND_REMINDER_SCHEDULE,
    notices: true as const,
    job: async (trx: Db, _slot: Slot, publish: PublishIn) => {
      summary?.(await demandReminderRun(trx, publish, services.clock()));
    },
  };
}

/** Runs the current slot if it has not run (tests drive the clock and call this). */
export async function runDemandReminderSlot(services: Services): Promise<(Slot & { sent: number }) | null> {
  let sent = 0;
  const slot = await runDueSlot(
    services,
    options(services, (n) => {
      sent = n;
    }),
  );
  return slot && { ...slot, sent };
}

/** The singleton (services.cluster.singletons.register('demand-reminders', …)). */
export function demandReminderScheduler(services: Services): StartSingleton {
  return scheduled(services, options(services));
}
