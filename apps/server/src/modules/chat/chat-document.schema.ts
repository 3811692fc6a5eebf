import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

/** PostgreSQL's own full-text document type; written with to_tsvector(), never from JS. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Documents the chat assistant answers from; one row per file name. */
export const chatDocuments = pgTable('chat_documents', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The file name as uploaded (without folders); a new upload of the same name replaces it. */
  filename: text('filename').notNull().unique(),
  /** pdf, docx, markdown or text: what the content turned out to be. */
  format: text('format').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  pageCount: integer('page_count').notNull(),
  chunkCount: integer('chunk_count').notNull(),
  /** The text-search configuration (regconfig name) the text was stemmed with. */
  language: text('language').notNull(),
  sha256: text('sha256').notNull(),
  /** Part of the product's own user guide (docs/user-guide), indexed at start. */
  shipped: boolean('shipped').notNull().default(false),
  uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Overlapping passages of a document page, the unit of retrieval. `search_vector` holds the
 * heading (weight A) and the passage (weight D) stemmed in the document's language; the GIN
 * index answers `@@` queries on PGlite and PostgreSQL alike.
 */
export const chatChunks = pgTable(
  'chat_chunks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => chatDocuments.id, { onDelete: 'cascade' }),
    /** 1-based page of the document. */
    page: integer('page').notNull(),
    /** Order of the chunk within the document. */
    chunkIndex: integer('chunk_index').notNull(),
    /** The nearest heading above the passage, if the document has headings. */
    heading: text('heading'),
    content: text('content').notNull(),
    language: text('language').notNull(),
    searchVector: tsvector('search_vector').notNull(),
  },
  (t) => [
    index('chat_chunks_search_vector_idx').using('gin', t.searchVector),
    index('chat_chunks_document_idx').on(t.documentId, t.chunkIndex),
  ],
);
