import type { ChatDocument, ChatDocumentFormat, ChatLogEntry, ChatSource } from '@b2b/contract';
import type { ChatDocumentRow } from './chat-documents.read.js';
import type { ChatLogRow } from './chat-logs.repo.js';

export function presentLogEntry(row: ChatLogRow): ChatLogEntry {
  return {
    id: row.id,
    question: row.question,
    answer: row.answer,
    conversation_id: row.conversationId,
    processing_time: row.processingTime,
    timestamp: row.createdAt.toISOString(),
    sources: row.sources as ChatSource[],
  };
}

export function presentDocument(row: ChatDocumentRow): ChatDocument {
  return {
    filename: row.filename,
    format: row.format as ChatDocumentFormat,
    size_bytes: row.sizeBytes,
    page_count: row.pageCount,
    chunk_count: row.chunkCount,
    language: row.language,
    uploaded_at: row.uploadedAt.toISOString(),
    uploaded_by: row.uploadedByName,
    shipped: row.shipped,
  };
}
