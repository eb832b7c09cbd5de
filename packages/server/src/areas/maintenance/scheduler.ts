/**
 * The maintenance scheduler (ADR 0018): a singleton that runs every minute's slot exactly once
 * across restarts and servers (cluster/schedule.ts: the slot is claimed and the work written in
 * one transaction, behind the leader fence). Each run:
 *
 * 1. For every enabled plan whose next occurrence is due (its time minus the reminder lead),
 *    one maintenance order per device in service, for that occurrence, for the plan's team
 *    (whose takers are told); then the plan moves to its next occurrence. An occurrence that
 *    already has a device's order (a unique key: plan, device, planned start) is not made
 *    again. Occurrences missed while no server ran are each made, at most
 *    PLAN_LIMITS.catchUpMax per plan and run (the rest in the next runs).
 * 2. Open orders past their deadline become timed out (and overdue), their executor or team
 *    and the dispatchers are told.
 *
 * Everything of a run (the slot's claim, the orders, the plans' next occurrences, the timeouts,
 * the notices) commits together or not at all.
 */
import type { Project } from '@eem/contract';
import { DEVICE_STATUS, PLAN_LIMITS, type PlanCycle, planOccurrence, WORK_ORDER_STATUS } from '@eem/core';
import { runDueSlot, type Slot, scheduled } from '../../cluster/schedule.js';
import type { StartSingleton } from '../../cluster/singletons.js';
import type { Db } from '../../db/database.js';
import type { Services } from '../../services.js';
import { devicesByIds } from '../devices/repo/devices.js';
import type { PublishIn } from '../notices/notice-hub.js';
import { toWireProject } from '../projects/project-store.js';
import { allProjects } from '../projects/repo/projects.js';
import { orderNotice } from '../workorders/order-notices.js';
import { orderItemsOf, writeNewOrder } from '../workorders/orders.js';
import {
  insertSteps,
  occurrenceDevices,
  ordersPastDeadline,
  updateOrderIf,
} from '../workorders/repo/orders.js';
import { advancePlan, duePlans, type PlanRow } from './repo/maintenance.js';

export const MAINTENANCE_SCHEDULE = { name: 'maintenance', everyMs: 60_000 } as const;

/** Plans read per run, and open orders timed out per run (the rest wait for the next run). */
const PLANS_PER_RUN = 500;
const TIMEOUTS_PER_RUN = 1_000;

export interface RunSummary {
  orders: number;
  timedOut: number;
}

/** One plan's due occurrences: their orders, then its next occurrence. */
async function generatePlan(
  trx: Db,
  publish: PublishIn,
  services: Services,
  project: Project,
  start: PlanRow,
  now: number,
): Promise<number> {
  let plan = start;
  let made = 0;
  for (let n = 0; n < PLAN_LIMITS.catchUpMax && plan.due_at <= now; n++) {
    const devices = (await devicesByIds(trx, project.id, plan.device_ids)).filter(
      (d) => d.status === DEVICE_STATUS.run,
    );
    const done = await occurrenceDevices(trx, plan.id, plan.next_time);
    const items = await orderItemsOf(trx, project.id, plan.item_ids);
    for (const device of devices) {
      if (done.has(device.id)) continue;
      await writeNewOrder(
        trx,
        publish,
        services,
        project,
        {
          type: 'maintenance',
          description: `${plan.name}: ${items.map((i) => i.name).join(', ')}`.slice(0, 500),
          tasklevel: plan.tasklevel,
          deviceId: device.id,
          nodeId: null,
          teamId: plan.team_id,
          creatorId: null,
          source: 'plan',
          planId: plan.id,
          planName: plan.name,
          eventId: null,
          executetimeplan: plan.next_time,
          timeconsumeplan: plan.timeconsumeplan,
          attachments: [],
          items,
        },
        now,
      );
      made++;
    }
    const index = plan.next_index + 1;
    const time = planOccurrence(
      plan.first_time,
      plan.cycle as PlanCycle,
      index,
      project.timeZone,
      plan.cycle_hours,
    );
    const next = {
      next_index: index,
      next_time: time,
      due_at: time - plan.remind_before,
      last_generated_at: now,
    };
    if (!(await advancePlan(trx, plan, next))) break;
    plan = { ...plan, ...next };
  }
  return made;
}

/** Open orders past their deadline become timed out and overdue, with a step and the notices. */
async function timeOut(
  trx: Db,
  publish: PublishIn,
  services: Services,
  projects: Map<number, Project>,
  now: number,
) {
  let count = 0;
  for (const order of await ordersPastDeadline(trx, now, TIMEOUTS_PER_RUN)) {
    const project = projects.get(order.project_id);
    if (!project) continue;
    const written = await updateOrderIf(trx, order, {
      status: WORK_ORDER_STATUS.timedOut,
      overdue: 1,
      updated_at: now,
    });
    if (!written) continue;
    await insertSteps(trx, [
      {
        project_id: order.project_id,
        order_id: order.id,
        time: now,
        action: 'timeout',
        user_id: null,
        from_status: order.status,
        to_status: WORK_ORDER_STATUS.timedOut,
        note: '',
      },
    ]);
    await publish(await orderNotice(services, project, written, 'timedOut', trx));
    count++;
  }
  return count;
}

/** One run of the scheduler's work, in the transaction that claims the slot. */
export async function maintenanceRun(trx: Db, publish: PublishIn, services: Services): Promise<RunSummary> {
  const now = services.clock();
  const projects = new Map((await allProjects(trx)).map((p) => [p.id, toWireProject(p)]));
  let orders = 0;
  for (const plan of await duePlans(trx, now, PLANS_PER_RUN)) {
    const project = projects.get(plan.project_id);
    if (project) orders += await generatePlan(trx, publish, services, project, plan, now);
  }
  const timedOut = await timeOut(trx, publish, services, projects, now);
  return { orders, timedOut };
}

function options(services: Services, summary?: (s: RunSummary) => void) {
  return {
    ...MAINTENANCE_SCHEDULE,
    notices: true as const,
    job: async (trx: Db, _slot: Slot, publish: PublishIn) => {
      const s = await maintenanceRun(trx, publish, services);
      summary?.(s);
    },
  };
}

/** Runs the current slot if it has not run (tests drive the clock and call this). */
export async function runMaintenanceSlot(services: Services): Promise<(Slot & RunSummary) | null> {
  let summary: RunSummary = { orders: 0, timedOut: 0 };
  const slot = await runDueSlot(
    services,
    options(services, (s) => {
      summary = s;
    }),
  );
  return slot && { ...slot, ...summary };
}

/** The singleton (services.cluster.singletons.register('maintenance', …)). */
export function maintenanceScheduler(services: Services): StartSingleton {
  return scheduled(services, options(services));
}
