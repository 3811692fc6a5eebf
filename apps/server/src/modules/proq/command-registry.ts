import type { z } from 'zod';
import type { ProqCommandRow } from './proq-queue.repo.js';

/** What a handler gets for one attempt of one command. */
export type CommandContext<P> = {
  command: ProqCommandRow;
  payload: P;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the attempt outlives its stuck time-out or the worker shuts down. */
  signal: AbortSignal;
  /** Progress in percent (0–100), shown on the command detail. */
  reportProgress: (percent: number, message?: string) => Promise<void>;
  /** A line in the job log (keyed by the command's jobId) and the command detail. */
  log: (message: string, level?: 'info' | 'warn' | 'error') => Promise<void>;
};

/** A handler's outcome: the Completed command's message and a stored result, both optional. */
export type CommandOutcome = { message?: string; result?: unknown } | void;

/**
 * Runs one command type. Handlers must be idempotent: a command may run again after a crash
 * (at-least-once), so an effect must be keyed by something that makes a second run a no-op.
 */
export type CommandHandler<P = unknown> = {
  commandType: string;
  /** Checked when the command is enqueued and again before it runs. */
  payloadSchema?: z.ZodType<P>;
  /** Attempts before the command ends in Error (default PROQ_MAX_ATTEMPTS). */
  maxAttempts?: number;
  stuckTimeOutInSeconds?: number;
  run: (context: CommandContext<P>) => Promise<CommandOutcome>;
};

/** A cron-like recurring command, enqueued once per period however many workers run. */
export type RecurringCommand = {
  commandType: string;
  /** Five-field cron expression in the server's time zone, e.g. `0 * * * *` (hourly). */
  cron: string;
  payload?: unknown;
  priority?: number;
};

/** Thrown by a handler when retrying cannot help: the command goes straight to Error. */
export class PermanentCommandError extends Error {
  override name = 'PermanentCommandError';
  constructor(
    message: string,
    /** Stored on the command like a completed command's result (e.g. what was checked). */
    readonly result?: unknown,
  ) {
    super(message);
  }
}

/** Keeps a handler's payload type while registering it among handlers of other types. */
export function defineCommandHandler<P>(handler: CommandHandler<P>): CommandHandler<P> {
  return handler;
}

/** Handlers and recurring schedules by command type; built once per process in services.ts. */
export function createCommandRegistry() {
  const handlers = new Map<string, CommandHandler<unknown>>();
  const recurring: RecurringCommand[] = [];
  return {
    register<P>(handler: CommandHandler<P>): void {
      if (handlers.has(handler.commandType))
        throw new Error(`A handler for ${handler.commandType} is already registered`);
      handlers.set(handler.commandType, handler as CommandHandler<unknown>);
    },
    get: (commandType: string) => handlers.get(commandType),
    commandTypes: () => [...handlers.keys()].sort(),
    schedule(command: RecurringCommand): void {
      if (!handlers.has(command.commandType))
        throw new Error(`Register a handler for ${command.commandType} before scheduling it`);
      recurring.push(command);
    },
    recurring: (): readonly RecurringCommand[] => recurring,
  };
}
export type CommandRegistry = ReturnType<typeof createCommandRegistry>;
