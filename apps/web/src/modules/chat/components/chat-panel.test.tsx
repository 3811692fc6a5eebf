import { CHAT_LIMITS, CHAT_TEXTS, MESSAGES, type ChatReply } from '@b2b/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockApi, type MockReply } from '../../../test/mock-api';
import { stpReply, renderWithSession } from '../../../test/chat-test-support';
import { CONVERSATION_STORAGE_KEY } from '../hooks/use-chat-exchange';
import { ChatPanel } from './chat-panel';

afterEach(() => window.sessionStorage.clear());

/** A reply the test releases when it wants, to look at the pending state. */
function deferredReply() {
  let release: (reply: MockReply) => void = () => undefined;
  const promise = new Promise<MockReply>((resolve) => (release = resolve));
  return { promise, release };
}

function renderPanel(onClose = vi.fn()) {
  return { ...renderWithSession(<ChatPanel onClose={onClose} />), onClose };
}
const box = () => screen.getByRole('textbox', { name: 'Your question' });
const log = () => screen.getByRole('log', { name: 'Conversation' });

describe('ChatPanel', () => {
  it('greets the user, shows the question at once, thinks, then answers with its sources', async () => {
    const reply = deferredReply();
    const fetchMock = mockApi({ 'POST /chat/message': () => reply.promise });
    const { user } = renderPanel();
    expect(within(log()).getByText(CHAT_TEXTS.greeting)).toBeTruthy();

    await user.type(box(), 'What is STP?{Enter}');
    expect(within(log()).getByText('What is STP?')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Thinking');
    expect((box() as HTMLTextAreaElement).value).toBe('');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);

    // Nothing more is sent while the reply is pending, even with Enter.
    await user.type(box(), 'Another question{Enter}');
    expect(callsTo(fetchMock, 'POST', '/chat/message')).toHaveLength(1);

    await act(async () => reply.release({ body: stpReply }));
    expect(await within(log()).findByText(stpReply.answer)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    const sources = screen.getByRole('region', { name: 'Sources' });
    const source = within(sources).getByRole('button', { name: '03-card-products.md, page 1' });
    await user.click(source);
    expect(within(sources).getByText(stpReply.sources[0]!.content)).toBeTruthy();
    expect(JSON.parse(String(callsTo(fetchMock, 'POST', '/chat/message')[0]![1]!.body))).toEqual({
      question: 'What is STP?',
      conversation_id: null,
    });
  });

  it('continues the conversation the first answer started', async () => {
    const bodies: unknown[] = [];
    mockApi({
      'POST /chat/message': ({ body }) => {
        bodies.push(body);
        return { body: stpReply };
      },
    });
    const { user } = renderPanel();
    await user.type(box(), 'What is STP?{Enter}');
    await within(log()).findByText(stpReply.answer);
    await user.type(box(), 'And Boost?{Enter}');
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ question: 'And Boost?', conversation_id: 'conversation-1' });
    expect(window.sessionStorage.getItem(CONVERSATION_STORAGE_KEY)).toBe('conversation-1');
  });

  it('makes a new line with Shift+Enter and does not send blank questions', async () => {
    const fetchMock = mockApi({ 'POST /chat/message': { body: stpReply } });
    const { user } = renderPanel();
    await user.type(box(), 'first line{Shift>}{Enter}{/Shift}second line');
    expect((box() as HTMLTextAreaElement).value).toBe('first line\nsecond line');
    await user.clear(box());
    await user.type(box(), '   {Enter}');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    fireEvent.submit(box().closest('form')!);
    expect(callsTo(fetchMock, 'POST', '/chat/message')).toHaveLength(0);
  });

  it('refuses a question over 1000 characters with a message', async () => {
    const fetchMock = mockApi({ 'POST /chat/message': { body: stpReply } });
    renderPanel();
    fireEvent.change(box(), { target: { value: 'x'.repeat(CHAT_LIMITS.questionMaxLength + 1) } });
    expect(
      screen.getByText(
        new RegExp(CHAT_TEXTS.questionTooLong.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(box(), { key: 'Enter' });
    expect(callsTo(fetchMock, 'POST', '/chat/message')).toHaveLength(0);
    fireEvent.change(box(), { target: { value: 'x'.repeat(CHAT_LIMITS.questionMaxLength) } });
    expect(screen.queryByText(new RegExp('too long'))).toBeNull();
  });

  it('shows the failure text when the answer fails', async () => {
    mockApi({
      'POST /chat/message': {
        status: 500,
        body: { success: false, message: 'boom', statusCode: 500 },
      },
    });
    const { user } = renderPanel();
    await user.type(box(), 'What is STP?{Enter}');
    expect(await within(log()).findByText(MESSAGES.chatFailure)).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('draws bubbles at most 334 px wide', async () => {
    mockApi({});
    renderPanel();
    const greeting = within(log()).getByRole('article', { name: 'Assistant' });
    expect(window.getComputedStyle(greeting).maxWidth).toBe(`${CHAT_LIMITS.bubbleWidthPx}px`);
  });

  it('resets the conversation on the server and on screen, and closes', async () => {
    const fetchMock = mockApi({
      'POST /chat/message': { body: stpReply },
      'DELETE /chat/conversation/conversation-1': {
        body: { conversation_id: 'conversation-1', deleted_messages: 1 },
      },
    });
    const { user, onClose } = renderPanel();
    await user.type(box(), 'What is STP?{Enter}');
    await within(log()).findByText(stpReply.answer);
    await user.click(screen.getByRole('button', { name: 'Reset conversation' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'DELETE', '/chat/conversation/conversation-1')).toHaveLength(1),
    );
    expect(within(log()).queryByText('What is STP?')).toBeNull();
    expect(within(log()).getByText(CHAT_TEXTS.greeting)).toBeTruthy();
    expect(window.sessionStorage.getItem(CONVERSATION_STORAGE_KEY)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the conversation of this tab again after a reload', async () => {
    window.sessionStorage.setItem(CONVERSATION_STORAGE_KEY, 'conversation-1');
    const entry = (question: string, answer: ChatReply) => ({
      id: question,
      question,
      answer: answer.answer,
      conversation_id: 'conversation-1',
      processing_time: 0.01,
      timestamp: '2025-11-01T10:00:00.000Z',
      sources: answer.sources,
    });
    mockApi({
      'GET /chat/conversation/conversation-1': {
        body: {
          conversation_id: 'conversation-1',
          history: [entry('What is STP?', stpReply)],
          summary: { message_count: 1, started_at: null, last_message_at: null },
          limit: 100,
          offset: 0,
        },
      },
    });
    renderPanel();
    expect(await within(log()).findByText('What is STP?')).toBeTruthy();
    expect(within(log()).getByText(stpReply.answer)).toBeTruthy();
  });
});
