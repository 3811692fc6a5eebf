import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@b2b/contract';
import { AppError } from '../../lib/app-error.js';
import { parseRange } from './byte-range.js';

/** A resource's file, ready to be sent whole or in part. */
export type ResourceContent = {
  fileName: string;
  contentType: string;
  size: number;
  /** Strong: every upload is stored under a fresh key and never rewritten. */
  etag: string;
  lastModified: Date;
  open(start: number, end: number): Promise<NodeJS.ReadableStream>;
};

/** `filename` for old clients (ASCII) and `filename*` with the name as uploaded. */
function disposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // RFC 5987: encodeURIComponent leaves ' ( ) * as they are, which the header may not hold.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Sends a resource's file honouring one HTTP Range (SPEC §2 /resource-hub: the player seeks):
 * 206 with Content-Range for a satisfiable range, 416 naming the size for one past the end,
 * 200 with the whole file otherwise; 304 when the browser's copy is current. If-Range with an
 * older validator sends the whole file, so a replaced file is never spliced with the old one.
 */
export async function sendResourceContent(
  request: FastifyRequest,
  reply: FastifyReply,
  content: ResourceContent,
  download: boolean,
): Promise<FastifyReply> {
  const lastModified = content.lastModified.toUTCString();
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', content.etag)
    .header('last-modified', lastModified)
    // Revalidated at every use: the audience of a resource may change.
    .header('cache-control', 'private, no-cache')
    .header(
      'content-disposition',
      disposition(download ? 'attachment' : 'inline', content.fileName),
    )
    .type(content.contentType);

  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => [content.etag, '*'].includes(t.trim())))
    return reply.code(304).send();

  const ifRange = request.headers['if-range'];
  const rangeHeader =
    ifRange && ifRange !== content.etag && ifRange !== lastModified
      ? undefined
      : request.headers.range;
  const range = parseRange(rangeHeader, content.size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${content.size}`);
    throw new AppError(
      416,
      `Range ${String(rangeHeader)} is outside the file, which has ${content.size} bytes.`,
      ERROR_CODES.validation,
    );
  }
  const { start, end } = range ?? { start: 0, end: content.size - 1 };
  const body = await content.open(start, end);
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${content.size}`);
  return reply.header('content-length', String(end - start + 1)).send(body);
}
