/**
 * Keeps the demo site alive: every few seconds an event notice for one project goes to the
 * users who may enter it (seeded, so a given seed gives the same sequence).
 */
import { LOG_TYPE } from '@eem/core';
import { loadAuthUser } from '../auth/auth-user.js';
import type { ServerConfig } from '../config.js';
import type { Services } from '../services.js';
import { seededRandom } from './random.js';
import type { DemoWorld } from './seed.js';

interface Template {
  logType: number;
  eventClass: number;
  text: (r: ReturnType<typeof seededRandom>) => { description: string; nodeName: string };
}

const TEMPLATES: Template[] = [
  {
    logType: LOG_TYPE.energyOverLimit,
    eventClass: 2,
    text: (r) => {
      const node = r.pick(['Workshop A', 'Workshop B', 'Office block', 'Compressor house']);
      const limit = r.pick([800, 1200, 450]);
      return {
        nodeName: node,
        description: `${node}: hourly energy ${limit + r.int(5, 90)} kWh over the ${limit} kWh limit`,
      };
    },
  },
  {
    logType: LOG_TYPE.demandOverThreshold,
    eventClass: 1,
    text: (r) => {
      const node = r.pick(['Incoming line 1', 'Incoming line 2']);
      return {
        nodeName: node,
        description: `${node}: 15-min demand ${r.int(2510, 2790)} kW over the 2500 kW threshold`,
      };
    },
  },
  {
    logType: LOG_TYPE.efficiencyWarning,
    eventClass: 4,
    text: (r) => {
      const node = r.pick(['Chiller 1', 'Chiller 2', 'Air compressor 3']);
      return {
        nodeName: node,
        description: `${node}: COP ${(r.int(260, 310) / 100).toFixed(2)} below the 3.20 benchmark`,
      };
    },
  },
  {
    logType: LOG_TYPE.lossWarning,
    eventClass: 4,
    text: (r) => {
      const node = r.pick(['Transformer T1', 'Transformer T2']);
      return {
        nodeName: node,
        description: `${node}: loss rate ${(r.int(52, 89) / 10).toFixed(1)}% over the 5.0% limit`,
      };
    },
  },
  {
    logType: LOG_TYPE.deviceOffline,
    eventClass: 3,
    text: (r) => {
      const node = r.pick(['Meter M-104', 'Meter M-221', 'Gateway G-02']);
      return { nodeName: node, description: `${node}: no data for ${r.int(5, 30)} minutes (device offline)` };
    },
  },
  {
    logType: LOG_TYPE.powerQuality,
    eventClass: 5,
    text: (r) => {
      const node = r.pick(['Busbar I', 'Busbar II']);
      return {
        nodeName: node,
        description: `${node}: voltage THD ${(r.int(51, 74) / 10).toFixed(1)}% over the 5.0% limit`,
      };
    },
  },
];

/** Starts the trickle; the function it returns stops it and waits for a notice being published. */
export function startNoticeTrickle(
  services: Services,
  world: DemoWorld,
  config: ServerConfig,
): () => Promise<void> {
  const random = seededRandom(config.seed);
  const projectIds = Object.values(world.projects);
  let recipients = new Map<number, number[]>();
  let refreshedAt = 0;
  let running: Promise<void> | null = null;

  const refresh = async () => {
    const map = new Map<number, number[]>();
    for (const userId of Object.values(world.users)) {
      const user = await loadAuthUser(services.db, userId);
      for (const projectId of user?.projectIds ?? [])
        map.set(projectId, [...(map.get(projectId) ?? []), userId]);
    }
    recipients = map;
    refreshedAt = services.clock();
  };

  const tick = async () => {
    try {
      if (services.clock() - refreshedAt > 60_000) await refresh();
      const projectId = random.pick(projectIds);
      const template = random.pick(TEMPLATES);
      const { description, nodeName } = template.text(random);
      await services.notices.publish({
        userIds: recipients.get(projectId) ?? [],
        projectId,
        logType: template.logType,
        eventClass: template.eventClass,
        description,
        content: { eventClass: template.eventClass, nodeName },
      });
    } catch (error) {
      console.error('simulator: notice trickle failed:', error instanceof Error ? error.message : error);
    }
  };

  const timer = setInterval(
    () => {
      if (running || projectIds.length === 0) return;
      running = tick().finally(() => {
        running = null;
      });
    },
    Math.max(200, config.noticeIntervalMs),
  );
  timer.unref();
  // The server closes the database after this: a tick in flight finishes first.
  return async () => {
    clearInterval(timer);
    await running;
  };
}
