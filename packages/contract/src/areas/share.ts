/**
 * Apportionment (issue 17; screens.md §2.11 /shareschemeconfig, /publicSchemeConfig,
 * /lossSchemeConfig, §3.9; ADR 0028): apportionment ('share') and public-area ('public')
 * schemes that split a source node's energy among target nodes, loss-share schemes that split a
 * loss object's loss, each with effective-dated versions, and their stored monthly results.
 * Saving or deleting a scheme recomputes the months it touches as a task (operation type 15)
 * with progress; the results are written all at once or not at all.
 *
 * Reading public schemes needs energyshareconfig_browser and loss-share schemes
 * lossshareconfig_browser (platform-core.md); the handlers check it per `type`.
 */
import { LOSS_MESSAGES, ruleOf, SHARE_LIMITS } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { id, idList, keywordText, page, pagedList, task } from '../schemas.js';
import { monthRange, monthRangeRule } from './demand-schemas.js';
import { energyTypeCode } from './energy-schemas.js';
import {
  lossShareScheme,
  lossShareSchemeFields,
  resultType,
  schemeType,
  shareResult,
  shareScheme,
  shareSchemeFields,
} from './loss-schemas.js';

const deleteIds = idList('ids', SHARE_LIMITS.ids).min(1, { error: 'ids: choose at least one scheme' });

export const share = {
  lossSchemes: defineEndpoint({
    id: 'share.lossSchemes',
    method: 'POST',
    path: '/eem-service/v1/lossShareConfig/query',
    summary: "The project's loss-share schemes by keyword or loss object, paged (chosen).",
    body: z.object({ keyword: keywordText(), lossObjectId: id.optional(), page }),
    data: pagedList(lossShareScheme),
    permission: 'lossshareconfig_browser',
  }),
  saveLossScheme: defineEndpoint({
    id: 'share.saveLossScheme',
    method: 'POST',
    path: '/eem-service/v1/lossShareConfig/save',
    summary:
      "Add (no id) or replace (id) a loss-share scheme: name ≤ 20, the loss object's loss split by consumption share or fixed ratio (ratios sum to 1, 6 decimals; targets not the supply node) per effective period; the months touched are recomputed as a task (chosen).",
    body: lossShareSchemeFields,
    data: z.object({ scheme: lossShareScheme, task: task.nullable() }),
    permission: 'lossshareconfig_update',
  }),
  deleteLossSchemes: defineEndpoint({
    id: 'share.deleteLossSchemes',
    method: 'POST',
    path: '/eem-service/v1/lossShareConfig/delete',
    summary: 'Delete loss-share schemes with their stored results (chosen).',
    body: z.object({ ids: deleteIds }),
    data: z.null(),
    permission: 'lossshareconfig_update',
  }),
  results: defineEndpoint({
    id: 'share.results',
    method: 'POST',
    path: '/eem-service/v1/lossShareConfig/result',
    summary:
      "Stored monthly results (≤ 12 months) of the project's schemes of a type ('loss' by default; 'share', 'public'), of one scheme or of a loss object's loss-share schemes: each month's parts and each receiver's amount (chosen).",
    body: z
      .object({
        type: resultType.default('loss'),
        schemeId: id.optional(),
        lossObjectId: id.optional(),
        ...monthRange,
      })
      .superRefine(monthRangeRule),
    data: z.object({ timeZone: z.string(), months: z.array(z.string()), results: z.array(shareResult) }),
    permission: 'session',
  }),
  schemes: defineEndpoint({
    id: 'share.schemes',
    method: 'POST',
    path: '/eem-service/v1/schemeConfig/query',
    summary: "The project's apportionment ('share') or public-area ('public') schemes, paged (chosen).",
    body: z.object({ type: schemeType, keyword: keywordText(), energyType: energyTypeCode.optional(), page }),
    data: pagedList(shareScheme),
    permission: 'session',
  }),
  saveScheme: defineEndpoint({
    id: 'share.saveScheme',
    method: 'POST',
    path: '/eem-service/v1/schemeConfig/save',
    summary:
      'Add (no id) or replace (id) an apportionment or public-area scheme: name ≤ 20, a source node not also a target, per effective period a method (fixed ratio summing to 1 with 6 decimals, area, headcount, output, metered share) and targets; the months touched are recomputed as a task (chosen).',
    body: shareSchemeFields,
    data: z.object({ scheme: shareScheme, task: task.nullable() }),
    permission: 'energyshareconfig_update',
  }),
  deleteSchemes: defineEndpoint({
    id: 'share.deleteSchemes',
    method: 'POST',
    path: '/eem-service/v1/schemeConfig/delete',
    summary: 'Delete apportionment or public-area schemes with their stored results (chosen).',
    body: z.object({ type: schemeType, ids: deleteIds }),
    data: z.null(),
    permission: 'energyshareconfig_update',
  }),
} as const;

/** The rule of the analysis body, for faces that build it by hand. */
export const LOSS_OBJECT_OR_NODE = ruleOf(LOSS_MESSAGES.objectOrNode);
