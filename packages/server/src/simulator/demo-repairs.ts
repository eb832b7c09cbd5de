/**
 * The demo's alarms raise repair orders now and then (issue 18): every
 * EEM_DEMO_REPAIR_INTERVAL_MS (and once shortly after start), for one demo project in turn,
 * the newest pending event of level 1 to 3 of the last day that has no repair order gets one,
 * raised by the project's demo operator through createRepairOrder, the service a person's
 * "Create repair order" calls (the same checks, code, timeline, notices and operation log).
 */
import { decodeText, repairDraftFromEvent, text } from '@eem/core';
import { operationTexts } from '../areas/logs/record-operation.js';
import { insertOperationLog } from '../areas/logs/repo/operation-logs.js';
import { createRepairOrder } from '../areas/workorders/orders.js';
import { projectPeople } from '../areas/workorders/people.js';
import { eventsWithoutOrder } from '../areas/workorders/repo/orders.js';
import { loadAuthUser } from '../auth/auth-user.js';
import type { ServerConfig } from '../config.js';
import type { DemoWorld } from '../first-start.js';
import type { Services } from '../services.js';
import { demoProjectIds } from './seed-nodes.js';
import { demoOperator } from './seed-operations.js';

const DAY = 86_400_000;
/** Events of these levels get a repair order (1 most severe … 3). */
const MAX_LEVEL = 3;

/** One round: a repair order for one project's newest event without one (none: the next project). */
export async function raiseDemoRepair(
  services: Services,
  world: DemoWorld,
  turn: number,
): Promise<string | null> {
  const ids = demoProjectIds(world.projects);
  for (let i = 0; i < ids.length; i++) {
    const projectId = ids[(turn + i) % ids.length] as number;
    const project = await services.projects.get(projectId);
    const userId = demoOperator(world, projectId);
    if (!project || userId === undefined) continue;
    const user = await loadAuthUser(services.db, userId);
    if (!user?.permissions.has('ops_repairorder') || !user.projectIds.includes(projectId)) continue;
    const [event] = await eventsWithoutOrder(services.db, projectId, services.clock() - DAY, MAX_LEVEL, 1);
    if (!event) continue;
    const team = (await projectPeople(services, project)).teams[0]?.id ?? null;
    const order = await createRepairOrder(
      {
        services,
        user,
        project,
        language: 'en',
        record: (entry) =>
          insertOperationLog(services.db, {
            time: services.clock(),
            user_id: user.id,
            account: user.name,
            tenant_id: user.tenantId,
            project_id: projectId,
            module: 'fw',
            operation: entry.operation,
            ...operationTexts(
              entry.object,
              // The event's own text, in the reader's language (the draft's description is its English).
              text('oplog.raisedByDemo', {
                description: decodeText(event.description_text) ?? entry.description ?? '',
              }),
            ),
            result: entry.result ?? 'success',
            client_ip: 'simulator',
          }),
      },
      {
        ...repairDraftFromEvent({
          id: event.id,
          description: event.description,
          level: event.level,
          nodeId: event.node_id,
        }),
        teamId: team,
        deviceId: null,
        timeconsumeplan: 8 * 3_600_000,
        attachments: [],
      },
    );
    return order.code;
  }
  return null;
}

export function startDemoRepairs(
  services: Services,
  world: DemoWorld,
  config: ServerConfig,
): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> | null = null;
  let turn = 0;
  const run = () => {
    if (stopped || running) return;
    running = raiseDemoRepair(services, world, turn++)
      .catch((error: unknown) => {
        if (!stopped)
          process.stderr.write(
            `simulator: demo repair order failed: ${error instanceof Error ? error.message : String(error)}\n`,
          );
      })
      .finally(() => {
        running = null;
      });
  };
  const first = setTimeout(run, Math.min(60_000, config.demoRepairIntervalMs));
  const timer = setInterval(run, config.demoRepairIntervalMs);
  first.unref();
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
