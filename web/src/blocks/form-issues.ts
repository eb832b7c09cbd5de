/**
 * Validation of dialog forms with the contract's own zod schemas: the body schema of the
 * endpoint is run on the form values and its issues become field errors, so the form
 * refuses what the server refuses with the same message. A refusal of the server is placed
 * at its field the same way (serverFieldErrors).
 */
import { ruleText, splitProblems } from '@eem/core';

/** What a zod `safeParse` answers (structural, so no zod import is needed here). */
export interface ParseOutcome {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
}

export interface SafeParser {
  safeParse(value: unknown): ParseOutcome;
}

export type FieldErrors = Record<string, string>;

/** Names the form field of an issue path (default: its first segment; '' is the whole form). */
export type FieldOf = (path: readonly PropertyKey[]) => string;

const firstSegment: FieldOf = (path) => (path[0] === undefined ? '' : String(path[0]));

/** The first message per field. */
export function fieldErrors(outcome: ParseOutcome, fieldOf: FieldOf = firstSegment): FieldErrors {
  const errors: FieldErrors = {};
  if (outcome.success || !outcome.error) return errors;
  for (const issue of outcome.error.issues) {
    const field = fieldOf(issue.path);
    // At its field the rule needs no field name of its own (core's `nodes: …` texts).
    if (!(field in errors)) errors[field] = ruleText(issue.message);
  }
  return errors;
}

/** Field errors of a schema for the given values. */
export function validateWith(schema: SafeParser, values: unknown, fieldOf?: FieldOf): FieldErrors {
  return fieldErrors(schema.safeParse(values), fieldOf);
}

/** Merges error maps, the first message of a field winning. */
export function mergeErrors(...maps: readonly FieldErrors[]): FieldErrors {
  const out: FieldErrors = {};
  for (const map of maps) {
    for (const [field, message] of Object.entries(map)) if (!(field in out)) out[field] = message;
  }
  return out;
}

/**
 * The field errors of a refused call (`body.name: a role named X already exists`): each
 * message, without its path, at the form field it names (its path without `body.`, else the
 * path's last segment) when the form has that field. A duplicate shows where it was typed.
 */
export function serverFieldErrors(msg: string, fields: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const problem of splitProblems(msg)) {
    if (!problem.field) continue;
    const last = problem.field.split('.').pop() ?? '';
    const field = fields.includes(problem.field) ? problem.field : fields.includes(last) ? last : null;
    if (field && !(field in out)) out[field] = problem.message;
  }
  return out;
}
