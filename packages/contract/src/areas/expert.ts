/**
 * The expert knowledge of events (screens.md /accidentHandleAdministration, /eventDiagnosis):
 * fault scenarios (probable causes and checks by device and event class), handling plans with
 * ordered steps, the scenarios that match an event, and analysis counts. Per tenant.
 */
import { EVENT_LIMITS } from '@eem/core';
import { z } from 'zod';
import { defineEndpoint } from '../define-endpoint.js';
import { epochMs, id, idOf, keywordText } from '../schemas.js';
import { fileName } from './files-schemas.js';

const name = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name is required' })
  .max(255, { error: 'name: at most 255 characters' });

const scenarioFields = z.object({
  name,
  /** The device class (node type, e.g. transformer, linesegment, meter, device, pump). */
  deviceClassified: z.string().trim().max(50).default(''),
  /** The event class 1 to 5 it applies to (null: any). */
  eventClassified: z.number().int().min(1).max(5).nullable().default(null),
  /** Log types it applies to (empty: any). */
  logTypes: z.array(z.number().int()).max(50).default([]),
  causes: z.array(z.string().trim().min(1).max(500)).max(50).default([]),
  checks: z.array(z.string().trim().min(1).max(500)).max(50).default([]),
  /** fileNames of uploaded documents (files.uploadFile; at most 10 MB each). */
  attachments: z.array(fileName).max(5, { error: 'attachments: at most 5 documents' }).default([]),
});

export const faultScenario = scenarioFields.extend({
  id: z.number().int(),
  updatedAt: epochMs,
  /** Why the caller may not change or delete it (shared with projects the caller does not manage: core's sharedObjectRefusal); null: it may. */
  lockedReason: z.string().nullable(),
});
export type FaultScenario = z.output<typeof faultScenario>;

const planFields = z.object({
  name,
  steps: z
    .array(
      z.object({
        text: z.string().trim().min(1, { error: 'steps: a step needs its text' }).max(500),
        /** The role responsible (a role name, free text). */
        role: z.string().trim().max(50).default(''),
      }),
    )
    .min(1, { error: 'steps: a plan needs at least one step' })
    .max(50),
  scenarioIds: z.array(idOf('scenarioIds')).max(50).default([]),
});

export const eventPlan = planFields.extend({
  id: z.number().int(),
  updatedAt: epochMs,
  /** Why the caller may not change or delete it (shared with projects the caller does not manage: core's sharedObjectRefusal); null: it may. */
  lockedReason: z.string().nullable(),
});
export type EventPlan = z.output<typeof eventPlan>;

export const expert = {
  scenarios: defineEndpoint({
    id: 'expert.scenarios',
    method: 'POST',
    path: '/eem-service/v1/expert/faultScenarios/query',
    summary: 'Fault scenarios by device class, event class, keyword or id (chosen).',
    body: z.object({
      deviceClassified: z.string().trim().max(50).default(''),
      eventClassified: z.number().int().min(1).max(5).nullable().default(null),
      keyWord: keywordText('keyWord'),
      scenariosId: z.number().int().positive().nullable().default(null),
      limit: z.number().int().min(1).max(EVENT_LIMITS.scenarioListMax).default(100),
    }),
    data: z.array(faultScenario),
    permission: 'event_browser',
  }),
  createScenario: defineEndpoint({
    id: 'expert.createScenario',
    method: 'POST',
    path: '/eem-service/v1/expert/faultScenarios',
    summary: 'Add a fault scenario (chosen).',
    body: scenarioFields,
    data: faultScenario,
    permission: 'expert_update',
  }),
  updateScenario: defineEndpoint({
    id: 'expert.updateScenario',
    method: 'PUT',
    path: '/eem-service/v1/expert/faultScenarios',
    summary: 'Change a fault scenario (chosen).',
    body: scenarioFields.extend({ id }),
    data: faultScenario,
    permission: 'expert_update',
  }),
  deleteScenario: defineEndpoint({
    id: 'expert.deleteScenario',
    method: 'DELETE',
    path: '/eem-service/v1/expert/faultScenarios',
    summary: 'Delete a fault scenario; plans that name it forget it (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'expert_update',
  }),
  plans: defineEndpoint({
    id: 'expert.plans',
    method: 'POST',
    path: '/eem-service/v1/expert/eventPlan/query',
    summary: 'Handling plans, all or those linked to scenarios (chosen).',
    body: z.object({
      scenarioIds: z.array(idOf('scenarioIds')).max(50).default([]),
      keyWord: keywordText('keyWord'),
    }),
    data: z.array(eventPlan),
    permission: 'event_browser',
  }),
  createPlan: defineEndpoint({
    id: 'expert.createPlan',
    method: 'POST',
    path: '/eem-service/v1/expert/eventPlan',
    summary: 'Add a handling plan (chosen).',
    body: planFields,
    data: eventPlan,
    permission: 'expert_update',
  }),
  updatePlan: defineEndpoint({
    id: 'expert.updatePlan',
    method: 'PUT',
    path: '/eem-service/v1/expert/eventPlan',
    summary: 'Change a handling plan (chosen).',
    body: planFields.extend({ id }),
    data: eventPlan,
    permission: 'expert_update',
  }),
  deletePlan: defineEndpoint({
    id: 'expert.deletePlan',
    method: 'DELETE',
    path: '/eem-service/v1/expert/eventPlan',
    summary: 'Delete a handling plan (chosen).',
    query: z.object({ id }),
    data: z.null(),
    permission: 'expert_update',
  }),
  resolveFaultScenarios: defineEndpoint({
    id: 'expert.resolveFaultScenarios',
    method: 'POST',
    path: '/eem-service/v1/event/peccore/resolveFaultScenarios',
    summary:
      "The fault scenarios that match an event (its node's type, event class and log type), best first, with their plans.",
    body: z.object({ eventId: id }),
    data: z.array(faultScenario.extend({ plans: z.array(eventPlan) })),
    permission: 'event_browser',
  }),
  analysisCount: defineEndpoint({
    id: 'expert.analysisCount',
    method: 'POST',
    path: '/eem-service/v1/expert/analysisCount',
    summary:
      'For a range: events with a matching scenario against without, and the scenarios matched most (chosen).',
    body: z.object({ startTime: epochMs, endTime: epochMs }),
    data: z.object({
      events: z.number().int(),
      withScenario: z.number().int(),
      top: z.array(z.object({ id: z.number().int(), name: z.string(), count: z.number().int() })),
    }),
    permission: 'event_browser',
  }),
} as const;
