import { EngineError } from '../../engine/engine-error.js';
import { AppError } from '../../lib/app-error.js';

/** Engine input problems are the uploader's to fix: a 400 with the engine's message. */
export function asBadRequest(error: unknown, field?: string): never {
  if (error instanceof EngineError) throw AppError.badRequest(error.message, field);
  throw error;
}
