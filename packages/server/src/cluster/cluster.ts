/**
 * One server or several (ADR 0016). On SQLite the server is alone: notices, progress, live
 * values and caches stay in the process, the singletons run at once, and a task left running
 * at start was interrupted by its stop. On PostgreSQL any number of servers share the database:
 * `PostgresCluster` relays what the others must hear, elects the leader that runs the
 * singletons, and tidies up after servers that stopped.
 */
import { dropStaleImportRows } from '../areas/datalog/repo/import-rows.js';
import type { ServerConfig } from '../config.js';
import type { DatabaseHandle, Db } from '../db/database.js';
import type { Services } from '../services.js';
import { PostgresCluster } from './postgres-cluster.js';
import { Singletons } from './singletons.js';

export interface ClusterStatus {
  serverId: string;
  /** Whether the singletons run here. */
  leader: boolean;
  /** PostgreSQL: whether the bus connection is up (always true on SQLite). */
  connected: boolean;
}

export interface Cluster {
  readonly serverId: string;
  /**
   * The one registration point of work that runs on one server at a time: the alarm engine,
   * the simulator, the maintenance, schedulers (scheduled() in cluster/schedule.ts).
   */
  readonly singletons: Singletons;
  /** Connects the services to the other servers; before the server listens. */
  start(services: Services): Promise<void>;
  /** Takes part in the leader election (the singletons start here when it leads); after listening. */
  lead(): Promise<void>;
  /** Stops the singletons and hands the leadership on; before the server stops listening. */
  stop(): Promise<void>;
  /** Leaves the other servers (membership, job keys, bus); after the last job ended. */
  leave(): Promise<void>;
  /**
   * Inside a transaction of singleton work: throws (the transaction rolls back) when this server
   * is no longer the leader, and keeps a successor from taking over until the commit.
   */
  fence(trx: Db): Promise<void>;
  /** Runs `work` while no other server runs work of the same name (the first start's seeding). */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** The first instant whose raw readings are kept (PostgreSQL retention), or null: all are. */
  readingsKeptFrom(now: number): number | null;
  status(): ClusterStatus;
}

/** The server alone on its SQLite file. */
export class LocalCluster implements Cluster {
  readonly singletons: Singletons;

  constructor(
    readonly serverId: string,
    log: (message: string) => void,
  ) {
    this.singletons = new Singletons(log);
  }

  async start(services: Services): Promise<void> {
    await services.tasks.failInterrupted();
    // Rows a reading import staged before the stop (its task failed above) are of no use.
    await dropStaleImportRows(services.db);
  }

  lead(): Promise<void> {
    return this.singletons.startAll();
  }

  stop(): Promise<void> {
    return this.singletons.stopAll();
  }

  async leave(): Promise<void> {}

  async fence(): Promise<void> {}

  exclusive<T>(_name: string, work: () => Promise<T>): Promise<T> {
    return work();
  }

  readingsKeptFrom(): number | null {
    return null;
  }

  status(): ClusterStatus {
    return { serverId: this.serverId, leader: this.singletons.active, connected: true };
  }
}

export function openCluster(database: DatabaseHandle, config: ServerConfig): Cluster {
  const log = (message: string) => {
    if (config.logLevel !== 'silent') process.stderr.write(`eem-server: ${message}\n`);
  };
  if (database.dialect === 'postgres' && config.databaseUrl)
    return new PostgresCluster(database.db, config, log);
  return new LocalCluster(config.serverId, log);
}
