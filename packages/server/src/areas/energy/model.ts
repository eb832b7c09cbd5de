/**
 * The energy model of a project, read once per call: its node tree (node 0 is the project),
 * the meters with their consumption points per energy type, the node–meter bindings, the
 * supply connections, which nodes have manual entries, the units, coal factors and cycle.
 *
 * The consumption rule (ADR 0017): a node's consumption of an energy type is that of its own
 * meters (the meters bound to it, each × its coefficient; else the node itself when it is a
 * meter of the type), or, without own meters, the sum of its children's; plus its manual
 * entries. `composition` flattens that into coefficients per counter point and per manual
 * entry row, so a query reads the rollups of each point once, whatever the nodes asked.
 */
import type { EnergyNode, Project } from '@eem/contract';
import {
  type CycleSettings,
  ENERGY_TYPE,
  ENERGY_TYPES,
  type EnergyTypeDefinition,
  energyTypeOf,
  energyTypeOfDataId,
  PATH_SEPARATOR,
} from '@eem/core';
import type { Db } from '../../db/database.js';
import { entryKeys } from '../entries/repo/entries.js';
import { type CoalFactorRow, coalFactorRows } from '../metering/repo/coal-factors.js';
import { bindingRows, connectionRows } from '../metering/repo/meters.js';
import { energySettings, type UnitSettings } from '../metering/repo/settings.js';
import { nodeAttributes, nodeSkeleton, nodesOfTypes } from '../nodes/repo/nodes.js';
import { energyPoints } from './repo/rollup-sums.js';

export const PROJECT_NODE = 0;

export interface ModelNode {
  id: number;
  parentId: number;
  modelLabel: string;
  name: string;
  /** A meter's energy type. */
  energyType: number | null;
  /** A meter's multiplier (CT × PT). */
  ratio: number | null;
  /** A building's area (m²). */
  area: number | null;
}

/** What a node's consumption is made of: coefficients per counter point and per manual row ('node:type'). */
export interface Composition {
  points: Map<number, number>;
  manual: Map<string, number>;
}

export interface Binding {
  meterId: number;
  energyType: number;
  coef: number;
  item: string | null;
}

export function emptyComposition(): Composition {
  return { points: new Map(), manual: new Map() };
}

export function isEmpty(c: Composition): boolean {
  return c.points.size === 0 && c.manual.size === 0;
}

function addInto(target: Composition, source: Composition, factor = 1): void {
  for (const [k, v] of source.points) target.points.set(k, (target.points.get(k) ?? 0) + v * factor);
  for (const [k, v] of source.manual) target.manual.set(k, (target.manual.get(k) ?? 0) + v * factor);
}

/** The coal factor per energy type in effect: the project's, else the platform's, else GB/T 2589's. */
export function effectiveCoalFactors(rows: readonly CoalFactorRow[], projectId: number): Map<number, number> {
  const out = new Map<number, number>(ENERGY_TYPES.map((t) => [t.code, t.coalFactor]));
  for (const r of rows) if (r.project_id === 0) out.set(r.energy_type, r.factor);
  for (const r of rows) if (r.project_id === projectId) out.set(r.energy_type, r.factor);
  return out;
}

/** The display unit of each energy type: the project's setting, else the base unit. */
export function unitOf(
  units: UnitSettings,
  type: EnergyTypeDefinition,
): { unit: string; multiplier: number } {
  return units[String(type.code)] ?? { unit: type.baseUnit, multiplier: 1 };
}

export class EnergyModel {
  readonly nodes = new Map<number, ModelNode>();
  private readonly childIds = new Map<number, number[]>();
  private readonly paths = new Map<number, string>();
  /** meter → energy type → its counter point. */
  private readonly points = new Map<number, Map<number, number>>();
  /** point → its meter. */
  private readonly meters = new Map<number, number>();
  private readonly bindings = new Map<number, Binding[]>();
  /** energy type → from → to[]. */
  private readonly feedsOf = new Map<number, Map<number, number[]>>();
  private readonly manual = new Set<string>();
  private readonly memo = new Map<string, Composition>();

  constructor(
    readonly project: Project,
    readonly cycle: CycleSettings,
    readonly units: UnitSettings,
    readonly coal: Map<number, number>,
  ) {}

  static async load(db: Db, project: Project): Promise<EnergyModel> {
    const [settings, coalRows, skeleton, detailed, points, bindings, connections, manual] = await Promise.all(
      [
        energySettings(db, project.id),
        coalFactorRows(db, project.id),
        nodeSkeleton(db, project.id),
        nodesOfTypes(db, project.id, ['meter', 'building']),
        energyPoints(db, project),
        bindingRows(db, project.id),
        connectionRows(db, project.id),
        entryKeys(db, project.id),
      ],
    );
    const model = new EnergyModel(
      project,
      settings.cycle,
      settings.units,
      effectiveCoalFactors(coalRows, project.id),
    );
    const attributes = new Map(detailed.map((n) => [n.id, nodeAttributes(n)]));
    model.nodes.set(PROJECT_NODE, {
      id: PROJECT_NODE,
      parentId: -1,
      modelLabel: 'project',
      name: project.name,
      energyType: null,
      ratio: null,
      area: project.area,
    });
    for (const n of skeleton) {
      const a = attributes.get(n.id);
      const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
      model.nodes.set(n.id, {
        id: n.id,
        parentId: n.parent_id,
        modelLabel: n.model_label,
        name: n.name,
        energyType: n.model_label === 'meter' ? num(a?.energytype) : null,
        ratio: n.model_label === 'meter' ? num(a?.ratio) : null,
        area: n.model_label === 'building' ? num(a?.area) : null,
      });
    }
    for (const n of model.nodes.values()) {
      if (n.id === PROJECT_NODE) continue;
      const parent = model.nodes.has(n.parentId) ? n.parentId : PROJECT_NODE;
      const list = model.childIds.get(parent);
      if (list) list.push(n.id);
      else model.childIds.set(parent, [n.id]);
    }
    for (const p of points) {
      const type = p.energyType ?? energyTypeOfDataId(p.dataId);
      if (type === undefined || type === null) continue;
      let byType = model.points.get(p.nodeId);
      if (!byType) {
        byType = new Map();
        model.points.set(p.nodeId, byType);
      }
      // One counter per meter and type: the lowest data id (the platform's own quantity first).
      if (!byType.has(type)) {
        byType.set(type, p.id);
        model.meters.set(p.id, p.nodeId);
      }
    }
    for (const b of bindings) {
      if (b.node_id !== PROJECT_NODE && !model.nodes.has(b.node_id)) continue;
      const list = model.bindings.get(b.node_id);
      const binding = { meterId: b.meter_id, energyType: b.energy_type, coef: b.coef, item: b.item };
      if (list) list.push(binding);
      else model.bindings.set(b.node_id, [binding]);
    }
    for (const c of connections) {
      let byFrom = model.feedsOf.get(c.energy_type);
      if (!byFrom) {
        byFrom = new Map();
        model.feedsOf.set(c.energy_type, byFrom);
      }
      const list = byFrom.get(c.from_id);
      if (list) list.push(c.to_id);
      else byFrom.set(c.from_id, [c.to_id]);
    }
    for (const k of manual) model.manual.add(`${k.node_id}:${k.energy_type}`);
    return model;
  }

  get timeZone(): string {
    return this.project.timeZone;
  }

  node(id: number): ModelNode | undefined {
    return this.nodes.get(id);
  }

  children(id: number): readonly number[] {
    return this.childIds.get(id) ?? [];
  }

  /** Every node below `id`, depth first. */
  descendants(id: number): number[] {
    const out: number[] = [];
    const stack = [...this.children(id)].reverse();
    while (stack.length > 0) {
      const next = stack.pop() as number;
      out.push(next);
      stack.push(...[...this.children(next)].reverse());
    }
    return out;
  }

  path(id: number): string {
    if (id === PROJECT_NODE) return this.project.name;
    const known = this.paths.get(id);
    if (known !== undefined) return known;
    const names: string[] = [];
    let node = this.nodes.get(id);
    for (let depth = 0; node && node.id !== PROJECT_NODE && depth < 64; depth++) {
      names.unshift(node.name);
      node = this.nodes.get(node.parentId);
    }
    const path = names.join(PATH_SEPARATOR);
    this.paths.set(id, path);
    return path;
  }

  private byPath: Map<string, number> | undefined;

  /** The node of a path (names from the project down, ' / ' or '/' between; empty: the project). */
  nodeByPath(text: string): number | undefined {
    const key = (t: string) =>
      t
        .split('/')
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .join('/');
    if (!this.byPath) {
      this.byPath = new Map([['', PROJECT_NODE]]);
      for (const id of this.nodes.keys()) if (id !== PROJECT_NODE) this.byPath.set(key(this.path(id)), id);
    }
    const wanted = key(text);
    return this.byPath.get(wanted) ?? (wanted === key(this.project.name) ? PROJECT_NODE : undefined);
  }

  /** The node as answers show it (the project by its own id). */
  info(id: number): EnergyNode {
    const node = this.nodes.get(id);
    return {
      id: id === PROJECT_NODE ? this.project.id : id,
      modelLabel: node?.modelLabel ?? 'node',
      name: node?.name ?? String(id),
      path: this.path(id),
    };
  }

  unit(type: number): { unit: string; multiplier: number } {
    const def = energyTypeOf(type);
    if (!def) return { unit: '', multiplier: 1 };
    return unitOf(this.units, def);
  }

  coalFactor(type: number): number {
    return this.coal.get(type) ?? energyTypeOf(type)?.coalFactor ?? 0;
  }

  /** A meter's counter point of an energy type. */
  pointOf(meterId: number, type: number): number | undefined {
    return this.points.get(meterId)?.get(type);
  }

  /** The meter (node) of a counter point. */
  meterOf(pointId: number): number | undefined {
    return this.meters.get(pointId);
  }

  /** The meters bound to a node (all types). */
  bindingsOf(nodeId: number): readonly Binding[] {
    return this.bindings.get(nodeId) ?? [];
  }

  /** A node's own meters of a type: its bindings, else itself when it is a meter of the type. */
  ownMeters(nodeId: number, type: number): { meterId: number; coef: number; item: string | null }[] {
    const bound = this.bindingsOf(nodeId).filter((b) => b.energyType === type);
    if (bound.length > 0) return bound;
    const node = this.nodes.get(nodeId);
    return node?.modelLabel === 'meter' && node.energyType === type
      ? [{ meterId: nodeId, coef: 1, item: null }]
      : [];
  }

  hasOwnMeters(nodeId: number, type: number): boolean {
    return this.ownMeters(nodeId, type).length > 0;
  }

  /** The counter points of a node's own meters, with coefficients. */
  ownComposition(nodeId: number, type: number): Composition {
    const out = emptyComposition();
    for (const m of this.ownMeters(nodeId, type)) {
      const point = this.pointOf(m.meterId, type);
      if (point !== undefined) out.points.set(point, (out.points.get(point) ?? 0) + m.coef);
    }
    return out;
  }

  /**
   * What a node's consumption of a type is made of (ADR 0017). Type 13 (standard coal): every
   * type's composition × its coal factor, so the values come out in tce.
   */
  composition(nodeId: number, type: number): Composition {
    if (type === ENERGY_TYPE.standardCoal) {
      const key = `${nodeId}:tce`;
      const known = this.memo.get(key);
      if (known) return known;
      const out = emptyComposition();
      for (const t of ENERGY_TYPES)
        if (t.kind !== 'aggregate') addInto(out, this.composition(nodeId, t.code), this.coalFactor(t.code));
      this.memo.set(key, out);
      return out;
    }
    const key = `${nodeId}:${type}`;
    const known = this.memo.get(key);
    if (known) return known;
    const out = emptyComposition();
    this.memo.set(key, out);
    if (this.hasOwnMeters(nodeId, type)) addInto(out, this.ownComposition(nodeId, type));
    else for (const child of this.children(nodeId)) addInto(out, this.composition(child, type));
    if (this.manual.has(key)) out.manual.set(key, (out.manual.get(key) ?? 0) + 1);
    return out;
  }

  /**
   * What a node passes its energy on to (the balance, the Sankey): its supply connections of the
   * type when it has any, else its children.
   */
  feeds(nodeId: number, type: number): readonly number[] {
    const fed = this.feedsOf.get(type)?.get(nodeId);
    return fed && fed.length > 0 ? fed : this.children(nodeId);
  }

  /** Whether any node of the project measures a type (meters of it, bindings or entries). */
  uses(type: number): boolean {
    return !isEmpty(this.composition(PROJECT_NODE, type));
  }

  /** Meters of each type in the project. */
  meterCounts(): Map<number, number> {
    const out = new Map<number, number>();
    for (const n of this.nodes.values())
      if (n.modelLabel === 'meter' && n.energyType !== null)
        out.set(n.energyType, (out.get(n.energyType) ?? 0) + 1);
    return out;
  }
}
