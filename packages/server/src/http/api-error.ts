import { WIRE_CODE, WIRE_MESSAGES } from '@eem/core';

/** An error the server answers with an envelope: `{code, msg}` and an HTTP status. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    readonly msg: string,
    readonly httpStatus = 200,
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  static validation(msg: string): ApiError {
    return new ApiError(WIRE_CODE.validation, msg, 400);
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
}

/** Formats zod issues as `where: message; where: message`. */
export function describeIssues(
  part: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): string {
  return issues
    .map((issue) => {
      const where = [part, ...issue.path.map(String)].join('.');
      return `${where}: ${issue.message}`;
    })
    .join('; ');
}
