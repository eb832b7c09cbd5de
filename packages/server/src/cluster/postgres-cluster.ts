/**
 * Several servers on one PostgreSQL database (ADR 0016).
 *
 * - Membership: each server writes its row in `cluster_members` every third of a lease
 *   (EEM_LEASE_MS, 15 s by default); a server not seen for a lease has stopped.
 * - Leadership: a lease row (`cluster_leases`, name 'leader') with a holder, an epoch that grows
 *   at every take-over and an expiry in the database's time. The leader renews it every third
 *   of a lease; the others try to take it every third of a lease, which succeeds once it has
 *   expired: a leader that dies is replaced within a lease and a third (20 s by default). A
 *   leader that stops hands it on at once (expired and announced). A leader that cannot renew
 *   for most of a lease stops its singletons by itself; work of the singletons that matters
 *   writes behind fence(), which checks the lease in the same transaction (and locks it, so no
 *   successor takes over before that commit).
 * - Relays: notices, task progress, caches, live values (cluster/*-relay.ts) and the job keys.
 * - The leader's own singletons: the janitor (cluster/janitor.ts) and, every hour, the
 *   maintenance of the monthly partitions (db/partitions.ts).
 */
import { hostname } from 'node:os';
import pg from 'pg';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import { maintainPartitions, retentionHorizon } from '../db/partitions.js';
import type { Services } from '../services.js';
import { PostgresBus } from './bus.js';
import { relayCaches } from './cache-relay.js';
import type { Cluster, ClusterStatus } from './cluster.js';
import { tidyUp } from './janitor.js';
import { PostgresJobLocks } from './job-locks.js';
import { PostgresLiveRelay } from './live-relay.js';
import { PostgresNoticeRelay } from './notice-relay.js';
import { repeat } from './repeat.js';
import { dropJobLocksOf } from './repo/job-locks.js';
import { holdsLease, releaseLease, renewLease, takeLease } from './repo/leases.js';
import { joinMembers, markSeen, removeMember } from './repo/members.js';
import { lockSession } from './repo/signals.js';
import { Singletons } from './singletons.js';
import { PostgresTaskRelay } from './task-relay.js';

const LEASE = 'leader';
/** The advisory locks of exclusive(): (this namespace, hashtext(name)). */
const EXCLUSIVE_NAMESPACE = 0x45_45_4d;
const MAINTENANCE_MS = 3_600_000;

/** Thrown by fence() in a server that is not (or no longer) the leader. */
export class NotLeaderError extends Error {
  constructor(serverId: string) {
    super(`server ${serverId} is not the leader (any more); its singleton work is not written`);
  }
}

export class PostgresCluster implements Cluster {
  readonly serverId: string;
  readonly singletons: Singletons;
  private readonly bus: PostgresBus;
  private readonly leaseMs: number;
  private epoch: number | null = null;
  /** performance.now() of the last renewal (or take-over) of the lease. */
  private renewedAt = 0;
  private timer: NodeJS.Timeout | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | null = null;
  private leading = false;
  private stopping = false;
  private joined = false;
  private notices: PostgresNoticeRelay | undefined;
  private live: PostgresLiveRelay | undefined;

  constructor(
    private readonly db: Db,
    private readonly config: ServerConfig,
    private readonly log: (message: string) => void,
  ) {
    this.serverId = config.serverId;
    this.leaseMs = config.leaseMs;
    this.singletons = new Singletons(log);
    this.bus = new PostgresBus(config.databaseUrl as string, db, log);
  }

  async start(services: Services): Promise<void> {
    await this.join();
    await this.bus.open();
    this.bus.on('eem_cluster', (payload) => {
      if (payload === 'released' && this.leading && this.epoch === null) void this.tick();
    });
    this.notices = new PostgresNoticeRelay(this.db, this.bus, services.notices, this.log);
    await this.notices.start();
    new PostgresTaskRelay(this.db, this.bus, services.tasks, services.clock, this.log).start();
    relayCaches(services, this.bus, this.serverId);
    this.live = new PostgresLiveRelay(this.db, this.bus, services.live, this.serverId, this.log);
    await this.live.start();
    services.nodeJobs.useLocks(new PostgresJobLocks(this.db, this.serverId, this.leaseMs));
    this.singletons.register(
      'cluster.janitor',
      repeat('janitor', this.leaseMs, () => tidyUp(services, this.leaseMs), this.log),
    );
    this.singletons.register(
      'cluster.partitions',
      repeat(
        'partition maintenance',
        MAINTENANCE_MS,
        async () => {
          await maintainPartitions(this.db, {
            now: services.clock(),
            readingsRetentionMonths: this.config.readingsRetentionMonths,
            rollupsRetentionMonths: this.config.rollupsRetentionMonths,
          });
        },
        this.log,
      ),
    );
  }

  async lead(): Promise<void> {
    this.leading = true;
    await this.tick();
    this.timer = setInterval(() => {
      if (!this.ticking) void this.tick();
    }, this.leaseMs / 3);
    this.timer.unref();
    // A leader that could not renew for 80 % of a lease must assume a successor: it stops, at the
    // latest at 90 % (this check runs every tenth), before the lease expires.
    this.watchdog = setInterval(() => {
      if (this.epoch !== null && performance.now() - this.renewedAt > this.leaseMs * 0.8)
        void this.stepDown('the lease could not be renewed in time');
    }, this.leaseMs / 10);
    this.watchdog.unref();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.leading = false;
    if (this.timer) clearInterval(this.timer);
    if (this.watchdog) clearInterval(this.watchdog);
    await this.ticking;
    const epoch = this.epoch;
    this.epoch = null;
    await this.singletons.stopAll();
    if (epoch === null) return;
    try {
      await releaseLease(this.db, LEASE, this.serverId, epoch);
      await this.bus.send('eem_cluster', 'released');
    } catch (error) {
      this.log(`cluster: handing the leadership on failed: ${text(error)}`);
    }
  }

  async leave(): Promise<void> {
    this.notices?.stop();
    await this.live?.stop();
    try {
      // Not when the start was refused for a server id in use: that row is the other server's.
      if (this.joined) {
        await dropJobLocksOf(this.db, this.serverId);
        await removeMember(this.db, this.serverId);
      }
    } catch (error) {
      this.log(`cluster: leaving failed: ${text(error)}`);
    }
    await this.bus.close();
  }

  async fence(trx: Db): Promise<void> {
    const epoch = this.epoch;
    if (epoch === null) throw new NotLeaderError(this.serverId);
    if (!(await holdsLease(trx, LEASE, this.serverId, epoch))) {
      void this.stepDown('the lease was lost');
      throw new NotLeaderError(this.serverId);
    }
  }

  async exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
    const client = new pg.Client({
      connectionString: this.config.databaseUrl,
      application_name: 'eem-server lock',
      connectionTimeoutMillis: 10_000,
    });
    client.on('error', (error) => this.log(`cluster: lock connection lost: ${error.message}`));
    await client.connect();
    try {
      await lockSession(client, EXCLUSIVE_NAMESPACE, name);
      return await work();
    } finally {
      await client.end().catch(() => undefined);
    }
  }

  readingsKeptFrom(now: number): number | null {
    return retentionHorizon(now, this.config.readingsRetentionMonths);
  }

  status(): ClusterStatus {
    return { serverId: this.serverId, leader: this.epoch !== null, connected: this.bus.connected };
  }

  /** Enters `cluster_members`; refuses a server id that a running server uses. */
  private async join(): Promise<void> {
    const joined = await joinMembers(this.db, {
      serverId: this.serverId,
      host: hostname(),
      pid: process.pid,
      leaseMs: this.leaseMs,
    });
    if (!joined)
      throw new Error(
        `another running server uses the server id ${this.serverId} (EEM_SERVER_ID); each server needs its own`,
      );
    this.joined = true;
  }

  /** One round: the heartbeat, then renewing the lease (leader) or trying to take it. */
  private tick(): Promise<void> {
    if (this.ticking) return this.ticking;
    this.ticking = this.round().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async round(): Promise<void> {
    if (this.stopping) return;
    try {
      await markSeen(this.db, this.serverId);
    } catch (error) {
      this.log(`cluster: heartbeat failed: ${text(error)}`);
    }
    try {
      if (this.epoch !== null) {
        const lease = { holder: this.serverId, epoch: this.epoch, leaseMs: this.leaseMs };
        if (!(await renewLease(this.db, LEASE, lease))) await this.stepDown('another server took the lease');
        else this.renewedAt = performance.now();
        return;
      }
      if (!this.leading) return;
      const epoch = await takeLease(this.db, LEASE, this.serverId, this.leaseMs);
      if (epoch === null || this.stopping) return;
      this.epoch = epoch;
      this.renewedAt = performance.now();
      this.log(`cluster: server ${this.serverId} leads (epoch ${this.epoch}); starting the singletons`);
      await this.singletons.startAll();
    } catch (error) {
      this.log(`cluster: the leader lease failed: ${text(error)}`);
    }
  }

  private async stepDown(reason: string): Promise<void> {
    if (this.epoch === null) return;
    this.epoch = null;
    this.log(`cluster: server ${this.serverId} no longer leads (${reason}); stopping the singletons`);
    await this.singletons.stopAll();
  }
}

function text(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
