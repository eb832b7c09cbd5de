/**
 * The catalogue area by area, each loaded on first use. This module is what the SDK imports
 * statically: no zod and no schema, so a client pays for the areas it calls, and the web's
 * /login ships none of them. The server and the docs read the whole catalogue (catalogue.ts);
 * a test keeps the two lists the same. Adding an area: its file in areas/, a line in
 * catalogue.ts and a line here.
 */
import type { AreaName, Catalogue } from './catalogue.js';
import type { channels } from './channels.js';

export { CATALOGUE_INDEX } from './catalogue-index.js';
export { CHANNEL_PATHS, type ChannelName, CLOSE_CODES } from './channel-paths.js';
export { buildPath } from './paths.js';

type AreaLoaders = { readonly [A in AreaName]: () => Promise<Catalogue[A]> };

const LOADERS: AreaLoaders = {
  session: () => import('./areas/session.js').then((m) => m.session),
  shell: () => import('./areas/shell.js').then((m) => m.shell),
  projects: () => import('./areas/projects.js').then((m) => m.projects),
  nodes: () => import('./areas/nodes.js').then((m) => m.nodes),
  users: () => import('./areas/users.js').then((m) => m.users),
  notices: () => import('./areas/notices.js').then((m) => m.notices),
  logs: () => import('./areas/logs.js').then((m) => m.logs),
  files: () => import('./areas/files.js').then((m) => m.files),
  datalog: () => import('./areas/datalog.js').then((m) => m.datalog),
  monitor: () => import('./areas/monitor.js').then((m) => m.monitor),
  events: () => import('./areas/events.js').then((m) => m.events),
  expert: () => import('./areas/expert.js').then((m) => m.expert),
  pq: () => import('./areas/pq.js').then((m) => m.pq),
  energy: () => import('./areas/energy.js').then((m) => m.energy),
  metering: () => import('./areas/metering.js').then((m) => m.metering),
  production: () => import('./areas/production.js').then((m) => m.production),
  entries: () => import('./areas/entries.js').then((m) => m.entries),
  favorites: () => import('./areas/favorites.js').then((m) => m.favorites),
  workorders: () => import('./areas/workorders.js').then((m) => m.workorders),
  maintenance: () => import('./areas/maintenance.js').then((m) => m.maintenance),
  devices: () => import('./areas/devices.js').then((m) => m.devices),
  demand: () => import('./areas/demand.js').then((m) => m.demand),
  bills: () => import('./areas/bills.js').then((m) => m.bills),
  cost: () => import('./areas/cost.js').then((m) => m.cost),
};

/** The areas of the catalogue, in catalogue order. */
export const AREA_NAMES = Object.keys(LOADERS) as readonly AreaName[];

export function isAreaName(name: string): name is AreaName {
  return Object.hasOwn(LOADERS, name);
}

const loading = new Map<AreaName, Promise<unknown>>();

/**
 * The endpoints of an area, imported once (the same promise for every caller). A failed import
 * (a chunk the browser could not fetch) is forgotten, so the next call tries again.
 */
export function loadArea<A extends AreaName>(area: A): Promise<Catalogue[A]> {
  let promise = loading.get(area) as Promise<Catalogue[A]> | undefined;
  if (!promise) {
    promise = LOADERS[area]();
    loading.set(area, promise);
    promise.catch(() => loading.delete(area));
  }
  return promise;
}

let channelDefs: Promise<typeof channels> | undefined;

/** The two WebSocket channels with their message schemas, imported once. */
export function loadChannels(): Promise<typeof channels> {
  channelDefs ??= import('./channels.js').then((m) => m.channels);
  channelDefs.catch(() => {
    channelDefs = undefined;
  });
  return channelDefs;
}

export type { AreaName, Catalogue };
