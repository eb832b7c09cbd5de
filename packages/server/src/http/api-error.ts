import { ruleText, WIRE_CODE, WIRE_MESSAGES } from '@eem/core';

/** The parts of a request a refusal can point at (core's splitProblems reads them). */
type RequestPart = 'body' | 'query' | 'params' | 'header' | 'file';
/** Where in the request a refused value is: `body.endTime`, `query.startTime`, `file`. */
export type RequestPath = RequestPart | `${RequestPart}.${string}`;

/** An error the server answers with an envelope: `{code, msg}` and an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly httpStatus = 200,
    /** Headers of the answer (Retry-After of a 429). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  static validation(msg: string): ApiError {
    return new ApiError(WIRE_CODE.validation, msg, 400);
  }

  /**
   * HTTP 400: the value at `where` (a request path: `body.endTime`, `query.startTime`) breaks
   * `rule`, said in words ("the end time must be after the start time"). The answer is
   * `where: rule`; the faces place the rule at its field and never show the path (issue 12).
   * A rule of core that still starts with its field's name (`versions: …`) loses that name.
   */
  static at(where: RequestPath, rule: string): ApiError {
    return ApiError.validation(`${where}: ${ruleText(rule)}`);
  }

  /** HTTP 400 of a body rule (`field: rule`, core's texts): the field's path is `body.field`. */
  static rule(msg: string): ApiError {
    return ApiError.validation(inBody(msg));
  }

  static permission(msg: string = WIRE_MESSAGES.noPermission): ApiError {
    return new ApiError(WIRE_CODE.permission, msg, 403);
  }

  /** HTTP 404: what is missing, in words (a field name some core texts start with is dropped). */
  static notFound(msg: string): ApiError {
    return new ApiError(WIRE_CODE.notFound, AT_REQUEST_PATH.test(msg) ? msg : ruleText(msg), 404);
  }

  /** HTTP 409: a core text naming its field (`name: …`) points at that body field. */
  static conflict(msg: string): ApiError {
    return new ApiError(WIRE_CODE.conflict, inBody(msg), 409);
  }

  static unauthorized(msg: string = WIRE_MESSAGES.tokenExpired): ApiError {
    return new ApiError(401, msg, 401);
  }

  /** HTTP 429: try again after `retryAfterS` seconds (the Retry-After header says it too). */
  static tooMany(msg: string, retryAfterMs: number): ApiError {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    return new ApiError(WIRE_CODE.tooManyRequests, msg, 429, { 'retry-after': String(seconds) });
  }
}

/** A text that already starts with its request path (`body.name: …`, `query.taskId: …`). */
const AT_REQUEST_PATH = /^(?:body|query|params|header|file)(?:\.[\w-]+)*: /;

/**
 * A core text that names its field as code (`name: a scheme with this name exists`) as a
 * refusal of that body field (`body.name: …`); any other text as it is.
 */
function inBody(msg: string): string {
  if (AT_REQUEST_PATH.test(msg)) return msg;
  const named = /^([a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*): /.exec(msg);
  return named ? `body.${named[1]}: ${ruleText(msg)}` : msg;
}
