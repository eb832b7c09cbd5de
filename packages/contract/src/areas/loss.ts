/**
 * Loss (issue 17; screens.md §2.4, §3.9; ADR 0028): loss objects (a supply node against the
 * nodes it feeds, with a lower and an upper limit of the loss rate and up to 4 warning levels),
 * the loss analysis per period or as a tree, line loss of the line segments of the start nodes,
 * and the project overview. Energy is read from the energy rollups, in the project's zone and
 * cycle. Loss warnings (706 a level reached, 707 the rate outside its limits) are raised by the
 * alarm engine and read with events.lossEvents. All calls act on the current project.
 */
import { LOSS_LIMITS, LOSS_MESSAGES, LOSS_MODES, ruleOf } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idList, keywordText, page, pagedList } from '../schemas.js';
import { energyNode, energyNodeRef, energyTypeCode, ordered } from './energy-schemas.js';
import { lossFigures, lossObject, lossObjectFields, lossObjectRef, lossTreeNode } from './loss-schemas.js';

const lossCycle = z.union([z.literal(7), z.literal(1), z.literal(3)], { error: LOSS_MESSAGES.cycleLoss });
const dayOrMonth = z.union([z.literal(1), z.literal(3)], { error: LOSS_MESSAGES.cycleDayOrMonth });

const levelsOut = z.array(z.object({ level: z.number().int(), ratePct: z.number() }));

export const loss = {
  analysis: defineEndpoint({
    id: 'loss.analysis',
    method: 'POST',
    path: '/eem-service/v1/loss/analysis',
    summary:
      "A loss object's (or a node's: its own meters against what it feeds) supply, downstream sum, loss and loss rate per hour, day or month (span limits: 31 days, 12 months), or the network below it as a tree (mode 'tree').",
    body: z
      .object({
        lossObjectId: id.optional(),
        /** A node instead of a loss object: downstream = its supply connections, else its children. */
        node: energyNodeRef.optional(),
        /** Required with a node; a loss object has its own. */
        energyType: energyTypeCode.optional(),
        startTime: epochMs,
        /** Exclusive. */
        endTime: epochMs,
        /** 7 hour, 1 day, 3 month. */
        cycle: lossCycle.default(1),
        mode: z.enum(LOSS_MODES, { error: 'mode must be series or tree' }).default('series'),
      })
      .superRefine(ordered)
      .superRefine((v, ctx) => {
        if ((v.lossObjectId === undefined) === (v.node === undefined))
          ctx.addIssue({
            code: 'custom',
            path: ['lossObjectId'],
            message: ruleOf(LOSS_MESSAGES.objectOrNode),
          });
        if (v.node !== undefined && v.energyType === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['energyType'],
            message: ruleOf(LOSS_MESSAGES.energyTypeRequired),
          });
      }),
    data: z.object({
      timeZone: z.string(),
      mode: z.enum(LOSS_MODES),
      cycle: z.number().int(),
      energyType: z.number().int(),
      unit: z.string(),
      lossObject: lossObjectRef.nullable(),
      supply: energyNode,
      consumers: z.array(energyNode),
      lowerLimitPct: z.number().nullable(),
      upperLimitPct: z.number().nullable(),
      /** The object's levels; [] for a node. */
      levels: levelsOut,
      /** Period starts in the project's zone. */
      times: z.array(epochMs),
      /** Per period (series mode; [] in tree mode). */
      rows: z.array(lossFigures.extend({ time: epochMs })),
      /** The whole range. */
      total: lossFigures,
      /** The tree (tree mode; [] in series mode), root first, depth-first. */
      tree: z.array(lossTreeNode),
    }),
    permission: 'session',
  }),
  startNodes: defineEndpoint({
    id: 'loss.startNodes',
    method: 'POST',
    path: '/eem-service/v1/loss/startNodes',
    summary:
      "The project's line-loss start nodes: line segments at 10, 35 or 110 kV (voltage levels 12, 13, 14), in operation, incoming lines (function type 3).",
    body: z.object({ keyword: keywordText() }),
    data: z.array(
      energyNode.extend({
        voltageLevel: z.number().int(),
        voltageLabel: z.string(),
        /** What the segment feeds (supply connections, else its children). */
        feeds: z.number().int(),
      }),
    ),
    permission: 'session',
  }),
  lineLoss: defineEndpoint({
    id: 'loss.lineLoss',
    method: 'POST',
    path: '/eem-service/v1/loss/lineLoss',
    summary:
      'Per line segment (start nodes) and day or month: head-end (its own meters), tail-end (Σ of what it feeds), loss and loss rate, with totals; segments ranked worst rate first (span limits: 31 days, 12 months).',
    body: z
      .object({
        nodes: z
          .array(energyNodeRef, { error: 'nodes: choose at least one line segment' })
          .min(1, { error: 'nodes: choose at least one line segment' })
          .max(LOSS_LIMITS.lineSegments, {
            error: `nodes: at most ${LOSS_LIMITS.lineSegments} line segments`,
          }),
        startTime: epochMs,
        endTime: epochMs,
        cycle: dayOrMonth.default(1),
      })
      .superRefine(ordered),
    data: z.object({
      timeZone: z.string(),
      cycle: z.number().int(),
      unit: z.string(),
      times: z.array(epochMs),
      segments: z.array(
        z.object({
          node: energyNode,
          voltageLevel: z.number().int().nullable(),
          voltageLabel: z.string(),
          rows: z.array(
            z.object({
              time: epochMs,
              head: z.number().nullable(),
              tail: z.number().nullable(),
              loss: z.number().nullable(),
              ratePct: z.number().nullable(),
            }),
          ),
          total: z.object({
            head: z.number().nullable(),
            tail: z.number().nullable(),
            loss: z.number().nullable(),
            ratePct: z.number().nullable(),
          }),
          /** 1 = worst rate. */
          rank: z.number().int(),
        }),
      ),
    }),
    permission: 'session',
  }),
  overview: defineEndpoint({
    id: 'loss.overview',
    method: 'POST',
    path: '/eem-service/v1/loss/analysis/overview',
    summary:
      "The project's loss per energy type this month and this year, a 12-month loss-rate trend, the top 10 loss objects of the month and open loss warnings by level (chosen; 120 s time-out).",
    body: z.object({
      /** An instant of the month looked at (default now). */
      time: epochMs
        .min(Date.UTC(LOSS_LIMITS.overviewFirstYear, 0, 1), {
          error: `time must be from the year ${LOSS_LIMITS.overviewFirstYear}`,
        })
        .max(Date.UTC(LOSS_LIMITS.overviewLastYear + 1, 0, 1) - 1, {
          error: `time must be before the year ${LOSS_LIMITS.overviewLastYear + 1}`,
        })
        .optional(),
    }),
    data: z.object({
      timeZone: z.string(),
      month: z.string(),
      year: z.number().int(),
      cards: z.array(
        z.object({
          energyType: z.number().int(),
          energyTypeName: z.string(),
          unit: z.string(),
          /** Σ over the enabled loss objects of the type. */
          month: z.object({
            supply: z.number().nullable(),
            loss: z.number().nullable(),
            ratePct: z.number().nullable(),
          }),
          year: z.object({
            supply: z.number().nullable(),
            loss: z.number().nullable(),
            ratePct: z.number().nullable(),
          }),
        }),
      ),
      /** Per energy type, the 12 months ending with the month. */
      trend: z.array(
        z.object({
          energyType: z.number().int(),
          unit: z.string(),
          points: z.array(
            z.object({
              month: z.string(),
              start: epochMs,
              supply: z.number().nullable(),
              loss: z.number().nullable(),
              ratePct: z.number().nullable(),
            }),
          ),
        }),
      ),
      /** The month's loss objects by loss rate, highest first (at most 10). */
      top: z.array(
        lossFigures.extend({ lossObject: lossObjectRef, energyType: z.number().int(), unit: z.string() }),
      ),
      /** Open (unconfirmed) loss warnings (706, 707) by level. */
      warnings: z.object({
        total: z.number().int(),
        levels: z.array(z.object({ level: z.number().int(), count: z.number().int() })),
        byType: z.array(z.object({ logType: z.number().int(), count: z.number().int() })),
      }),
      /** Loss objects counted, and how many are enabled. */
      objects: z.number().int(),
      enabledObjects: z.number().int(),
    }),
    permission: 'session',
    timeoutMs: LOSS_LIMITS.overviewTimeoutMs,
  }),
  configs: defineEndpoint({
    id: 'loss.configs',
    method: 'POST',
    path: '/eem-service/v1/loss/config/query',
    summary:
      "The project's loss objects by keyword and energy type, paged, each with its latest day's rate and open warnings (chosen).",
    body: z.object({ keyword: keywordText(), energyType: energyTypeCode.optional(), page }),
    data: pagedList(lossObject),
    permission: 'session',
  }),
  saveConfig: defineEndpoint({
    id: 'loss.saveConfig',
    method: 'POST',
    path: '/eem-service/v1/loss/config/save',
    summary:
      'Add (no id) or replace (id) a loss object: name 1–50 unique, a supply node not also a consumer, ≥ 1 consumer, upper limit > lower limit, 1 to 4 warning levels ascending (chosen).',
    body: lossObjectFields.extend({ id: id.optional() }),
    data: lossObject,
    permission: 'lossconfig_update',
  }),
  deleteConfig: defineEndpoint({
    id: 'loss.deleteConfig',
    method: 'POST',
    path: '/eem-service/v1/loss/config/delete',
    summary: 'Delete loss objects no loss-share scheme uses, with their warning state (chosen).',
    body: z.object({
      ids: idList('ids', LOSS_LIMITS.ids).min(1, { error: 'ids: choose at least one loss object' }),
    }),
    data: z.null(),
    permission: 'lossconfig_update',
  }),
} as const;
