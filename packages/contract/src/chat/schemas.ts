import { z } from 'zod';

export const CHAT_LIMITS = {
  questionMaxLength: 1000,
  historyLimit: 100,
  historyOffset: 0,
  retentionDays: 365,
  bubbleWidthPx: 334,
  healthCheckIntervalMs: 180000,
  /** Files in one upload request. */
  uploadMaxFiles: 20,
  /** Passages a test question may ask for on the document-management screen. */
  searchMaxResults: 20,
} as const;

/** Texts of the chat that SPEC.md leaves to us, shared by server and web. */
export const CHAT_TEXTS = {
  greeting:
    'Hello! I answer questions from the documents uploaded for this assistant. What would you like to know?',
  questionEmpty: 'Please type a question.',
  questionTooLong: `Your question is too long: at most ${CHAT_LIMITS.questionMaxLength} characters, please.`,
  nothingFound:
    "I couldn't find anything about that in the documents I have. Try other words, or ask an administrator to upload a document that covers it.",
  conversationNotFound: 'Conversation not found.',
  documentNotFound: 'Document not found.',
  noFiles: 'Choose at least one file to upload.',
} as const;

export const ChatMessageRequestSchema = z.strictObject({
  question: z
    .string()
    .trim()
    .min(1, CHAT_TEXTS.questionEmpty)
    .max(CHAT_LIMITS.questionMaxLength, CHAT_TEXTS.questionTooLong),
  conversation_id: z.string().min(1).max(100).nullable().optional(),
});
export type ChatMessageRequest = z.infer<typeof ChatMessageRequestSchema>;

export const ChatSourceSchema = z.object({
  /** The document's file name. */
  source: z.string(),
  /** 1-based page of the document the passage comes from. */
  page: z.number().int(),
  content: z.string(),
});
export type ChatSource = z.infer<typeof ChatSourceSchema>;

/** Chat reply. */
export const ChatReplySchema = z.object({
  answer: z.string(),
  sources: z.array(ChatSourceSchema),
  conversation_id: z.string(),
  /** Seconds the server took to answer. */
  processing_time: z.number(),
  /** Tokens the model used; offline, the word tokens of the answer. */
  token_count: z.number().int(),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;

/** Chat log entry (with the sources shown under the answer). */
export const ChatLogEntrySchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  conversation_id: z.string(),
  processing_time: z.number(),
  timestamp: z.string(),
  sources: z.array(ChatSourceSchema).default([]),
});
export type ChatLogEntry = z.infer<typeof ChatLogEntrySchema>;

/** Conversation summary. */
export const ConversationSummarySchema = z.object({
  message_count: z.number().int(),
  started_at: z.string().nullable(),
  last_message_at: z.string().nullable(),
});

export const ConversationParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });

export const ConversationHistoryQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(CHAT_LIMITS.historyLimit),
  offset: z.coerce.number().int().min(0).default(CHAT_LIMITS.historyOffset),
});

/** A conversation's history (oldest first, paged by limit and offset) and its summary. */
export const ConversationSchema = z.object({
  conversation_id: z.string(),
  history: z.array(ChatLogEntrySchema),
  summary: ConversationSummarySchema,
  limit: z.number().int(),
  offset: z.number().int(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const DeletedConversationSchema = z.object({
  conversation_id: z.string(),
  deleted_messages: z.number().int(),
});

export const FailedFileSchema = z.object({ filename: z.string(), error: z.string() });
export type FailedFile = z.infer<typeof FailedFileSchema>;

export const CHAT_DOCUMENT_FORMATS = ['pdf', 'docx', 'markdown', 'text'] as const;
export const ChatDocumentFormatSchema = z.enum(CHAT_DOCUMENT_FORMATS);
export type ChatDocumentFormat = z.infer<typeof ChatDocumentFormatSchema>;

/** An indexed document. */
export const ChatDocumentSchema = z.object({
  filename: z.string(),
  format: ChatDocumentFormatSchema,
  size_bytes: z.number().int(),
  page_count: z.number().int(),
  chunk_count: z.number().int(),
  /** The PostgreSQL text-search configuration its text was stemmed with, e.g. `english`. */
  language: z.string(),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable(),
  /** Part of the product's own user guide, indexed at start. */
  shipped: z.boolean(),
});
export type ChatDocument = z.infer<typeof ChatDocumentSchema>;

export const ChatDocumentsQuerySchema = z.strictObject({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).default(0),
});

export const ChatDocumentListSchema = z.object({
  documents: z.array(ChatDocumentSchema),
  total_count: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
});
export type ChatDocumentList = z.infer<typeof ChatDocumentListSchema>;

export const DeleteChatDocumentQuerySchema = z.strictObject({
  filename: z.string().min(1).max(255),
});

export const DeletedChatDocumentSchema = z.object({ filename: z.string(), deleted: z.boolean() });

/** One file of an upload that was indexed. */
export const UploadedChatDocumentSchema = ChatDocumentSchema.extend({
  /** A document of the same name existed and was replaced. */
  replaced: z.boolean(),
});

/** Per-file result of an upload: the files indexed and those that could not be read. */
export const ChatUploadResultSchema = z.object({
  uploaded: z.array(UploadedChatDocumentSchema),
  failed_files: z.array(FailedFileSchema),
});
export type ChatUploadResult = z.infer<typeof ChatUploadResultSchema>;

/** The test-question box of the document-management screen. */
export const ChatSearchRequestSchema = z.strictObject({
  question: ChatMessageRequestSchema.shape.question,
  limit: z.number().int().min(1).max(CHAT_LIMITS.searchMaxResults).default(5),
});

export const RetrievedPassageSchema = ChatSourceSchema.extend({
  rank: z.number().int(),
  score: z.number(),
  chunk_index: z.number().int(),
});

export const ChatSearchResultSchema = z.object({
  passages: z.array(RetrievedPassageSchema),
  /** The full-text query the question became, e.g. `'virtual' <-> 'card' | 'score'`. */
  query: z.string(),
  processing_time: z.number(),
});
export type ChatSearchResult = z.infer<typeof ChatSearchResultSchema>;

/** `healthy` is what the chat button follows: the index answers and holds documents. */
export const ChatHealthSchema = z.object({
  healthy: z.boolean(),
  index: z.object({
    ready: z.boolean(),
    document_count: z.number().int(),
    chunk_count: z.number().int(),
  }),
  /** `llm` with a configured model, `extractive` offline. */
  answer_mode: z.enum(['llm', 'extractive']),
  llm: z.object({
    configured: z.boolean(),
    /** null when not configured. */
    reachable: z.boolean().nullable(),
    model: z.string().nullable(),
    message: z.string().nullable(),
  }),
});
export type ChatHealth = z.infer<typeof ChatHealthSchema>;
