import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChatDocumentTable } from '../../../modules/chat/components/chat-document-table';
import { ChatDocumentUpload } from '../../../modules/chat/components/chat-document-upload';
import { ChatRetrievalTester } from '../../../modules/chat/components/chat-retrieval-tester';

/**
 * /admin/analysis-admin/chatbot-document-management (ChatbotDocumentManagement_CRUD): the
 * documents the chat assistant answers from.
 */
export function ChatbotDocumentManagementPage() {
  return (
    <Stack spacing={4}>
      <Typography variant="h4" component="h1">
        Chatbot Document Management
      </Typography>
      <ChatDocumentUpload />
      <ChatDocumentTable />
      <ChatRetrievalTester />
    </Stack>
  );
}

export default ChatbotDocumentManagementPage;
