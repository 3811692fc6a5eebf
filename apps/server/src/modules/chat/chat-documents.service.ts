import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import {
  CHAT_TEXTS,
  type ChatDocumentList,
  type ChatSearchResult,
  type FailedFile,
} from '@b2b/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import { createChatDocumentsRead } from './chat-documents.read.js';
import { createChatDocumentsRepo } from './chat-documents.repo.js';
import { presentDocument } from './chat.presenter.js';
import { chunkPages } from './text/chunking.js';
import type { Retriever } from './retriever.js';
import { describeQuery } from './text/search-query.js';
import { readShippedDocuments } from './shipped-documents.js';
import { extractDocument } from './text/text-extraction.js';

/** One file of an upload as received: its bytes, or the fact it went over the size limit. */
export type IncomingFile = { filename: string; bytes: Buffer; truncated: boolean };
export type UploadedDocument = ReturnType<typeof presentDocument> & { replaced: boolean };

/** The file name without folders or control characters, as documents are known by. */
export function cleanFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim()
    .slice(0, 255);
  return clean || 'document';
}

/** Documents the assistant answers from: upload, list, delete, and the test-question search. */
export function createChatDocumentsService(
  db: Database,
  deps: { retriever: Retriever; maxFileBytes: number; log: FastifyBaseLogger },
) {
  const repo = createChatDocumentsRepo(db);
  const documentsRead = createChatDocumentsRead(db);

  async function index(
    filename: string,
    bytes: Buffer,
    options: { uploadedBy: string | null; shipped: boolean },
  ): Promise<UploadedDocument | FailedFile> {
    const extracted = await extractDocument(filename, bytes);
    if (!extracted.ok) return { filename, error: extracted.error };
    const chunks = chunkPages(extracted.pages);
    const pageCount =
      extracted.format === 'pdf'
        ? Math.max(...extracted.pages.map((p) => p.page))
        : extracted.pages.length;
    const { replaced } = await repo.replace(
      {
        filename,
        format: extracted.format,
        sizeBytes: bytes.length,
        pageCount,
        chunkCount: chunks.length,
        language: extracted.language,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        shipped: options.shipped,
        uploadedBy: options.uploadedBy,
      },
      chunks,
    );
    const stored = await documentsRead.findByFilename(filename);
    return { ...presentDocument(stored!), replaced };
  }

  return {
    /**
     * Indexes one uploaded file, or says why it cannot be: a file is judged by its content, and
     * its failure never affects the other files of the upload.
     */
    async indexUpload(actor: Actor, file: IncomingFile): Promise<UploadedDocument | FailedFile> {
      const filename = cleanFilename(file.filename);
      if (file.truncated) {
        const mb = Math.round(deps.maxFileBytes / 1024 / 1024);
        return { filename, error: `The file is larger than the ${mb} MB limit.` };
      }
      try {
        return await index(filename, file.bytes, { uploadedBy: actor.userId, shipped: false });
      } catch (error) {
        deps.log.error({ err: error, filename }, 'chat document could not be indexed');
        return {
          filename,
          error: 'The file could not be indexed because of a server problem. Please try again.',
        };
      }
    },

    async list(limit: number, offset: number): Promise<ChatDocumentList> {
      const { rows, total } = await documentsRead.list(limit, offset);
      return { documents: rows.map(presentDocument), total_count: total, limit, offset };
    },

    async delete(filename: string) {
      if (!(await repo.deleteByFilename(filename)))
        throw AppError.notFound(CHAT_TEXTS.documentNotFound);
      return { filename, deleted: true };
    },

    /** The passages retrieval finds for a test question, with their scores. */
    async search(question: string, limit: number): Promise<ChatSearchResult> {
      const started = performance.now();
      const retrieval = await deps.retriever.retrieve(question, limit);
      return {
        passages: retrieval.passages.map((p) => ({
          source: p.filename,
          page: p.page,
          content: p.content,
          rank: p.rank,
          score: Math.round(p.score * 1000) / 1000,
          chunk_index: p.chunkIndex,
        })),
        query: describeQuery(retrieval.items),
        processing_time: Math.round(performance.now() - started) / 1000,
      };
    },

    /**
     * The product's own user guide (docs/user-guide): indexed when the index is empty, and
     * refreshed when a shipped file changed. Idempotent; run at start.
     */
    async indexShippedDocuments(): Promise<{ indexed: string[] }> {
      const { documents } = await repo.counts();
      const indexed: string[] = [];
      for (const file of await readShippedDocuments()) {
        const existing = await documentsRead.findByFilename(file.filename);
        const sha = createHash('sha256').update(file.bytes).digest('hex');
        const wanted = existing ? existing.shipped && existing.sha256 !== sha : documents === 0;
        if (!wanted) continue;
        const result = await index(file.filename, file.bytes, { uploadedBy: null, shipped: true });
        if ('error' in result)
          deps.log.error(
            { file: file.filename, error: result.error },
            'shipped chat document unreadable',
          );
        else indexed.push(file.filename);
      }
      return { indexed };
    },
  };
}
export type ChatDocumentsService = ReturnType<typeof createChatDocumentsService>;
