import { catalogue } from '@eem/contract';
import { WIRE_MESSAGES } from '@eem/core';
import { describe, expect, it } from 'vitest';
import {
  EemError,
  errorFromEnvelope,
  errorFromHttpStatus,
  FORBIDDEN_IGNORED_ENDPOINTS,
  GRAPH_QUERY_ENDPOINT_ID,
  NetworkError,
  NotFoundError,
  PasswordExpiredError,
  PermissionError,
  parseIssues,
  redact,
  SessionExpiredError,
  ValidationError,
  WrongCredentialsError,
} from './errors.js';

const ctx = { endpointId: 'session.me', httpStatus: 200 };

/** The graph content query of screens.md §3.2. */
const GRAPH_QUERY_PATH = '/eem-service/v2/peccore/graph/{graphId}';

describe('errorFromEnvelope', () => {
  it('maps every wire code to its class', () => {
    expect(errorFromEnvelope({ code: 402, msg: '' }, ctx)).toBeInstanceOf(SessionExpiredError);
    expect(errorFromEnvelope({ code: 403, msg: '' }, ctx)).toBeInstanceOf(SessionExpiredError);
    expect(errorFromEnvelope({ code: 0, msg: '' }, { ...ctx, httpStatus: 401 })).toBeInstanceOf(
      SessionExpiredError,
    );
    expect(errorFromEnvelope({ code: -1305, msg: '' }, ctx)).toBeInstanceOf(PasswordExpiredError);
    const wrong = errorFromEnvelope({ code: -1, msg: '' }, ctx);
    expect(wrong).toBeInstanceOf(WrongCredentialsError);
    expect(wrong.message).toBe(WIRE_MESSAGES.wrongCredentials);
    expect(errorFromEnvelope({ code: 4003, msg: 'x' }, ctx)).toBeInstanceOf(PermissionError);
    expect(errorFromEnvelope({ code: 400, msg: 'body.a: bad' }, ctx)).toBeInstanceOf(ValidationError);
    expect(errorFromEnvelope({ code: 404, msg: 'gone' }, ctx)).toBeInstanceOf(NotFoundError);
    const other = errorFromEnvelope({ code: 500, msg: 'boom' }, ctx);
    expect(other.constructor).toBe(EemError);
    expect(other.toJSON()).toEqual({
      name: 'EemError',
      message: 'boom',
      code: 500,
      msg: 'boom',
      endpointId: 'session.me',
      httpStatus: 200,
    });
  });

  it('maps answers without envelope by HTTP status', () => {
    expect(errorFromHttpStatus(401, ctx)).toBeInstanceOf(SessionExpiredError);
    expect(errorFromHttpStatus(403, ctx)).toBeInstanceOf(PermissionError);
    expect(errorFromHttpStatus(404, ctx)).toBeInstanceOf(NotFoundError);
    expect(errorFromHttpStatus(503, ctx, 'maintenance').message).toBe('maintenance');
  });
});

describe('the graph query’s 403', () => {
  const graph = { ...ctx, endpointId: GRAPH_QUERY_ENDPOINT_ID };

  it('is a permission refusal, not an expired session', () => {
    const error = errorFromEnvelope({ code: 403, msg: '' }, graph);
    expect(error).toBeInstanceOf(PermissionError);
    expect(error).not.toBeInstanceOf(SessionExpiredError);
    expect(error.msg).toBe(WIRE_MESSAGES.noPermission);
    // a 402 or an HTTP 401 from it still ends the session
    expect(errorFromEnvelope({ code: 402, msg: '' }, graph)).toBeInstanceOf(SessionExpiredError);
    expect(errorFromEnvelope({ code: 0, msg: '' }, { ...graph, httpStatus: 401 })).toBeInstanceOf(
      SessionExpiredError,
    );
  });

  it('is matched by exact id: other graph endpoints expire the session on 403', () => {
    for (const endpointId of [
      'users.graphTree',
      'users.graphNodes',
      'users.assignGraphNodes',
      `${GRAPH_QUERY_ENDPOINT_ID}Tree`,
    ]) {
      const error = errorFromEnvelope({ code: 403, msg: '' }, { ...ctx, endpointId });
      expect(error, endpointId).toBeInstanceOf(SessionExpiredError);
    }
    expect([...FORBIDDEN_IGNORED_ENDPOINTS]).toEqual([GRAPH_QUERY_ENDPOINT_ID]);
  });

  it('names the id the contract must use when it declares the graph query', () => {
    const declared = Object.values(catalogue)
      .flatMap((area) => Object.values(area))
      .filter((endpoint) => endpoint.path === GRAPH_QUERY_PATH);
    for (const endpoint of declared) expect(endpoint.id).toBe(GRAPH_QUERY_ENDPOINT_ID);
    const taken = Object.values(catalogue)
      .flatMap((area) => Object.values(area))
      .find((endpoint) => endpoint.id === GRAPH_QUERY_ENDPOINT_ID);
    if (taken) expect(taken.path).toBe(GRAPH_QUERY_PATH);
  });
});

describe('parseIssues', () => {
  it('splits the server’s validation message into field issues', () => {
    expect(
      parseIssues(
        'body.userName: account cannot be empty; query.page.limit: page.limit must be at most 1000',
      ),
    ).toEqual([
      { path: 'body.userName', message: 'account cannot be empty' },
      { path: 'query.page.limit', message: 'page.limit must be at most 1000' },
    ]);
    expect(parseIssues('name already used')).toEqual([{ path: '', message: 'name already used' }]);
  });
});

describe('redaction', () => {
  it('removes secrets and bearer credentials from texts, fields and causes', () => {
    expect(redact('Authorization: Bearer abc.def-ghi')).toBe('Authorization: Bearer [REDACTED]');
    expect(redact('token s3cr3t-value here', ['s3cr3t-value'])).toBe('token [REDACTED] here');
    const error = new NetworkError({
      endpointId: 'x',
      method: 'GET',
      url: 'http://h/p',
      reason: 'failed',
      secrets: ['s3cr3t-value'],
      cause: new Error('boom s3cr3t-value', { cause: new Error('deeper s3cr3t-value') }),
    });
    expect(JSON.stringify(error)).not.toContain('s3cr3t-value');
    const cause = error.cause as Error;
    expect(cause.message).toBe('boom [REDACTED]');
    expect((cause.cause as Error).message).toBe('deeper [REDACTED]');
    expect(error.message).toBe(`${WIRE_MESSAGES.network} (GET http://h/p failed: boom [REDACTED])`);
  });
});
