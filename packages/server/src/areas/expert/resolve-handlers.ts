/** The fault scenarios of an event (with their plans) and the analysis counts of a range. */

import type { catalogue, EndpointData, EndpointParsedInput } from '@eem/contract';
import { scopeOf, tenantSharedRefusals } from '../../auth/scope.js';
import { currentProject, type RequestContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { eventFactCounts, eventFacts } from '../events/repo/events.js';
import { scenarioOf, tenantPlans } from './expert-store.js';
import { matchScenarios, scenarioMatches } from './matching.js';
import { plansOfScenarios } from './repo/plans.js';
import { tenantScenarios } from './repo/scenarios.js';

type Body<K extends keyof typeof catalogue.expert> = EndpointParsedInput<
  (typeof catalogue.expert)[K]
>['body'];
type Data<K extends keyof typeof catalogue.expert> = EndpointData<(typeof catalogue.expert)[K]>;

export const resolveMessages = {
  unknownEvent: (id: number) => `eventId: event ${id} does not exist in this project`,
  endAfterStart: 'endTime: end time must be later than start time',
} as const;

/** How many scenarios the analysis lists. */
const TOP = 10;

export async function resolveFaultScenarios(
  ctx: RequestContext,
  body: Body<'resolveFaultScenarios'>,
): Promise<Data<'resolveFaultScenarios'>> {
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  const event = await eventFacts(db, project.id, body.eventId);
  if (!event) throw ApiError.notFound(resolveMessages.unknownEvent(body.eventId));
  const lock = await tenantSharedRefusals(ctx, await scopeOf(ctx), project.tenantId);
  const matched = matchScenarios(
    (await tenantScenarios(db, project.tenantId)).map((r) => scenarioOf(r, lock)),
    {
      modelLabel: event.model_label ?? '',
      eventClass: event.event_class,
      logType: event.log_type,
      description: event.description,
    },
  );
  const plans = await tenantPlans(
    db,
    project.tenantId,
    lock,
    await plansOfScenarios(
      db,
      matched.map((s) => s.id),
    ),
  );
  return matched.map((s) => ({ ...s, plans: plans.filter((p) => p.scenarioIds.includes(s.id)) }));
}

export async function analysisCount(
  ctx: RequestContext,
  body: Body<'analysisCount'>,
): Promise<Data<'analysisCount'>> {
  if (!(body.endTime > body.startTime)) throw ApiError.rule(resolveMessages.endAfterStart);
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  // A match depends on the node type, class and log type only: count the events by them.
  const groups = await eventFactCounts(db, project.id, body.startTime, body.endTime);
  // Counts only: nobody changes these, so their lock is not worked out.
  const scenarios = (await tenantScenarios(db, project.tenantId)).map((r) => scenarioOf(r, () => null));
  const counts = new Map<number, number>();
  let events = 0;
  let withScenario = 0;
  for (const group of groups) {
    const n = Number(group.n);
    events += n;
    const facts = {
      modelLabel: group.model_label ?? '',
      eventClass: group.event_class,
      logType: group.log_type,
    };
    const matching = scenarios.filter((s) => scenarioMatches(s, facts));
    if (matching.length > 0) withScenario += n;
    for (const s of matching) counts.set(s.id, (counts.get(s.id) ?? 0) + n);
  }
  const top = scenarios
    .filter((s) => counts.has(s.id))
    .map((s) => ({ id: s.id, name: s.name, count: counts.get(s.id) ?? 0 }))
    .sort((a, b) => b.count - a.count || a.id - b.id)
    .slice(0, TOP);
  return { events, withScenario, top };
}
