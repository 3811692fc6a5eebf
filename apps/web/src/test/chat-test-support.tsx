import type { AnyPermission, ChatReply } from '@b2b/contract';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { withSession } from './session-test-wrapper';

/** Renders chat UI for a signed-in user holding `permissions`. */
export function renderWithSession(ui: ReactNode, permissions: AnyPermission[] = ['Chatbot_VIEW']) {
  const { Wrapper, queryClient } = withSession(permissions);
  const view = render(<Wrapper>{ui}</Wrapper>);
  return { ...view, queryClient, user: userEvent.setup() };
}

export const healthy = {
  healthy: true,
  index: { ready: true, document_count: 8, chunk_count: 73 },
  answer_mode: 'extractive',
  llm: { configured: false, reachable: null, model: null, message: null },
};

export const stpReply: ChatReply = {
  answer: 'STP stands for straight-through processing. [1]',
  sources: [
    {
      source: '03-card-products.md',
      page: 1,
      content: 'STP stands for straight-through processing.',
    },
  ],
  conversation_id: 'conversation-1',
  processing_time: 0.02,
  token_count: 7,
};
