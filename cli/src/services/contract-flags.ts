/**
 * Flags checked by the rules' one home: what the flags make is parsed by the contract's own
 * schema (or a core rule) before anything is sent, and a refusal is a usage error (exit 2)
 * naming the flag, with the schema's message. The CLI writes no limit of its own for a field
 * the contract holds (tests/foundation/one-home.test.ts looks for such copies).
 */
import { checkSpan, DATE_TYPE } from '@eem/core';
import { UsageError } from '../errors.js';

/** What zod's safeParse answers, structurally (no zod import needed here). */
export interface SchemaLike {
  safeParse(value: unknown): {
    success: boolean;
    error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
  };
}

/** The flag of each field path ('keyword', 'page.limit'); a path's first segment is tried next. */
export type FlagsOf = Readonly<Record<string, string>>;

/**
 * The schema's message about a field, said of the flag: 'keyword: at most 100 characters' →
 * '--keyword: at most 100 characters', 'page.limit must be at most 1000' → '--limit must be
 * at most 1000', anything else → '--flag: message'.
 */
export function flagMessage(flag: string, path: readonly string[], message: string): string {
  for (const name of [path.join('.'), path.at(-1) ?? '']) {
    if (name === '') continue;
    if (message.startsWith(`${name}: `)) return `${flag}: ${message.slice(name.length + 2)}`;
    if (message.startsWith(`${name} `)) return `${flag} ${message.slice(name.length + 1)}`;
  }
  return `${flag}: ${message}`;
}

/** Parses `value` with the schema; the first issue becomes a usage error naming its flag. */
export function checkFlags<T>(schema: SchemaLike, value: T, flags: FlagsOf): T {
  const outcome = schema.safeParse(value);
  const issue = outcome.success ? undefined : outcome.error?.issues[0];
  if (!issue) return value;
  const path = issue.path.map(String);
  const field = path.join('.');
  const flag = flags[field] ?? flags[path[0] ?? ''] ?? `--${path[0] ?? 'input'}`;
  throw new UsageError(flagMessage(flag, path, issue.message));
}

/** A day-granular range checked as the server checks it (core's checkSpan: at most 31 days). */
export function checkRange(range: { startTime: number; endTime: number }, flag: string): void {
  const problem = checkSpan(range.startTime, range.endTime, DATE_TYPE.day);
  if (problem) throw new UsageError(`${flag}: ${problem}`);
}
