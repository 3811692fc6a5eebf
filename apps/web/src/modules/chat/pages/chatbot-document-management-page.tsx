import Stack from '@mui/material/Stack';
import { ChatDocumentTable } from '../components/chat-document-table';
import { ChatDocumentUpload } from '../components/chat-document-upload';
import { ChatRetrievalTester } from '../components/chat-retrieval-tester';

/**
 * /admin/analysis-admin/chatbot-document-management (ChatbotDocumentManagement_CRUD): the
 * documents the chat assistant answers from. The toolbar shows the route title as the page header.
 */
export function ChatbotDocumentManagementPage() {
  return (
    <Stack spacing={4}>
      <ChatDocumentUpload />
      <ChatDocumentTable />
      <ChatRetrievalTester />
    </Stack>
  );
}
