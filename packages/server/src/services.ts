/** The server's services, built once per server and handed to every handler. */
import { LiveReadings } from './areas/datalog/live-readings.js';
import { NodeJobs } from './areas/nodes/node-jobs.js';
import { NoticeHub } from './areas/notices/notice-hub.js';
import { TaskHub } from './areas/notices/task-hub.js';
import { ProjectStore } from './areas/projects/project-store.js';
import { AuthService } from './auth/auth-service.js';
import type { Clock } from './clock.js';
import type { Cluster } from './cluster/cluster.js';
import type { ServerConfig } from './config.js';
import type { Db, Dialect } from './db/database.js';

export interface Services {
  /** The database, for repository functions (areas/<area>/repo/); nothing else queries it. */
  db: Db;
  clock: Clock;
  config: ServerConfig;
  auth: AuthService;
  notices: NoticeHub;
  tasks: TaskHub;
  projects: ProjectStore;
  /** Background imports and generation of the nodes area. */
  nodeJobs: NodeJobs;
  /** Live values of points and breaker states (simulator, realtime calls, alarm schemes). */
  live: LiveReadings;
  /** The other servers on the database, the leader's singletons (and their registration). */
  cluster: Cluster;
}

export function createServices(
  db: Db,
  clock: Clock,
  config: ServerConfig,
  dialect: Dialect,
  cluster: Cluster,
): Services {
  const notices = new NoticeHub(db, clock);
  return {
    db,
    clock,
    config,
    auth: new AuthService(db, clock, {
      sessionTtlMs: config.sessionTtlMs,
      signIn: { addressLimit: config.signInAddressLimit, addressWindowMs: config.signInAddressWindowMs },
    }),
    notices,
    // SQLite has one connection: progress inside a transaction goes through it (TaskHub).
    tasks: new TaskHub(db, clock, notices, { progressInTransaction: dialect === 'sqlite' }),
    projects: new ProjectStore(db, clock),
    nodeJobs: new NodeJobs(),
    live: new LiveReadings(),
    cluster,
  };
}
