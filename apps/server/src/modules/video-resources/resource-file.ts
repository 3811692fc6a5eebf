import { Transform, pipeline } from 'node:stream';
import {
  ERROR_CODES,
  VIDEO_RESOURCE_TEXTS,
  type VideoResourceContentType,
  type VideoResourceKind,
} from '@b2b/contract';
import { formatBytes } from '../../engine/ingestion/file-type.js';
import { AppError } from '../../lib/app-error.js';

/** Bytes enough to recognise every accepted type. */
const HEAD_BYTES = 12;

/**
 * The type of a file from its first bytes, never from its name (SPEC §2 video-resources): an
 * MP4 starts with its `ftyp` box (a 4-byte size, then "ftyp"), WebM with the EBML magic
 * 1A 45 DF A3, PDF with "%PDF-". Anything else is none of them.
 */
export function sniffContentType(head: Buffer): VideoResourceContentType | undefined {
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return 'video/webm';
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  return undefined;
}

export function kindOf(contentType: string): VideoResourceKind {
  return contentType === 'application/pdf' ? 'document' : 'video';
}

/** A file name as received, without folders or control characters (it is shown and sent back). */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c !== '\u007f' && c !== '"')
    .join('')
    .trim()
    .slice(-200);
  return clean || 'file';
}

/** The file name inside a storage key: letters, digits, dot, dash and underscore only. */
export function keySafeName(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .replace(/^\.+/, '_')
      .slice(-100) || 'file'
  );
}

function refused(status: number, message: string): AppError {
  return new AppError(status, message, ERROR_CODES.validation, [{ field: 'file', message }]);
}

export type CheckedFile = {
  /** What to store: the same bytes, failing at its end when the file was refused. */
  stream: Transform;
  /** The type the first bytes showed (known once the stream has been read). */
  contentType(): VideoResourceContentType;
};

/**
 * Passes an upload through, checking its type and size as it goes. A refused file is still
 * read to its end (so the request's body is consumed and the connection stays usable) but
 * nothing of it is passed on, and the stream then fails with a 4xx naming the file and the
 * reason: storage `put` removes its partial file (or aborts the S3 upload) on that failure,
 * so a refused upload stores nothing. `source` may end early at `maxBytes + 1` (the multipart
 * limit): one byte over the limit is enough to refuse.
 */
export function checkedFile(
  source: NodeJS.ReadableStream,
  fileName: string,
  maxBytes: number,
): CheckedFile {
  let head: Buffer | undefined = Buffer.alloc(0);
  let size = 0;
  let type: VideoResourceContentType | undefined;
  let refusal: AppError | undefined;
  const wrongType = () =>
    refused(415, `file "${fileName}" ${VIDEO_RESOURCE_TEXTS.wrongType} (judged by its content).`);

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (refusal) return done();
      if (size > maxBytes) {
        refusal = refused(
          413,
          `file "${fileName}" is larger than the limit of ${formatBytes(maxBytes)}.`,
        );
        return done();
      }
      if (head) {
        head = Buffer.concat([head, chunk]);
        if (head.length < HEAD_BYTES) return done();
        type = sniffContentType(head);
        const held = head;
        head = undefined;
        if (!type) refusal = wrongType();
        return refusal ? done() : done(null, held);
      }
      done(null, chunk);
    },
    flush(done) {
      if (!refusal && head) {
        type = sniffContentType(head);
        if (!type) refusal = wrongType();
        else this.push(head);
      }
      done(refusal);
    },
  });
  pipeline(source, stream, () => undefined);
  return {
    stream,
    contentType: () => {
      if (!type) throw new Error('The upload has not been read yet');
      return type;
    },
  };
}
