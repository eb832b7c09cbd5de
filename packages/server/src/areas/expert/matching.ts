/**
 * Which fault scenarios match an event, best first. A scenario matches when each of its
 * criteria is empty (any) or equals the event's: device class = the node's type, event class,
 * log types include the event's. Scenarios that name the device class (weight 2) and the log
 * type (1) fit best; among equal fits, the one whose name shares more words with the event's
 * description, then the one that names the event class, then the older one comes first.
 */
import type { FaultScenario } from '@eem/contract';

export interface EventFacts {
  /** The model label of the event's node; '' when it has none. */
  modelLabel: string;
  eventClass: number;
  logType: number;
  description?: string;
}

export function scenarioMatches(s: FaultScenario, e: EventFacts): boolean {
  return (
    (s.deviceClassified === '' || s.deviceClassified === e.modelLabel) &&
    (s.eventClassified === null || s.eventClassified === e.eventClass) &&
    (s.logTypes.length === 0 || s.logTypes.includes(e.logType))
  );
}

function fit(s: FaultScenario): number {
  return (s.deviceClassified ? 2 : 0) + (s.logTypes.length > 0 ? 1 : 0);
}

function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  );
}

export function matchScenarios<S extends FaultScenario>(scenarios: readonly S[], e: EventFacts): S[] {
  const said = words(e.description ?? '');
  return scenarios
    .filter((s) => scenarioMatches(s, e))
    .map((s) => ({
      s,
      fit: fit(s),
      relevance: [...words(s.name)].filter((w) => said.has(w)).length,
      named: s.eventClassified === null ? 0 : 1,
    }))
    .sort((a, b) => b.fit - a.fit || b.relevance - a.relevance || b.named - a.named || a.s.id - b.s.id)
    .map((x) => x.s);
}
