/** Input is checked with the endpoint's own schemas before anything is sent. */
import type { AnyEndpoint } from '@eem/contract';
import { ruleText } from '@eem/core';
import { describeIssues, ValidationError, type ValidationIssue } from './errors.js';

/** The loose shape every endpoint input has at run time. */
export interface RawInput {
  params?: Record<string, unknown> | undefined;
  query?: Record<string, unknown> | undefined;
  body?: unknown;
}

const PARTS = ['params', 'query', 'body'] as const;

/**
 * Parses params, query and body with the endpoint's schemas; throws a ValidationError naming
 * every refused field (`body.userName: account cannot be empty`). A missing object part is
 * checked as `{}` so that the message names the missing fields, not the part.
 */
export async function validateInput(endpoint: AnyEndpoint, input: RawInput | undefined): Promise<void> {
  const issues: ValidationIssue[] = [];
  for (const part of PARTS) {
    const schema = endpoint[part];
    if (!schema) continue;
    const value = input?.[part] ?? (part === 'body' && endpoint.method === 'GET' ? undefined : {});
    const result = await schema.safeParseAsync(value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      // The path says where, as the server's answer does: the rule without a field name of its own.
      issues.push({ path: [part, ...issue.path.map(String)].join('.'), message: ruleText(issue.message) });
    }
  }
  if (issues.length > 0) {
    throw new ValidationError({
      code: 400,
      msg: describeIssues(issues),
      endpointId: endpoint.id,
      httpStatus: null,
      issues,
    });
  }
}
