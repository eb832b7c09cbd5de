/**
 * Every answer that is not a success is the JSON envelope `{code, msg, data: null}`: errors of
 * handlers (ApiError), of Fastify (a body too large or not JSON, a path parameter too long, a
 * URL it cannot decode), of Node's HTTP parser (a malformed request) and of the router (no such
 * endpoint). Messages are capped: a request with thousands of bad items gets the first problems
 * and a count, never an answer larger than the request.
 */
import { localizeProblems, ruleText, WIRE_CODE } from '@eem/core';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isUniqueViolation } from '../db/portable.js';
import { ApiError } from './api-error.js';

/** The longest `msg` of an error answer (characters); longer ones are cut with an ellipsis. */
export const MESSAGE_MAX = 2_000;
/** The most problems one validation answer lists (the rest are counted). */
export const ISSUES_LISTED = 10;
/** The longest text of one listed problem. */
const ISSUE_MAX = 300;

/** Cuts a text to `max` characters, saying so. */
export function capText(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * `where: message; where: message`, at most ISSUES_LISTED problems (then `and N more problems`),
 * each cut to a readable length: the answer to a huge bad request stays small.
 */
export function summariseIssues(
  part: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  const listed = issues.slice(0, ISSUES_LISTED).map((issue) => {
    const where = [part, ...issue.path.map(String)].join('.');
    // The path says where; a rule text that names its field again (`nodes: …`) loses the name.
    return capText(`${capText(where, 120)}: ${ruleText(issue.message)}`, ISSUE_MAX);
  });
  const more = issues.length - listed.length;
  if (more > 0) listed.push(`and ${more} more problem${more === 1 ? '' : 's'}`);
  return capText(listed.join('; '), MESSAGE_MAX);
}

/** The language of a request (Accept-Language starting with zh, else English). */
export function requestLanguage(request: FastifyRequest): 'zh' | 'en' {
  return String(request.headers['accept-language'] ?? '')
    .toLowerCase()
    .startsWith('zh')
    ? 'zh'
    : 'en';
}

export function sendEnvelope(reply: FastifyReply, status: number, code: number, msg: string): FastifyReply {
  return reply.status(status).send({ code, msg: capText(msg, MESSAGE_MAX), data: null });
}

/** Fastify's own request errors, by code: what the envelope says. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'body: unsupported content type',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body: the request body is too large',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body: a JSON body was announced but none was sent',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'body: the content-length does not match the body',
  FST_ERR_CTP_EMPTY_TYPE: 'body: the content-type is empty',
  FST_ERR_CTP_INVALID_TYPE: 'body: the content-type is not valid',
  FST_ERR_BAD_URL: 'path: the address is not a valid URL',
  FST_ERR_MAX_PARAM_LENGTH: 'path: a path parameter is too long',
  FST_ERR_ASYNC_CONSTRAINT: 'path: the request could not be routed',
};

function describeFastifyError(error: FastifyError): string {
  const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
  if (known) return known;
  if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return 'body: the body is not valid JSON';
  return `body: ${error.message || 'bad request'}`;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) {
    for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
    // A refusal's messages in the caller's language (core's texts), the field paths kept for
    // the faces to place each message at its field.
    const msg = error.httpStatus < 500 ? localizeProblems(error.msg, requestLanguage(request)) : error.msg;
    return sendEnvelope(reply, error.httpStatus, error.code, msg);
  }
  if (isUniqueViolation(error)) {
    // A parallel request wrote the same key first (checks before writes cannot rule it out).
    const conflict = ApiError.conflict(
      'the record was written at the same time by another request; try again',
    );
    return sendEnvelope(reply, conflict.httpStatus, conflict.code, conflict.msg);
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    if (status === 429) return sendEnvelope(reply, 429, WIRE_CODE.tooManyRequests, error.message);
    return sendEnvelope(reply, status, WIRE_CODE.validation, describeFastifyError(error));
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendEnvelope(reply, 500, WIRE_CODE.server, 'internal server error');
}

/** The error handler, and the answers Fastify gives before a route runs (frameworkErrors). */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/** Fastify's `frameworkErrors` option: a bad URL or a path parameter too long, as an envelope. */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void handleError(error, request, reply);
}

/** Node's HTTP parser refused the request (malformed, headers too large): an envelope, then close. */
export function clientErrorAnswer(error: Error & { code?: string }): string {
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({
    code: WIRE_CODE.validation,
    msg: status === 431 ? 'header: the request headers are too large' : 'the request is malformed',
    data: null,
  });
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  return `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
}
