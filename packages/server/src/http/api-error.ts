import { WIRE_CODE, WIRE_MESSAGES } from '@eem/core';

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

  /** HTTP 400 of a body rule (`field: rule`, core's texts): the field's path is `body.field`. */
  static rule(msg: string): ApiError {
    return ApiError.validation(/^[\w.]+: /.test(msg) ? `body.${msg}` : msg);
  }

  static permission(msg: string = WIRE_MESSAGES.noPermission): ApiError {
    return new ApiError(WIRE_CODE.permission, msg, 403);
  }

  static notFound(msg: string): ApiError {
    return new ApiError(WIRE_CODE.notFound, msg, 404);
  }

  static conflict(msg: string): ApiError {
    return new ApiError(WIRE_CODE.conflict, msg, 409);
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
