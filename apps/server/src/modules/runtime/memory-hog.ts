import os from 'node:os';
import type { MemoryHogRequest, MemoryHogState } from '@b2b/contract';
import { AppError } from '../../lib/app-error.js';

const MB = 1024 * 1024;
const rssMb = () => Math.round(process.memoryUsage.rss() / MB);

/**
 * The memory-pressure exercise (SPEC §6 MemoryHog_TRIGGER: developers, and only where
 * ENABLE_MEMORY_HOG is on): holds the asked memory for the asked time so the memory alerts and
 * the health check can be seen to react, then lets it go. Guarded: one at a time, at most the
 * contract's limits, and never more than half the machine's free memory.
 */
export function createMemoryHog() {
  let held: Buffer[] = [];
  let current: { endsAt: Date; startedBy: string } | null = null;

  function state(): MemoryHogState {
    return {
      running: current !== null,
      // What is really held: one buffer per megabyte.
      megabytes: current ? held.length : null,
      endsAt: current?.endsAt.toISOString() ?? null,
      startedBy: current?.startedBy ?? null,
      rssMb: rssMb(),
    };
  }

  return {
    state,
    start(request: MemoryHogRequest, startedBy: string): MemoryHogState {
      if (current) {
        throw AppError.conflict(
          `A memory-pressure exercise of ${held.length} MB is running until ${current.endsAt.toISOString()}; try again after it.`,
        );
      }
      const freeMb = Math.floor(os.freemem() / MB);
      if (request.megabytes > freeMb / 2) {
        throw AppError.badRequest(
          `megabytes: ${request.megabytes} MB is more than half of the ${freeMb} MB this machine has free.`,
          'body.megabytes',
        );
      }
      // Buffer.alloc writes every byte, so the pages are really resident, not just reserved.
      held = Array.from({ length: request.megabytes }, () => Buffer.alloc(MB, 1));
      current = {
        endsAt: new Date(Date.now() + request.seconds * 1000),
        startedBy,
      };
      setTimeout(() => {
        held = [];
        current = null;
      }, request.seconds * 1000).unref();
      return state();
    },
  };
}
