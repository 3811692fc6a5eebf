import type { Writable } from 'node:stream';
import type { AnyPermission } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';

/** What a producer is given to make one prepared download. */
export type DownloadProducerContext = {
  /** Who asked, with the rights they had when they asked. */
  actor: Actor;
  jobId: string;
  format: string;
  /** The request's params, as the producer's `check` accepted them. */
  params: Record<string, unknown>;
  /** Where the file's bytes go; the producer ends it (or lets `produce` reject). */
  out: Writable;
  /** 0–100, shown in "Your downloads". */
  reportProgress: (percent: number) => Promise<void>;
  /** A line of the command's log (ProQ monitoring and the job log). */
  log: (message: string) => Promise<void>;
  signal: AbortSignal;
};

/**
 * A kind of prepared download (docs/architecture.md, "Prepared downloads"): data downloads,
 * report PDFs, presentations. Registered once per process in services.ts.
 */
export type DownloadProducer = {
  kind: string;
  formats: readonly string[];
  /** Permissions the requester needs besides seeing the job (403 without them). */
  permissions?: readonly AnyPermission[];
  /**
   * Checked when the download is requested, before anything is queued: throws the 4xx a bad
   * request deserves (400 naming a param, 409 for a job not ready) and answers the list's label.
   */
  check: (input: {
    actor: Actor;
    jobId: string;
    format: string;
    params: Record<string, unknown>;
  }) => Promise<{ label: string }>;
  /** Writes the file into `ctx.out`; runs in a ProQ worker, so it must be repeatable. */
  produce: (ctx: DownloadProducerContext) => Promise<void>;
  /** The file's content type (default by format: text/csv, XLSX, PDF, PPTX). */
  contentType?: string;
};

const CONTENT_TYPES: Record<string, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

export function contentTypeOf(producer: DownloadProducer | undefined, format: string): string {
  return producer?.contentType ?? CONTENT_TYPES[format] ?? 'application/octet-stream';
}

/** The producers of this process by kind. */
export function createDownloadProducerRegistry() {
  const producers = new Map<string, DownloadProducer>();
  return {
    registerDownloadProducer(producer: DownloadProducer): void {
      if (producers.has(producer.kind))
        throw new Error(`A download producer for ${producer.kind} is already registered`);
      producers.set(producer.kind, producer);
    },
    get: (kind: string) => producers.get(kind),
    kinds: () => [...producers.keys()].sort(),
  };
}
