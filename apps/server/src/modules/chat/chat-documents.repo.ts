import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction, queryRows } from '../../db/transaction.js';
import { chatDocuments } from './chat-document.schema.js';
import type { TextChunk } from './text/chunking.js';

export type NewChatDocument = Omit<typeof chatDocuments.$inferInsert, 'id' | 'uploadedAt'>;

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters, small enough for PGlite. */
const CHUNK_BATCH = 400;
/**
 * After adding this many passages the planner statistics are refreshed at once: retrieval
 * plans built on stale counts can be a hundred times slower until autovacuum catches up.
 */
const ANALYZE_AFTER_CHUNKS = 200;

async function insertChunks(
  tx: Database,
  documentId: string,
  language: string,
  chunks: TextChunk[],
) {
  for (let i = 0; i < chunks.length; i += CHUNK_BATCH) {
    const batch = chunks.slice(i, i + CHUNK_BATCH);
    // The search vector is built by PostgreSQL: the heading weighs A, the passage D.
    await tx.execute(sql`
      insert into chat_chunks (document_id, page, chunk_index, heading, content, language, search_vector)
      select ${documentId}::uuid, u.page, u.chunk_index, u.heading, u.content, ${language},
        setweight(to_tsvector(${language}::regconfig, coalesce(u.heading, '')), 'A')
          || to_tsvector(${language}::regconfig, u.content)
      from unnest(${sql.param(batch.map((c) => c.page))}::int[],
                  ${sql.param(batch.map((c) => c.chunkIndex))}::int[],
                  ${sql.param(batch.map((c) => c.heading))}::text[],
                  ${sql.param(batch.map((c) => c.content))}::text[])
        as u(page, chunk_index, heading, content)`);
  }
}

export function createChatDocumentsRepo(db: Database) {
  return {
    /**
     * Stores a document and its passages in one transaction, replacing a document of the same
     * name: readers see the old version or the new one, never a mix. Uploads of one name are
     * serialised by an advisory lock. Returns whether a document was replaced.
     */
    async replace(
      document: NewChatDocument,
      chunks: TextChunk[],
    ): Promise<{ id: string; replaced: boolean }> {
      const result = await inTransaction(db, async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`chat-document:${document.filename}`}))`,
        );
        const removed = await tx
          .delete(chatDocuments)
          .where(eq(chatDocuments.filename, document.filename))
          .returning({ id: chatDocuments.id });
        const [created] = await tx
          .insert(chatDocuments)
          .values(document)
          .returning({ id: chatDocuments.id });
        await insertChunks(tx, created!.id, document.language, chunks);
        return { id: created!.id, replaced: removed.length > 0 };
      });
      if (chunks.length >= ANALYZE_AFTER_CHUNKS) await db.execute(sql`analyze chat_chunks`);
      return result;
    },

    /** Deletes a document and (by cascade) its passages; false when there was none. */
    async deleteByFilename(filename: string): Promise<boolean> {
      const removed = await db
        .delete(chatDocuments)
        .where(eq(chatDocuments.filename, filename))
        .returning({ id: chatDocuments.id });
      return removed.length > 0;
    },

    async counts(): Promise<{ documents: number; chunks: number }> {
      const [row] = await queryRows<{ documents: number; chunks: number }>(
        db,
        sql`select (select count(*) from chat_documents)::int as documents,
                   (select count(*) from chat_chunks)::int as chunks`,
      );
      return { documents: Number(row?.documents ?? 0), chunks: Number(row?.chunks ?? 0) };
    },
  };
}
