import { asc, count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { users } from '../users/user.schema.js';
import { chatDocuments } from './chat-document.schema.js';

/**
 * Read model: the chatbot's documents shown with who uploaded them (SPEC §2
 * chatbot-document-management). Reads chat_documents (this module) and users (users module: the uploader's
 * username), one query per page.
 */

export type ChatDocumentRow = typeof chatDocuments.$inferSelect & { uploadedByName: string | null };

const documentColumns = {
  id: chatDocuments.id,
  filename: chatDocuments.filename,
  format: chatDocuments.format,
  sizeBytes: chatDocuments.sizeBytes,
  pageCount: chatDocuments.pageCount,
  chunkCount: chatDocuments.chunkCount,
  language: chatDocuments.language,
  sha256: chatDocuments.sha256,
  shipped: chatDocuments.shipped,
  uploadedBy: chatDocuments.uploadedBy,
  uploadedAt: chatDocuments.uploadedAt,
  uploadedByName: users.username,
};

export function createChatDocumentsRead(db: Database) {
  return {
    async findByFilename(filename: string): Promise<ChatDocumentRow | undefined> {
      const [row] = await db
        .select(documentColumns)
        .from(chatDocuments)
        .leftJoin(users, eq(users.id, chatDocuments.uploadedBy))
        .where(eq(chatDocuments.filename, filename));
      return row;
    },

    async list(limit: number, offset: number): Promise<{ rows: ChatDocumentRow[]; total: number }> {
      const rows = await db
        .select(documentColumns)
        .from(chatDocuments)
        .leftJoin(users, eq(users.id, chatDocuments.uploadedBy))
        .orderBy(asc(chatDocuments.filename))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(chatDocuments);
      return { rows, total: Number(total?.n ?? 0) };
    },
  };
}
