import type { ChatDocument, ChatUploadResult } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithSession } from '../../../test/chat-test-support';
import { callsTo, mockApi } from '../../../test/mock-api';
import { ChatbotDocumentManagementPage } from './chatbot-document-management-page';

const guide: ChatDocument = {
  filename: '01-getting-started.md',
  format: 'markdown',
  size_bytes: 5546,
  page_count: 4,
  chunk_count: 10,
  language: 'english',
  uploaded_at: '2025-11-01T10:00:00.000Z',
  uploaded_by: null,
  shipped: true,
};
const listOf = (documents: ChatDocument[]) => ({
  body: { documents, total_count: documents.length, limit: 25, offset: 0 },
});

/** XMLHttpRequest as the upload uses it: reports progress, then answers `result`. */
function fakeUploadServer(result: ChatUploadResult) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: {
      onprogress:
        ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    headers: Record<string, string> = {};
    open(method: string, url: string) {
      expect([method, url]).toEqual(['POST', '/chat/documents/upload']);
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(body: FormData) {
      expect(this.headers['x-csrf-protection']).toBe('1');
      sent.push(body);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = 200;
        this.responseText = JSON.stringify(result);
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('ChatbotDocumentManagementPage', () => {
  it('lists the documents with size, pages, passages and upload date', async () => {
    mockApi({ 'GET /chat/documents': listOf([guide]) });
    renderWithSession(<ChatbotDocumentManagementPage />, ['ChatbotDocumentManagement_CRUD']);
    expect(screen.getByRole('heading', { name: 'Upload documents' })).toBeTruthy();
    const grid = await screen.findByRole('grid', { name: 'Documents' });
    const row = (await within(grid).findByText('01-getting-started.md')).closest(
      '[role="row"]',
    ) as HTMLElement;
    expect(within(row).getByText('5.4 KB')).toBeTruthy();
    expect(within(row).getByText('4')).toBeTruthy();
    expect(within(row).getByText('10')).toBeTruthy();
    expect(within(row).getByText('Shipped user guide')).toBeTruthy();
    expect(within(row).getByText(new Date(guide.uploaded_at).toLocaleString())).toBeTruthy();
  });

  it('uploads several files and shows the result of each', async () => {
    mockApi({ 'GET /chat/documents': listOf([]) });
    const sent = fakeUploadServer({
      uploaded: [
        {
          ...guide,
          filename: 'policy.pdf',
          format: 'pdf',
          page_count: 3,
          chunk_count: 7,
          shipped: false,
          uploaded_by: 'sysadmin@example.com',
          replaced: true,
        },
      ],
      failed_files: [
        { filename: 'setup.pdf', error: 'The file is named .pdf but its content is not a PDF.' },
      ],
    });
    const { user } = renderWithSession(<ChatbotDocumentManagementPage />, [
      'ChatbotDocumentManagement_CRUD',
    ]);
    const files = [new File(['%PDF-1.4'], 'policy.pdf'), new File(['MZ'], 'setup.pdf')];
    await user.upload(screen.getByLabelText('Files to upload'), files);
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const results = await screen.findByRole('list', { name: 'Upload results' });
    expect(
      within(results).getByText(
        /policy\.pdf: 3 pages, 7 passages \(replaced the previous version\)/,
      ),
    ).toBeTruthy();
    expect(
      within(results).getByText('setup.pdf: The file is named .pdf but its content is not a PDF.'),
    ).toBeTruthy();
    expect(sent[0]!.getAll('files').map((f) => (f as File).name)).toEqual([
      'policy.pdf',
      'setup.pdf',
    ]);
  });

  it('deletes a document only after confirmation', async () => {
    const fetchMock = mockApi({
      'GET /chat/documents': listOf([guide]),
      'DELETE /chat/documents': { body: { filename: guide.filename, deleted: true } },
    });
    const { user } = renderWithSession(<ChatbotDocumentManagementPage />, [
      'ChatbotDocumentManagement_CRUD',
    ]);
    await user.click(await screen.findByRole('button', { name: `Delete ${guide.filename}` }));
    const dialog = screen.getByRole('dialog', { name: `Delete ${guide.filename}?` });
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', '/chat/documents')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Delete ${guide.filename}` }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(fetchMock, 'DELETE', '/chat/documents')).toHaveLength(1));
    expect(String(callsTo(fetchMock, 'DELETE', '/chat/documents')[0]![0])).toContain(
      'filename=01-getting-started.md',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows which passages a test question retrieves', async () => {
    mockApi({
      'GET /chat/documents': listOf([guide]),
      'POST /chat/documents/search': {
        body: {
          passages: [
            {
              source: '01-getting-started.md',
              page: 4,
              content: 'The chat assistant answers questions.',
              rank: 1,
              score: 7.5,
              chunk_index: 9,
            },
          ],
          query: 'chat | assistant',
          processing_time: 0.012,
        },
      },
    });
    const { user } = renderWithSession(<ChatbotDocumentManagementPage />, [
      'ChatbotDocumentManagement_CRUD',
    ]);
    await user.type(
      screen.getByRole('textbox', { name: 'Test question' }),
      'What does the chat assistant do?',
    );
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const passages = await screen.findByRole('list', { name: 'Retrieved passages' });
    expect(
      within(passages).getByText('1. 01-getting-started.md, page 4 · score 7.50'),
    ).toBeTruthy();
    expect(within(passages).getByText('The chat assistant answers questions.')).toBeTruthy();
    expect(screen.getByText(/Searched for: chat \| assistant/)).toBeTruthy();
  });
});
