/**
 * What every energy call resolves first: the project, its energy model, the nodes the user may
 * see, the nodes a body names (the project itself is `{ id: projectId, modelLabel: 'project' }`,
 * node 0 inside), the energy type and the span of the range on the project's calendar.
 */
import type { catalogue, EndpointData, EndpointParsedInput, EnergyNodeRef, Project } from '@eem/contract';
import {
  BULK_SPAN_DAYS,
  checkSpan,
  DATE_TYPE_UNITS,
  type DateType,
  ENERGY_LIMITS,
  ENERGY_MESSAGES,
  energyTypeOf,
  nodeType,
  type PeriodUnit,
  ruleText,
  SPAN_MESSAGES,
  spanDays,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { visibleNodes } from '../nodes/tree-access.js';
import { EnergyModel, PROJECT_NODE } from './model.js';
import { periodBounds } from './sums.js';

type Energy = typeof catalogue.energy;
/** The parsed body of an energy call, and what it answers. */
export type EnergyBody<K extends keyof Energy> = EndpointParsedInput<Energy[K]>['body'];
export type EnergyData<K extends keyof Energy> = EndpointData<Energy[K]>;

export interface EnergyCall {
  ctx: RequestContext;
  project: Project;
  model: EnergyModel;
  /** The nodes the user may see; null: all of them. */
  visible: Set<number> | null;
}

export async function energyCall(ctx: RequestContext): Promise<EnergyCall> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const model = await EnergyModel.load(ctx.services.db, project);
  const rows = [...model.nodes.values()]
    .filter((n) => n.id !== PROJECT_NODE)
    .map((n) => ({ id: n.id, parent_id: n.parentId, model_label: n.modelLabel }));
  return { ctx, project, model, visible: visibleNodes(user, project, rows) };
}

/** Whether the user may read a node's figures (the whole project only without node limits). */
export function mayRead(call: EnergyCall, id: number): boolean {
  if (call.visible === null) return true;
  return id !== PROJECT_NODE && call.visible.has(id);
}

/** A node type in words ('line segment'). */
const typeName = (modelLabel: string) => nodeType(modelLabel)?.label[1].toLowerCase() ?? modelLabel;

/** The model id of a node a body names (0 for the project), checked: in the project, of that type, visible. */
export function nodeOf(call: EnergyCall, ref: EnergyNodeRef, field = 'nodes'): number {
  if (ref.modelLabel === 'project') {
    if (ref.id !== call.project.id)
      throw ApiError.at(`body.${field}`, `project ${ref.id} is not the current project`);
    if (!mayRead(call, PROJECT_NODE))
      throw ApiError.permission(
        `body.${field}: your node permissions cover parts of this project; choose one of your nodes`,
      );
    return PROJECT_NODE;
  }
  const node = call.model.node(ref.id);
  if (!node || ref.id === PROJECT_NODE)
    throw ApiError.at(`body.${field}`, ENERGY_MESSAGES.unknownNode(ref.id));
  if (node.modelLabel !== ref.modelLabel)
    throw ApiError.at(
      `body.${field}`,
      `node ${ref.id} is a ${typeName(node.modelLabel)}, not a ${typeName(ref.modelLabel)}`,
    );
  if (!mayRead(call, ref.id))
    throw ApiError.permission(`body.${field}: ${ruleText(ENERGY_MESSAGES.hiddenNode(node.name))}`);
  return ref.id;
}

/** The distinct model ids of the nodes a body names, in order. */
export function nodesOf(call: EnergyCall, refs: readonly EnergyNodeRef[], field = 'nodes'): number[] {
  return [...new Set(refs.map((r) => nodeOf(call, r, field)))];
}

/** The rows of a children query: the visible children of the one node named. */
export function childrenOf(call: EnergyCall, id: number): number[] {
  return call.model.children(id).filter((c) => mayRead(call, c));
}

export function checkEnergyType(type: number, field = 'energyType'): void {
  if (!energyTypeOf(type)) throw ApiError.at(`body.${field}`, ENERGY_MESSAGES.unknownEnergyType(type));
}

/** The screens' span limits (31 days, 12 months, 10 years) on the project's calendar; the period unit. */
export function screenSpan(
  call: EnergyCall,
  range: { startTime: number; endTime: number; cycle: number },
): PeriodUnit {
  const problem = checkSpan(range.startTime, range.endTime, range.cycle as DateType, call.project.timeZone);
  if (problem) throw ApiError.at('body.endTime', problem);
  return DATE_TYPE_UNITS[range.cycle as DateType];
}

/** The scripting calls' spans (hour 92 days, day and week 1100 days, month and year 10 years). */
export function bulkSpan(
  call: EnergyCall,
  range: { startTime: number; endTime: number; cycle: number },
): PeriodUnit {
  const unit = DATE_TYPE_UNITS[range.cycle as DateType];
  if (!(range.endTime > range.startTime)) throw ApiError.at('body.endTime', SPAN_MESSAGES.order);
  if (spanDays(range.startTime, range.endTime, call.project.timeZone) > BULK_SPAN_DAYS[unit])
    throw ApiError.at('body.endTime', ENERGY_MESSAGES.bulkSpan(unit));
  return unit;
}

/** The bounds of the whole periods overlapping the range, with the answer's size checked. */
export function boundsOf(
  call: EnergyCall,
  range: { startTime: number; endTime: number },
  unit: PeriodUnit,
  rows: number,
): number[] {
  const bounds = periodBounds(range.startTime, range.endTime, unit, call.project.timeZone, call.model.cycle);
  const values = Math.max(0, bounds.length - 1) * Math.max(1, rows);
  if (values > ENERGY_LIMITS.maxValues)
    throw ApiError.rule(ENERGY_MESSAGES.tooManyValues(values, ENERGY_LIMITS.maxValues));
  return bounds;
}
