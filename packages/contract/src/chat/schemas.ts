import { z } from 'zod';

export const CHAT_LIMITS = {
  questionMaxLength: 1000,
  historyLimit: 100,
  historyOffset: 0,
  retentionDays: 365,
  bubbleWidthPx: 334,
  healthCheckIntervalMs: 180000,
} as const;

export const ChatMessageRequestSchema = z.strictObject({
  question: z.string().trim().min(1).max(CHAT_LIMITS.questionMaxLength),
  conversation_id: z.string().min(1).max(100).nullable().optional(),
});
export const ChatSourceSchema = z.object({
  source: z.string(),
  page: z.number().int(),
  content: z.string(),
});
/** Chat reply. */
export const ChatReplySchema = z.object({
  answer: z.string(),
  sources: z.array(ChatSourceSchema),
  conversation_id: z.string(),
  processing_time: z.number(),
  token_count: z.number().int(),
});
/** Chat log entry. */
export const ChatLogEntrySchema = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  conversation_id: z.string(),
  processing_time: z.number(),
  timestamp: z.string(),
});
/** Conversation summary. */
export const ConversationSummarySchema = z.object({
  message_count: z.number().int(),
  started_at: z.string().nullable(),
  last_message_at: z.string().nullable(),
});
export const FailedFileSchema = z.object({ filename: z.string(), error: z.string() });
