/**
 * How a project measures and accounts energy (issue 15; screens.md §2.11 /unitTransition,
 * /cycleconfig, /timesharingconfig, /associatRelation, /connectedRelation): display units,
 * standard-coal factors (platform defaults and project overrides), the accounting cycle,
 * time-of-use schemes with effective-dated versions bound to nodes (a change re-splits the
 * time-of-use rollups as a task), node–meter bindings with coefficients and items, and supply
 * connections between nodes. Rules come from `@eem/core` (energy.ts).
 */
import {
  CYCLE_LIMITS,
  CYCLE_MESSAGES,
  checkTouDefinition,
  DECIMAL6_MAX,
  ENERGY_LIMITS,
  ENERGY_MESSAGES,
  isCoefficient,
  isDecimal6,
  isEnergySubItem,
  TOU_BAND_CODES,
  TOU_LIMITS,
} from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, page, pagedList, task } from '../schemas.js';
import { energyNode, energyNodeRef, energyTypeCode } from './energy-schemas.js';

const unitItem = z.object({
  energyType: energyTypeCode,
  unit: z
    .string({ error: 'unit cannot be empty' })
    .trim()
    .min(1, { error: 'unit cannot be empty' })
    .max(ENERGY_LIMITS.unit, { error: `unit: at most ${ENERGY_LIMITS.unit} characters` }),
  multiplier: z.number({ error: 'multiplier must be a number' }).refine((v) => v > 0 && isDecimal6(v), {
    error: 'multiplier must be a number above 0 and up to 1000000000000 with at most 6 decimal places',
  }),
});

export const unitSetting = z.object({
  energyType: z.number().int(),
  name: z.string(),
  baseUnit: z.string(),
  unit: z.string(),
  multiplier: z.number(),
  /** The units users usually pick, with their multipliers. */
  options: z.array(z.object({ unit: z.string(), multiplier: z.number() })),
});

const coalFactorValue = z
  .number({ error: 'factor must be a number' })
  .refine((v) => v > 0 && v <= DECIMAL6_MAX && isDecimal6(v), {
    error: 'factor must be a number above 0 with at most 6 decimal places',
  });

export const coalFactor = z.object({
  energyType: z.number().int(),
  name: z.string(),
  /** 'tce/kWh' and the like. */
  unit: z.string(),
  /** The factor in effect in this project. */
  factor: z.number(),
  source: z.enum(['standard', 'global', 'project']),
  /** The GB/T 2589 reference value. */
  standard: z.number(),
  /** The platform default (row id and value), null when none. */
  global: z.object({ id: z.number().int(), factor: z.number() }).nullable(),
  /** This project's override, null when none. */
  project: z.object({ id: z.number().int(), factor: z.number() }).nullable(),
});

const cycleField = (key: keyof typeof CYCLE_LIMITS) =>
  z
    .number({ error: CYCLE_MESSAGES[key] })
    .int({ error: CYCLE_MESSAGES[key] })
    .min(CYCLE_LIMITS[key][0], { error: CYCLE_MESSAGES[key] })
    .max(CYCLE_LIMITS[key][1], { error: CYCLE_MESSAGES[key] });

const cycleFields = z.object({
  dayStartHour: cycleField('dayStartHour'),
  weekStartDay: cycleField('weekStartDay'),
  monthStartDay: cycleField('monthStartDay'),
  yearStartMonth: cycleField('yearStartMonth'),
});

export const cycleSetting = cycleFields.extend({
  timeZone: z.string(),
  /** The current day, week, month and year as converted. */
  preview: z.array(
    z.object({ period: z.enum(['day', 'week', 'month', 'year']), start: epochMs, end: epochMs }),
  ),
});

const minuteOfDay = z
  .number({ error: 'start and end are minutes from midnight' })
  .int({ error: 'start and end are whole minutes' })
  .min(0, { error: `start and end are 0 to ${TOU_LIMITS.dayMinutes} minutes` })
  .max(TOU_LIMITS.dayMinutes, { error: `start and end are 0 to ${TOU_LIMITS.dayMinutes} minutes` });

const touPeriod = z.object({
  band: z.union(
    TOU_BAND_CODES.map((b) => z.literal(b)) as [
      z.ZodLiteral<1>,
      z.ZodLiteral<2>,
      z.ZodLiteral<3>,
      z.ZodLiteral<4>,
    ],
    { error: 'band must be 1 (sharp), 2 (peak), 3 (flat) or 4 (valley)' },
  ),
  start: minuteOfDay,
  end: minuteOfDay,
});

const monthDay = z
  .string({ error: 'start and end are month-days like 03-01' })
  .max(5, { error: 'start and end are month-days like 03-01' });
const dateText = z.string().max(10, { error: 'dates must look like 2026-10-01' });

const touDefinition = z.object({
  seasons: z
    .array(
      z.object({
        name: z
          .string({ error: 'season name cannot be empty' })
          .trim()
          .min(1, { error: 'season name cannot be empty' })
          .max(TOU_LIMITS.seasonName, { error: `season name: at most ${TOU_LIMITS.seasonName} characters` }),
        start: monthDay,
        end: monthDay,
        workday: z.array(touPeriod).max(TOU_LIMITS.periodsPerDay, { error: 'at most 96 periods a day' }),
        holiday: z.array(touPeriod).max(TOU_LIMITS.periodsPerDay, { error: 'at most 96 periods a day' }),
      }),
    )
    .max(TOU_LIMITS.seasons, { error: `seasons: at most ${TOU_LIMITS.seasons}` }),
  holidays: z
    .array(dateText)
    .max(TOU_LIMITS.holidays, { error: `holidays: at most ${TOU_LIMITS.holidays}` })
    .default([]),
  workdays: z
    .array(dateText)
    .max(TOU_LIMITS.holidays, { error: `workdays: at most ${TOU_LIMITS.holidays}` })
    .default([]),
});

const touVersionInput = touDefinition
  .extend({
    /** Keep this version's identity (an edit); absent: a new version. */
    id: z.number().int().positive().optional(),
    /** The first day (its start in the project's zone; any time of the day names the day). */
    effectiveFrom: epochMs,
    /** The last day, inclusive; null: open-ended. */
    effectiveTo: epochMs.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    const problem = checkTouDefinition(v);
    if (problem) ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

export const touVersion = touDefinition.extend({
  id: z.number().int(),
  effectiveFrom: epochMs,
  effectiveTo: epochMs.nullable(),
  status: z.enum(['inEffect', 'notInEffect', 'expired']),
});

export const touScheme = z.object({
  id: z.number().int(),
  name: z.string(),
  versions: z.array(touVersion),
  nodes: z.array(energyNode),
  updatedAt: epochMs,
});
export type TouScheme = z.output<typeof touScheme>;

const schemeName = z
  .string({ error: 'scheme name cannot be empty' })
  .trim()
  .min(1, { error: 'scheme name cannot be empty' })
  .max(TOU_LIMITS.schemeName, { error: `1 to ${TOU_LIMITS.schemeName} characters in length` });

const versions = z
  .array(touVersionInput)
  .min(1, { error: 'versions: add at least one version' })
  .max(TOU_LIMITS.versions, { error: `versions: at most ${TOU_LIMITS.versions}` });

/** A scheme write: the scheme, and the re-split task it started (null when nothing changed for bound nodes). */
const schemeWrite = z.object({ scheme: touScheme, task: task.nullable() });

export const meterBinding = z.object({
  node: energyNode,
  meter: energyNode,
  energyType: z.number().int(),
  coef: z.number(),
  /** The itemised sub-item (A1..D6) of an electricity meter, null when none. */
  item: z.string().nullable(),
});

export const connection = z.object({ energyType: z.number().int(), from: energyNode, to: energyNode });

export const metering = {
  units: defineEndpoint({
    id: 'metering.units',
    method: 'GET',
    path: '/eem-service/v1/global/setting/unit',
    summary: "The project's display unit and multiplier per energy type (chosen).",
    data: z.array(unitSetting),
    permission: 'session',
  }),
  saveUnits: defineEndpoint({
    id: 'metering.saveUnits',
    method: 'PUT',
    path: '/eem-service/v1/global/setting/unit',
    summary: 'Set display units and multipliers (the types not named keep theirs) (chosen).',
    body: z.object({
      items: z
        .array(unitItem)
        .min(1, { error: 'items: give at least one' })
        .max(20, { error: 'items: at most 20' }),
    }),
    data: z.array(unitSetting),
    permission: 'energyconfig_update',
  }),
  coalFactors: defineEndpoint({
    id: 'metering.coalFactors',
    method: 'GET',
    path: '/eem-service/v1/global/setting/convertedStandardCoalCoef',
    summary:
      'The standard-coal factor of every energy type: the GB/T 2589 value, the platform default and the project override.',
    data: z.array(coalFactor),
    permission: 'session',
  }),
  createCoalFactor: defineEndpoint({
    id: 'metering.createCoalFactor',
    method: 'POST',
    path: '/eem-service/v1/global/setting/convertedStandardCoalCoef',
    summary:
      'Add a project override (or, for the platform administrator, a platform default) of a standard-coal factor.',
    body: z.object({
      energyType: energyTypeCode,
      factor: coalFactorValue,
      scope: z.enum(['project', 'global'], { error: 'scope must be project or global' }).default('project'),
    }),
    data: z.array(coalFactor),
    permission: 'energyconfig_update',
  }),
  updateCoalFactor: defineEndpoint({
    id: 'metering.updateCoalFactor',
    method: 'PUT',
    path: '/eem-service/v1/global/setting/convertedStandardCoalCoef',
    summary: 'Change an override or default by its id.',
    body: z.object({ id, factor: coalFactorValue }),
    data: z.array(coalFactor),
    permission: 'energyconfig_update',
  }),
  deleteCoalFactor: defineEndpoint({
    id: 'metering.deleteCoalFactor',
    method: 'DELETE',
    path: '/eem-service/v1/global/setting/convertedStandardCoalCoef',
    summary: 'Remove an override or default by its id: the next one down applies.',
    query: z.object({ id }),
    data: z.array(coalFactor),
    permission: 'energyconfig_update',
  }),
  cycle: defineEndpoint({
    id: 'metering.cycle',
    method: 'GET',
    path: '/eem-service/v1/global/setting/cycle',
    summary: "The project's accounting cycle starts and the current periods they make (chosen).",
    data: cycleSetting,
    permission: 'session',
  }),
  saveCycle: defineEndpoint({
    id: 'metering.saveCycle',
    method: 'PUT',
    path: '/eem-service/v1/global/setting/cycle',
    summary: 'Set the day start hour, week start day, month start day (1–28) and year start month (chosen).',
    body: cycleFields,
    data: cycleSetting,
    permission: 'energyconfig_update',
  }),
  schemes: defineEndpoint({
    id: 'metering.schemes',
    method: 'GET',
    path: '/eem-service/v1/energy/timeshare/scheme',
    summary:
      "The project's time-of-use schemes with their versions (status at now) and bound nodes (chosen).",
    data: z.array(touScheme),
    permission: 'session',
  }),
  createScheme: defineEndpoint({
    id: 'metering.createScheme',
    method: 'POST',
    path: '/eem-service/v1/energy/timeshare/scheme',
    summary: 'Add a time-of-use scheme: a name (≤ 20) and its versions (chosen).',
    body: z.object({ name: schemeName, versions }),
    data: schemeWrite,
    permission: 'energyconfig_update',
  }),
  updateScheme: defineEndpoint({
    id: 'metering.updateScheme',
    method: 'PUT',
    path: '/eem-service/v1/energy/timeshare/scheme',
    summary:
      'Replace a scheme’s name and versions; when the bands of bound nodes change, the affected days are re-split as a task (operation type 11) (chosen).',
    body: z.object({ id, name: schemeName, versions }),
    data: schemeWrite,
    permission: 'energyconfig_update',
  }),
  deleteScheme: defineEndpoint({
    id: 'metering.deleteScheme',
    method: 'DELETE',
    path: '/eem-service/v1/energy/timeshare/scheme',
    summary: 'Delete a scheme that no node is bound to (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'energyconfig_update',
  }),
  bindScheme: defineEndpoint({
    id: 'metering.bindScheme',
    method: 'POST',
    path: '/eem-service/v1/energy/timeshare/scheme/nodes',
    summary:
      "Set the nodes a scheme is bound to (a node bound to another scheme moves); a meter follows the nearest bound node above it. The changed meters' history is re-split as a task (chosen).",
    body: z.object({
      schemeId: id,
      nodes: z
        .array(energyNodeRef)
        .max(TOU_LIMITS.bindNodes, { error: `nodes: at most ${TOU_LIMITS.bindNodes}` }),
    }),
    data: schemeWrite,
    permission: 'energyconfig_update',
  }),
  resplit: defineEndpoint({
    id: 'metering.resplit',
    method: 'POST',
    path: '/eem-service/v1/energy/timeshare/scheme/resplit',
    summary:
      'Re-split the time-of-use rollups of every electricity meter (of one scheme, when given) from the raw readings, as a task; after nodes moved in the tree (chosen).',
    body: z.object({ schemeId: id.optional() }),
    data: task,
    permission: 'energyconfig_update',
  }),
  associations: defineEndpoint({
    id: 'metering.associations',
    method: 'POST',
    path: '/eem-service/v1/node/association/query',
    summary:
      'Node–meter bindings: of one node, of one meter, or all of the project; with `unbound` the meters no node binds (node null) (chosen).',
    body: z.object({
      node: energyNodeRef.optional(),
      meterId: id.optional(),
      energyType: energyTypeCode.optional(),
      unbound: z.boolean().default(false),
      page,
    }),
    data: pagedList(meterBinding.extend({ node: energyNode.nullable(), coef: z.number().nullable() })),
    permission: 'session',
  }),
  saveAssociations: defineEndpoint({
    id: 'metering.saveAssociations',
    method: 'POST',
    path: '/eem-service/v1/node/association/save',
    summary:
      "Replace a node's meter bindings: meter, its energy type, a signed coefficient (6 places) and, for electricity, an item (A1..D6). The node's consumption becomes its meters' (chosen).",
    body: z.object({
      node: energyNodeRef,
      meters: z
        .array(
          z.object({
            meterId: id,
            energyType: energyTypeCode,
            coef: z
              .number({ error: 'coef must be a number' })
              .refine(isCoefficient, { error: ENERGY_MESSAGES.coefficient.replace('coef: ', '') })
              .default(1),
            item: z
              .string()
              .max(2, { error: 'item must be a sub-item code A1..D6' })
              .refine(isEnergySubItem, { error: 'item must be a sub-item code A1..D6' })
              .nullable()
              .default(null),
          }),
        )
        .max(ENERGY_LIMITS.meterBindings, { error: `meters: at most ${ENERGY_LIMITS.meterBindings}` }),
    }),
    data: z.array(meterBinding),
    permission: 'energyconfig_update',
  }),
  connections: defineEndpoint({
    id: 'metering.connections',
    method: 'POST',
    path: '/eem-service/v1/topology/network/connection/query',
    summary:
      'Supply connections (upstream feeds downstream) of an energy type, or touching one node (chosen).',
    body: z.object({ energyType: energyTypeCode.optional(), node: energyNodeRef.optional() }),
    data: z.array(connection),
    permission: 'session',
  }),
  saveConnections: defineEndpoint({
    id: 'metering.saveConnections',
    method: 'POST',
    path: '/eem-service/v1/topology/network/connection/save',
    summary:
      'Replace the supply connections of an energy type; a node cannot feed itself and a cycle is refused with its nodes named (chosen).',
    body: z.object({
      energyType: energyTypeCode,
      connections: z
        .array(z.object({ fromId: id, toId: id }))
        .max(ENERGY_LIMITS.connections, { error: `connections: at most ${ENERGY_LIMITS.connections}` }),
    }),
    data: z.array(connection),
    permission: 'energyconfig_update',
  }),
} as const;
