export { buildApp, handlers, type RunningServer, type StartOptions, startServer } from './app.js';
export type { Clock } from './clock.js';
export type { Cluster, ClusterStatus } from './cluster/cluster.js';
export { runDueSlot, type ScheduleOptions, type Slot, scheduled } from './cluster/schedule.js';
export { loadConfig, type ServerConfig } from './config.js';
export { migrations as databaseMigrations } from './db/database.js';
export { maintainPartitions, partitionMonths } from './db/partitions.js';
export type { Services } from './services.js';
export { DEMO_ACCOUNTS, DEMO_INSPECTION_PASSWORD, DEMO_PASSWORD, type DemoWorld } from './simulator/seed.js';
