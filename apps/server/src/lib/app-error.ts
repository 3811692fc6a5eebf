import { ERROR_CODES, MESSAGES, type ErrorCode } from '@b2b/contract';

/** The one error type services throw; the error handler maps it to its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: ErrorCode,
    readonly errors?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, field?: string): AppError {
    return new AppError(
      400,
      message,
      ERROR_CODES.validation,
      field ? [{ field, message }] : undefined,
    );
  }
  static unauthorized(expired = false): AppError {
    return expired
      ? new AppError(401, MESSAGES.sessionExpired, ERROR_CODES.sessionExpired)
      : new AppError(401, MESSAGES.notSignedIn, ERROR_CODES.notSignedIn);
  }
  static forbidden(message: string = MESSAGES.forbidden): AppError {
    return new AppError(403, message, ERROR_CODES.forbidden);
  }
  static notFound(what = 'Not found.'): AppError {
    return new AppError(404, what, ERROR_CODES.notFound);
  }
  static conflict(message: string): AppError {
    return new AppError(409, message, ERROR_CODES.conflict);
  }
}
