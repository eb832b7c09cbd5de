/**
 * The recalculation form of /dataRecalculation: nodes picked in the meter tree (at most
 * DATALOG_LIMITS.recalculationNodes) and/or points handed over in the URL by /meterEntry
 * (?pointIds=1,2&startTime=…&endTime=…), a range of at most DATALOG_LIMITS.recalculationDays
 * days and at least one target. Checked here before the call, so the server's refusal is the
 * exception.
 */
import { RECALCULATION_TARGETS } from '@eem/contract';
import { datalog } from '@eem/contract/areas/datalog';
import { DATALOG_LIMITS, spanDays } from '@eem/core';
import { parseZonedText } from '../../../../app/format';
import { validateWith } from '../../../../blocks/form-issues';
import type { NodeRef } from '../../../../blocks/node-tree-model';
import { addDays, type CalendarLike, startOfDay } from '../../../../blocks/time-range-model';

export type RecalculationTarget = (typeof RECALCULATION_TARGETS)[number];

export interface RecalculationForm {
  nodes: NodeRef[];
  pointIds: number[];
  startTime: number | null;
  endTime: number | null;
  targets: RecalculationTarget[];
}

export type RecalculationField = 'nodes' | 'range' | 'targets';
export type RecalculationErrorKey =
  | 'error.nodes'
  | 'error.tooManyNodes'
  | 'error.range'
  | 'error.order'
  | 'error.span'
  | 'error.targets';

/** What is wrong per field (text keys of adminTexts), or the server's own message. */
export type RecalculationErrors = Partial<
  Record<RecalculationField, RecalculationErrorKey | { text: string }>
>;

function ids(text: string | null): number[] {
  if (!text) return [];
  const out = text
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return [...new Set(out)];
}

/** Epoch ms, or a wall-clock text of the screen's zone ('YYYY-MM-DD HH:mm'). */
function epoch(text: string | null, timeZone: string): number | null {
  if (text === null || text.trim() === '') return null;
  const n = Number(text);
  if (Number.isFinite(n) && n > 0) return n;
  return parseZonedText(text, timeZone);
}

function isTarget(value: string): value is RecalculationTarget {
  return (RECALCULATION_TARGETS as readonly string[]).includes(value);
}

/**
 * The form as the URL gives it (from /meterEntry after an edit): its points and range, the
 * targets when named; otherwise yesterday and today and the energy target.
 */
export function recalculationFromQuery(
  params: URLSearchParams,
  calendar: CalendarLike,
  now: number = Date.now(),
): RecalculationForm {
  const today = startOfDay(now, calendar);
  const zone = typeof calendar === 'string' ? calendar : calendar.timeZone;
  const start = epoch(params.get('startTime'), zone);
  const end = epoch(params.get('endTime'), zone);
  const given = start !== null && end !== null;
  const targets = (params.get('targets') ?? '').split(',').filter(isTarget);
  return {
    nodes: [],
    pointIds: ids(params.get('pointIds')),
    startTime: given ? start : addDays(today, -1, calendar),
    endTime: given ? end : addDays(today, 1, calendar),
    targets: targets.length > 0 ? [...new Set(targets)] : ['energy'],
  };
}

/** The form's errors; the span is counted on the project's calendar (`timeZone`). */
export function checkRecalculation(form: RecalculationForm, timeZone: string): RecalculationErrors {
  const errors: RecalculationErrors = {};
  if (form.nodes.length + form.pointIds.length === 0) errors.nodes = 'error.nodes';
  else if (form.nodes.length > DATALOG_LIMITS.recalculationNodes) errors.nodes = 'error.tooManyNodes';
  if (form.startTime === null || form.endTime === null) errors.range = 'error.range';
  else if (!(form.endTime > form.startTime)) errors.range = 'error.order';
  else if (spanDays(form.startTime, form.endTime, timeZone) > DATALOG_LIMITS.recalculationDays)
    errors.range = 'error.span';
  if (form.targets.length === 0) errors.targets = 'error.targets';
  if (Object.keys(errors).length > 0) return errors;
  // Anything else the contract refuses, with its message.
  const schema = datalog.recalculation.body;
  const rest = schema ? validateWith(schema, recalculationBody(form)) : {};
  for (const [field, message] of Object.entries(rest)) {
    const key: RecalculationField =
      field === 'targets' ? 'targets' : field === 'startTime' || field === 'endTime' ? 'range' : 'nodes';
    errors[key] ??= { text: message };
  }
  return errors;
}

export function recalculationBody(form: RecalculationForm) {
  return {
    nodes: form.nodes.map((n) => ({ id: n.id, modelLabel: n.modelLabel })),
    pointIds: form.pointIds,
    startTime: form.startTime ?? 0,
    endTime: form.endTime ?? 0,
    targets: form.targets,
  };
}
