/** Server configuration from the environment (docs/operations.md). */
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { DATALOG_LIMITS, isStrongPassword, MESSAGES } from '@eem/core';

export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionTtlMs: number;
  /** Failed sign-ins of one client address in the sliding window before 429 (EEM_SIGNIN_ADDRESS_LIMIT). */
  signInAddressLimit: number;
  /** The sliding window of the address throttle (EEM_SIGNIN_ADDRESS_WINDOW_S). */
  signInAddressWindowMs: number;
  demoPassword: string | undefined;
  /** The first start of an empty database builds the demo world (else only the platform administrator). */
  demo: boolean;
  /** The platform administrator's password at the first start without the demo (else one is generated). */
  adminPassword: string | undefined;
  simulator: boolean;
  seed: number;
  noticeIntervalMs: number;
  ssoEnabled: boolean;
  logLevel: string;
  /** Days of 15-minute history the simulator writes on first start (EEM_HISTORY_DAYS). */
  historyDays: number;
  /** How often the simulator writes live values (EEM_LIVE_INTERVAL_MS). */
  liveIntervalMs: number;
  /** Points of one datalog query and rows of one export (EEM_DATALOG_MAX_NODES, EEM_DATALOG_MAX_EXPORT_COUNT). */
  datalogMaxNodes: number;
  datalogMaxExportCount: number;
  /** Check every answer against the contract's data schema (on in tests; costs throughput). */
  checkAnswers: boolean;
  /** This server among those on one PostgreSQL database (EEM_SERVER_ID; ADR 0016). */
  serverId: string;
  /** The leader lease: a dead leader is replaced within it and a third (EEM_LEASE_MS). */
  leaseMs: number;
  /** Months of raw readings and of rollups kept on PostgreSQL, 0 for all (EEM_*_RETENTION_MONTHS). */
  readingsRetentionMonths: number;
  rollupsRetentionMonths: number;
  /** The proxies whose X-Forwarded-For names the client (EEM_TRUST_PROXY: addresses or CIDRs). */
  trustProxy: string[];
  /** PostgreSQL: the connections of this server's pool (EEM_DATABASE_POOL). */
  databasePool: number;
  /** The shared spare-parts catalogue of the tenant (EEM_LOAD_ALL_SPARES; system info's load-all-spares flag). */
  loadAllSpares: boolean;
  /** How often the demo's alarms raise a repair order (EEM_DEMO_REPAIR_INTERVAL_MS; 0: never). */
  demoRepairIntervalMs: number;
}

/** hostname-pid-random: unique among the servers of a database, readable in cluster_members. */
function defaultServerId(): string {
  const host =
    hostname()
      .replace(/[^A-Za-z0-9.-]/g, '')
      .slice(0, 40) || 'server';
  return `${host}-${process.pid}-${Math.random().toString(36).slice(2, 6)}`;
}

function serverId(env: NodeJS.ProcessEnv): string {
  const raw = env.EEM_SERVER_ID;
  if (raw === undefined || raw === '') return defaultServerId();
  if (!/^[A-Za-z0-9._-]{1,60}$/.test(raw))
    throw new Error(`EEM_SERVER_ID must be 1 to 60 letters, digits, '.', '_' or '-', got '${raw}'`);
  return raw;
}

function retention(env: NodeJS.ProcessEnv): { readings: number; rollups: number } {
  const whole = (name: string) => {
    const value = number(env, name, 0);
    if (!Number.isInteger(value))
      throw new Error(`${name} must be a whole number of months, got '${env[name]}'`);
    return value;
  };
  const readings = whole('EEM_READINGS_RETENTION_MONTHS');
  const rollups = whole('EEM_ROLLUPS_RETENTION_MONTHS');
  if (rollups > 0 && (readings === 0 || rollups < readings))
    throw new Error(
      'EEM_ROLLUPS_RETENTION_MONTHS must be 0 (keep all) or at least EEM_READINGS_RETENTION_MONTHS (rollups are made from the readings)',
    );
  return { readings, rollups };
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number, got '${raw}'`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['on', 'true', '1', 'yes'].includes(raw)) return true;
  if (['off', 'false', '0', 'no'].includes(raw)) return false;
  throw new Error(`${name} must be on or off, got '${raw}'`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const simulator = flag(env, 'EEM_SIMULATOR', true);
  const adminPassword = env.EEM_ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && !isStrongPassword(adminPassword))
    throw new Error(`EEM_ADMIN_PASSWORD: ${MESSAGES.strongPassword}`);
  const kept = retention(env);
  return {
    port: number(env, 'PORT', 8080),
    host: env.HOST || '0.0.0.0',
    dataDir: resolve(env.EEM_DATA_DIR || '.eem-data'),
    databaseUrl: env.EEM_DATABASE_URL || undefined,
    sessionTtlMs: number(env, 'EEM_SESSION_TTL_HOURS', 12) * 3_600_000,
    signInAddressLimit: Math.max(1, Math.round(number(env, 'EEM_SIGNIN_ADDRESS_LIMIT', 20))),
    signInAddressWindowMs: Math.max(1, number(env, 'EEM_SIGNIN_ADDRESS_WINDOW_S', 900)) * 1000,
    demoPassword: env.EEM_DEMO_PASSWORD || undefined,
    demo: flag(env, 'EEM_DEMO', simulator),
    adminPassword,
    simulator,
    seed: number(env, 'EEM_SEED', 1),
    noticeIntervalMs: number(env, 'EEM_NOTICE_INTERVAL_MS', 60_000),
    ssoEnabled: flag(env, 'EEM_SSO', false),
    logLevel: env.EEM_LOG_LEVEL || 'warn',
    checkAnswers: flag(env, 'EEM_CHECK_ANSWERS', false),
    historyDays: number(env, 'EEM_HISTORY_DAYS', 90),
    liveIntervalMs: Math.max(500, number(env, 'EEM_LIVE_INTERVAL_MS', 5_000)),
    datalogMaxNodes: Math.max(1, number(env, 'EEM_DATALOG_MAX_NODES', DATALOG_LIMITS.maxNodes)),
    datalogMaxExportCount: Math.max(
      1,
      number(env, 'EEM_DATALOG_MAX_EXPORT_COUNT', DATALOG_LIMITS.maxExportCount),
    ),
    serverId: serverId(env),
    leaseMs: Math.max(1_000, number(env, 'EEM_LEASE_MS', 15_000)),
    readingsRetentionMonths: kept.readings,
    rollupsRetentionMonths: kept.rollups,
    trustProxy: (env.EEM_TRUST_PROXY ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a !== ''),
    databasePool: Math.min(500, Math.max(2, Math.round(number(env, 'EEM_DATABASE_POOL', 10)))),
    loadAllSpares: flag(env, 'EEM_LOAD_ALL_SPARES', true),
    demoRepairIntervalMs: number(env, 'EEM_DEMO_REPAIR_INTERVAL_MS', 15 * 60_000),
  };
}
