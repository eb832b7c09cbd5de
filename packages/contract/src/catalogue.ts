/** The whole call catalogue, by area. Each area's name is its folder in every layer. */
import { bills } from './areas/bills.js';
import { cost } from './areas/cost.js';
import { datalog } from './areas/datalog.js';
import { demand } from './areas/demand.js';
import { devices } from './areas/devices.js';
import { energy } from './areas/energy.js';
import { entries } from './areas/entries.js';
import { events } from './areas/events.js';
import { expert } from './areas/expert.js';
import { favorites } from './areas/favorites.js';
import { files } from './areas/files.js';
import { logs } from './areas/logs.js';
import { maintenance } from './areas/maintenance.js';
import { metering } from './areas/metering.js';
import { monitor } from './areas/monitor.js';
import { nodes } from './areas/nodes.js';
import { notices } from './areas/notices.js';
import { pq } from './areas/pq.js';
import { production } from './areas/production.js';
import { projects } from './areas/projects.js';
import { session } from './areas/session.js';
import { shell } from './areas/shell.js';
import { users } from './areas/users.js';
import { workorders } from './areas/workorders.js';
import type { AnyEndpoint } from './define-endpoint.js';

export const catalogue = {
  session,
  shell,
  projects,
  nodes,
  users,
  notices,
  logs,
  files,
  datalog,
  monitor,
  events,
  expert,
  pq,
  energy,
  metering,
  production,
  entries,
  favorites,
  workorders,
  maintenance,
  devices,
  demand,
  bills,
  cost,
} as const;

export type Catalogue = typeof catalogue;
export type AreaName = keyof Catalogue;

/** Every endpoint with its area, in catalogue order. */
export function listEndpoints(): { area: AreaName; name: string; endpoint: AnyEndpoint }[] {
  return (Object.keys(catalogue) as AreaName[]).flatMap((area) =>
    Object.entries(catalogue[area] as Record<string, AnyEndpoint>).map(([name, endpoint]) => ({
      area,
      name,
      endpoint,
    })),
  );
}
