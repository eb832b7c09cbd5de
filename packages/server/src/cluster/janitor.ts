/**
 * What the leader tidies up after servers that stopped (ADR 0016), every lease:
 * - their running tasks fail, with the failure notice to the owner ('interrupted by a server
 *   stop', as a single server does at its start), so nobody waits for a task no one runs;
 * - their job keys are freed;
 * - members not seen for a day leave the table (recent ones stay for `cluster_members` readers).
 * A server is alive while it has been seen within a lease (it writes its row every third).
 */
import type { Services } from '../services.js';
import { dropJobLocksOfStoppedServers } from './repo/job-locks.js';
import { removeMembersGoneADay, tasksOfStoppedServers } from './repo/members.js';

export async function tidyUp(services: Services, leaseMs: number): Promise<void> {
  const { db } = services;
  const taskIds = await tasksOfStoppedServers(db, leaseMs);
  if (taskIds.length > 0) await services.tasks.failInterrupted({ taskIds });
  await dropJobLocksOfStoppedServers(db, leaseMs);
  await removeMembersGoneADay(db);
}
