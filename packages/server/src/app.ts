/** Builds and starts the reference server: database, services, endpoints, channels, simulator. */

import { UPLOAD_LIMITS, WIRE_CODE } from '@eem/core';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { billsHandlers } from './areas/bills/handlers.js';
import { declareProposal } from './areas/bills/proposal.js';
import { costHandlers } from './areas/cost/handlers.js';
import { datalogHandlers } from './areas/datalog/handlers.js';
import { demandHandlers } from './areas/demand/handlers.js';
import { demandReminderScheduler } from './areas/demand/reminders.js';
import { devicesHandlers } from './areas/devices/handlers.js';
import { energyHandlers } from './areas/energy/handlers.js';
import { entriesHandlers } from './areas/entries/handlers.js';
import { startAlarmEngine } from './areas/events/alarm-engine.js';
import { eventsHandlers } from './areas/events/handlers.js';
import { expertHandlers } from './areas/expert/handlers.js';
import { favoritesHandlers } from './areas/favorites/handlers.js';
import { filesHandlers } from './areas/files/handlers.js';
import { logsHandlers } from './areas/logs/handlers.js';
import { maintenanceHandlers } from './areas/maintenance/handlers.js';
import { maintenanceScheduler } from './areas/maintenance/scheduler.js';
import { meteringHandlers } from './areas/metering/handlers.js';
import { monitorHandlers } from './areas/monitor/handlers.js';
import { nodesHandlers } from './areas/nodes/handlers.js';
import { NODE_IMPORT_MAX_BYTES } from './areas/nodes/import-limits.js';
import { registerChannels } from './areas/notices/channels.js';
import { noticesHandlers } from './areas/notices/handlers.js';
import { pqHandlers } from './areas/pq/handlers.js';
import { productionHandlers } from './areas/production/handlers.js';
import { projectsHandlers } from './areas/projects/handlers.js';
import { sessionHandlers } from './areas/session/handlers.js';
import { registerSsoPage } from './areas/session/sso-page.js';
import { shellHandlers } from './areas/shell/handlers.js';
import { usersHandlers } from './areas/users/handlers.js';
import { workordersHandlers } from './areas/workorders/handlers.js';
import { type Clock, systemClock } from './clock.js';
import { type Cluster, openCluster } from './cluster/cluster.js';
import { loadConfig, type ServerConfig } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { type DemoWorld, openWorld } from './first-start.js';
import { clientErrorAnswer, frameworkErrors, registerErrorHandling, sendEnvelope } from './http/errors.js';
import type { CatalogueHandlers } from './http/handlers.js';
import { registerEndpoints } from './http/register-endpoints.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { serveWeb } from './http/serve-web.js';
import { createServices, type Services } from './services.js';
import { startDemoAlarms } from './simulator/alarms.js';
import { seedCost } from './simulator/cost.js';
import { seedDemand } from './simulator/demand.js';
import { startDemoRepairs } from './simulator/demo-repairs.js';
import { seedEnergyConfig, seedEnergyData } from './simulator/energy.js';
import { seedExpert } from './simulator/expert.js';
import { seedReadings, startLiveReadings } from './simulator/readings.js';
import { demoProjectIds, seedDemoNodeTrees } from './simulator/seed-nodes.js';
import { seedOperations } from './simulator/seed-operations.js';

export const handlers: CatalogueHandlers = {
  session: sessionHandlers,
  shell: shellHandlers,
  projects: projectsHandlers,
  nodes: nodesHandlers,
  users: usersHandlers,
  notices: noticesHandlers,
  logs: logsHandlers,
  files: filesHandlers,
  datalog: datalogHandlers,
  monitor: monitorHandlers,
  events: eventsHandlers,
  expert: expertHandlers,
  pq: pqHandlers,
  energy: energyHandlers,
  metering: meteringHandlers,
  production: productionHandlers,
  entries: entriesHandlers,
  favorites: favoritesHandlers,
  workorders: workordersHandlers,
  maintenance: maintenanceHandlers,
  devices: devicesHandlers,
  // The declared-demand proposal is the bill area's (it prices the proposal).
  demand: { ...demandHandlers, declareProposal },
  cost: costHandlers,
  bills: billsHandlers,
};

export interface StartOptions {
  config?: Partial<ServerConfig>;
  clock?: Clock;
}

export interface RunningServer {
  app: FastifyInstance;
  services: Services;
  url: string;
  port: number;
  world: DemoWorld;
  config: ServerConfig;
  close(): Promise<void>;
}

/** The largest JSON body: the largest legitimate request (a datalog edit of 10,000 readings is about 600 KB); uploads have their own limits. */
export const BODY_LIMIT = 1024 * 1024;

export async function buildApp(services: Services): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: services.config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: BODY_LIMIT,
    // Behind a proxy (docs/operations.md): the client's address comes from X-Forwarded-For.
    ...(services.config.trustProxy.length > 0 ? { trustProxy: services.config.trustProxy } : {}),
    // A URL Fastify cannot decode, or a path parameter past its length: the envelope too.
    frameworkErrors,
    // Node's HTTP parser refused the request (malformed, headers too large): the envelope too.
    clientErrorHandler: (error: Error & { code?: string }, socket) => {
      if (socket.writable && !socket.destroyed) socket.end(clientErrorAnswer(error));
      else socket.destroy();
    },
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Uploads: one file, up to the largest limit (documents, node workbooks); each endpoint checks its own.
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(UPLOAD_LIMITS.documentBytes, NODE_IMPORT_MAX_BYTES),
      files: 1,
      fields: 20,
      fieldSize: 64 * 1024,
      parts: 21,
      headerPairs: 100,
    },
  });
  registerErrorHandling(app);
  const web = await serveWeb(app);
  registerSecurityHeaders(app, web);
  app.setNotFoundHandler((request, reply) => {
    if (web?.fallback(request, reply)) return reply;
    return sendEnvelope(
      reply,
      404,
      WIRE_CODE.notFound,
      `no such endpoint: ${request.method} ${request.url.split('?')[0]}`,
    );
  });
  registerSsoPage(app, services);
  registerEndpoints(app, services, handlers);
  registerChannels(app, services);
  return app;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = { ...loadConfig(), ...options.config };
  const clock = options.clock ?? systemClock;
  let app: FastifyInstance | undefined;
  const database: DatabaseHandle = await openDatabase({
    dataDir: config.dataDir,
    url: config.databaseUrl,
    onPoolError: (error) =>
      app
        ? app.log.error({ err: error }, 'database: idle connection lost')
        : console.error('database: idle connection lost:', error.message),
    serverId: config.serverId,
    poolSize: config.databasePool,
  });
  // Alone on SQLite; on PostgreSQL one of any number of servers (ADR 0016).
  const cluster: Cluster = openCluster(database, config);
  const services = createServices(database.db, clock, config, database.dialect, cluster);
  let world: DemoWorld;
  let readingProjects: Awaited<ReturnType<typeof seedReadings>> = [];
  try {
    // Servers that start together on an empty database set it up once (ADR 0016).
    ({ world, readingProjects } = await cluster.exclusive('seed', async () => {
      const opened = await openWorld(services, config);
      // The demo world's trees, readings and expert library (each once); none without the demo.
      if (!opened.demo) return { world: opened, readingProjects: [] };
      await seedDemoNodeTrees(services, opened.projects);
      await seedEnergyConfig(services, opened.projects);
      const projects = await seedReadings(services, demoProjectIds(opened.projects));
      await seedEnergyData(services, opened.projects);
      await seedDemand(services, opened.projects);
      await seedCost(services, opened.projects);
      await seedExpert(services, opened);
      await seedOperations(services, opened);
      return { world: opened, readingProjects: projects };
    }));
    await cluster.start(services);
    app = await buildApp(services);
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // A failed start leaves nothing open (a PostgreSQL pool would keep the process alive).
    await app?.close();
    await cluster.stop();
    await cluster.leave();
    await database.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  // The singletons: on the leader only when several servers share the database.
  if (config.simulator)
    cluster.singletons.register('simulator.live', () => startLiveReadings(services, readingProjects));
  cluster.singletons.register('alarm-engine', () => startAlarmEngine(services));
  cluster.singletons.register('maintenance', maintenanceScheduler(services));
  cluster.singletons.register('demand-reminders', demandReminderScheduler(services));
  if (config.simulator && world.demo)
    cluster.singletons.register('simulator.alarms', () => startDemoAlarms(services, world, config));
  if (config.simulator && world.demo && config.demoRepairIntervalMs > 0)
    cluster.singletons.register('simulator.repairs', () => startDemoRepairs(services, world, config));
  await cluster.lead();
  let closed = false;
  return {
    app,
    services,
    url: `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
    port,
    world,
    config,
    async close() {
      if (closed) return;
      closed = true;
      await cluster.stop();
      await app.close();
      // Imports and generation that are under way end (written whole or not at all) first.
      await services.nodeJobs.idle();
      await cluster.leave();
      await database.close();
    },
  };
}
