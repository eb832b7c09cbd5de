export { buildApp, handlers, type RunningServer, type StartOptions, startServer } from './app.js';
export type { Clock } from './clock.js';
export { loadConfig, type ServerConfig } from './config.js';
export { openDatabase } from './db/database.js';
export type { DemoWorld } from './first-start.js';
export type { Services } from './services.js';
export { DEMO_ACCOUNTS, DEMO_INSPECTION_PASSWORD, DEMO_PASSWORD } from './simulator/seed.js';
