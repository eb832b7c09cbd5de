/**
 * Which time-of-use bands apply to an electricity counter: a meter follows the scheme bound to
 * the nearest node at or above it (the project itself, node 0, last), and on each day the
 * version of that scheme in effect then (none: the day's consumption is unassigned). Local
 * times of the project's zone are computed once per quarter hour and kept, since a year of one
 * point is 35,000 readings.
 */
import {
  type LocalParts,
  localParts,
  nextDayStart,
  type TouBand,
  type TouCalendar,
  touCalendar,
} from '@eem/core';
import type { Db } from '../../db/database.js';
import { findNode, nodeSkeleton } from '../nodes/repo/nodes.js';
import { bindingsOf, electricCounter, type TouVersionRow, versionsOf } from './repo/tou.js';

export interface TouVersionPlan {
  versionId: number;
  schemeId: number;
  from: number;
  /** The end of the version's last day; null: open. */
  toEnd: number | null;
  calendar: TouCalendar;
}

/** The bands of one point: its scheme's versions; `bandAt` answers null outside them. */
export interface PointTouPlan {
  projectId: number;
  schemeId: number | null;
  versions: TouVersionPlan[];
  bandAt(ts: number): TouBand | null;
}

const partsCache = new Map<string, Map<number, LocalParts>>();

/** localParts, kept per zone and instant (quarter hours repeat across points). */
export function cachedParts(ts: number, timeZone: string): LocalParts {
  let zone = partsCache.get(timeZone);
  if (!zone) {
    zone = new Map();
    partsCache.set(timeZone, zone);
  }
  let parts = zone.get(ts);
  if (!parts) {
    if (zone.size > 400_000) zone.clear();
    parts = localParts(ts, timeZone);
    zone.set(ts, parts);
  }
  return parts;
}

export function versionPlans(rows: readonly TouVersionRow[], timeZone: string): TouVersionPlan[] {
  return rows
    .map((r) => ({
      versionId: r.id,
      schemeId: r.scheme_id,
      from: r.effective_from,
      toEnd: r.effective_to === null ? null : nextDayStart(r.effective_to, timeZone),
      calendar: touCalendar(r.definition),
    }))
    .sort((a, b) => a.from - b.from);
}

export function pointPlan(
  projectId: number,
  schemeId: number | null,
  versions: TouVersionPlan[],
  timeZone: string,
): PointTouPlan {
  return {
    projectId,
    schemeId,
    versions,
    bandAt(ts) {
      for (const v of versions) {
        if (ts < v.from) return null;
        if (v.toEnd === null || ts < v.toEnd) return v.calendar.bandAt(cachedParts(ts, timeZone));
      }
      return null;
    },
  };
}

/** The scheme of the nearest bound node at or above `nodeId` (the project last), if any. */
export function schemeAbove(
  nodeId: number,
  parentOf: ReadonlyMap<number, number>,
  bindings: ReadonlyMap<number, number>,
): number | undefined {
  let id: number | undefined = nodeId;
  for (let depth = 0; id !== undefined && depth < 64; depth++) {
    const scheme = bindings.get(id);
    if (scheme !== undefined) return scheme;
    if (id === 0) return undefined;
    id = parentOf.get(id) ?? 0;
  }
  return bindings.get(0);
}

/** The plan of one point, or null when it is no electricity counter (walks up its node's parents). */
export async function touPlanOfPoint(
  db: Db,
  pointId: number,
  timeZone: string,
): Promise<PointTouPlan | null> {
  const point = await electricCounter(db, pointId);
  if (!point) return null;
  const bindings = await bindingsOf(db, point.projectId);
  if (bindings.size === 0) return pointPlan(point.projectId, null, [], timeZone);
  const parentOf = new Map<number, number>();
  let id = point.nodeId;
  for (let depth = 0; id !== 0 && depth < 64 && !bindings.has(id); depth++) {
    const node = await findNode(db, point.projectId, id);
    if (!node) break;
    parentOf.set(id, node.parent_id);
    id = node.parent_id;
  }
  const scheme = schemeAbove(point.nodeId, parentOf, bindings);
  if (scheme === undefined) return pointPlan(point.projectId, null, [], timeZone);
  return pointPlan(
    point.projectId,
    scheme,
    versionPlans(await versionsOf(db, point.projectId, scheme), timeZone),
    timeZone,
  );
}

/** The plans of every node of a project: the scheme of each node (undefined: none) and its versions. */
export interface ProjectTouPlans {
  parentOf: Map<number, number>;
  bindings: Map<number, number>;
  versions: Map<number, TouVersionPlan[]>;
  schemeOfNode(nodeId: number): number | undefined;
  planOfNode(nodeId: number): PointTouPlan;
}

export async function projectTouPlans(
  db: Db,
  project: { id: number; timeZone: string },
): Promise<ProjectTouPlans> {
  const bindings = await bindingsOf(db, project.id);
  const parentOf = new Map((await nodeSkeleton(db, project.id)).map((n) => [n.id, n.parent_id]));
  const rows = await versionsOf(db, project.id);
  const versions = new Map<number, TouVersionPlan[]>();
  for (const plan of versionPlans(rows, project.timeZone)) {
    const list = versions.get(plan.schemeId);
    if (list) list.push(plan);
    else versions.set(plan.schemeId, [plan]);
  }
  const plans = new Map<number, PointTouPlan>();
  const schemeOfNode = (nodeId: number) => schemeAbove(nodeId, parentOf, bindings);
  return {
    parentOf,
    bindings,
    versions,
    schemeOfNode,
    planOfNode(nodeId) {
      const scheme = schemeOfNode(nodeId);
      const key = scheme ?? -1;
      let plan = plans.get(key);
      if (!plan) {
        plan = pointPlan(
          project.id,
          scheme ?? null,
          scheme === undefined ? [] : (versions.get(scheme) ?? []),
          project.timeZone,
        );
        plans.set(key, plan);
      }
      return plan;
    },
  };
}
