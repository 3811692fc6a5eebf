import { defineEndpoint } from '../common/endpoint.js';
import {
  ChatDocumentListSchema,
  ChatDocumentsQuerySchema,
  ChatHealthSchema,
  ChatMessageRequestSchema,
  ChatReplySchema,
  ChatSearchRequestSchema,
  ChatSearchResultSchema,
  ChatUploadResultSchema,
  ConversationHistoryQuerySchema,
  ConversationParamsSchema,
  ConversationSchema,
  DeleteChatDocumentQuerySchema,
  DeletedChatDocumentSchema,
  DeletedConversationSchema,
} from './schemas.js';

// The chat service keeps its own paths (no /api/v1 prefix) and snake_case fields (SPEC.md 7).
const tags = ['Chat'];
const chat = { permissions: ['Chatbot_VIEW'] } as const;
const manageDocuments = { permissions: ['ChatbotDocumentManagement_CRUD'] } as const;

export const sendChatMessage = defineEndpoint({
  method: 'POST',
  path: '/chat/message',
  summary:
    'Ask a question: an answer grounded in the indexed documents, with its sources (document and page)',
  tags,
  body: ChatMessageRequestSchema,
  responses: { 200: ChatReplySchema },
  access: chat,
  keepsSessions: true,
});

export const getChatConversation = defineEndpoint({
  method: 'GET',
  path: '/chat/conversation/:id',
  summary:
    "One of the caller's conversations: history (limit 100, offset 0 by default) and summary",
  tags,
  params: ConversationParamsSchema,
  query: ConversationHistoryQuerySchema,
  responses: { 200: ConversationSchema },
  access: chat,
});

export const deleteChatConversation = defineEndpoint({
  method: 'DELETE',
  path: '/chat/conversation/:id',
  summary: "Delete one of the caller's conversations and its log (reset conversation)",
  tags,
  params: ConversationParamsSchema,
  responses: { 200: DeletedConversationSchema },
  access: chat,
});

export const listChatDocuments = defineEndpoint({
  method: 'GET',
  path: '/chat/documents',
  summary: 'The indexed documents with size, pages, chunk count and upload date',
  tags,
  query: ChatDocumentsQuerySchema,
  responses: { 200: ChatDocumentListSchema },
  access: { permissions: ['ChatbotDocuments_READ'] },
});

export const deleteChatDocument = defineEndpoint({
  method: 'DELETE',
  path: '/chat/documents',
  summary: 'Delete a document and its passages from the index',
  tags,
  query: DeleteChatDocumentQuerySchema,
  responses: { 200: DeletedChatDocumentSchema },
  access: manageDocuments,
});

/**
 * Multipart form with one or several `files` (PDF, DOCX, text, Markdown; recognised by content).
 * Files that cannot be read come back in failed_files while the others are indexed; a file named
 * like an indexed document replaces it atomically.
 */
export const uploadChatDocuments = defineEndpoint({
  method: 'POST',
  path: '/chat/documents/upload',
  summary: 'Upload and index documents; unreadable files are listed in failed_files',
  tags,
  multipart: true,
  responses: { 200: ChatUploadResultSchema },
  access: manageDocuments,
});

export const searchChatDocuments = defineEndpoint({
  method: 'POST',
  path: '/chat/documents/search',
  summary: 'Test question: the passages retrieval finds for it, best first, with their scores',
  tags,
  body: ChatSearchRequestSchema,
  readsOnly: true,
  responses: { 200: ChatSearchResultSchema },
  access: manageDocuments,
});

export const getChatHealth = defineEndpoint({
  method: 'GET',
  path: '/chat/health-check',
  summary: "Whether the chat can answer: the index's readiness and, when configured, the model's",
  tags,
  responses: { 200: ChatHealthSchema },
  access: chat,
});
