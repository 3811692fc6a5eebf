import type { AiPrompt, CurrentUserProfile } from '@b2b/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const admin: CurrentUserProfile = {
  ...issuerProfile,
  permissions: [
    'StandardLayoutNavbar_VIEW',
    'Analysis_Admin_Area_VIEW',
    'Analysis_Admin_AiPrompts_CRUD',
  ],
};

const ID = '5b0c2d1e-1111-4222-8333-444455556666';
const shipped: AiPrompt = {
  id: ID,
  purpose: 'chat-system',
  name: 'Chat assistant system prompt',
  content: 'Answer from the passages.',
  isActive: true,
  shipped: true,
  savedBy: null,
  createdAt: '2026-11-28T09:00:00.000Z',
};

describe('AI prompts pages', () => {
  it('lists each purpose’s versions with the active one marked', async () => {
    const { content, ...item } = shipped;
    mockApi({
      ...signedInApi(admin),
      'GET /api/v1/ai-prompts': { body: [{ ...item, contentChars: content.length }] },
    });
    renderApp('/admin/analysis-admin/ai-prompts');
    const table = await screen.findByRole('table', {
      name: 'Chat assistant system prompt versions',
    });
    expect(within(table).getByText('Active')).toBeTruthy();
    expect(within(table).getByText('Shipped with the product')).toBeTruthy();
    expect(
      within(table)
        .getByRole('link', { name: 'Chat assistant system prompt' })
        .getAttribute('href'),
    ).toBe(`/admin/analysis-admin/ai-prompts/${ID}`);
  });

  it('tries a version and labels an offline check as one', async () => {
    const fetchMock = mockApi({
      ...signedInApi(admin),
      [`GET /api/v1/ai-prompts/${ID}`]: { body: shipped },
      [`POST /api/v1/ai-prompts/${ID}/test`]: {
        body: { mode: 'offline', model: null, output: 'No model is configured.', millis: 1 },
      },
    });
    renderApp(`/admin/analysis-admin/ai-prompts/${ID}`);
    const user = userEvent.setup();
    expect(await screen.findByText('Answer from the passages.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Activate' }).hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Sample input'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Offline check: no model answered')).toBeTruthy();
    const [[, init]] = callsTo(fetchMock, 'POST', `/api/v1/ai-prompts/${ID}/test`);
    expect(JSON.parse(String(init?.body))).toEqual({ input: 'Hello' });
  });

  it('starts a new version from a saved one and shows the server’s message at its field', async () => {
    const fetchMock = mockApi({
      ...signedInApi(admin),
      [`GET /api/v1/ai-prompts/${ID}`]: { body: shipped },
      'POST /api/v1/ai-prompts': {
        status: 400,
        body: {
          success: false,
          statusCode: 400,
          code: 'validation',
          message: 'content must not be empty',
          errors: [{ field: 'body.content', message: 'content must not be empty' }],
        },
      },
    });
    renderApp(`/admin/analysis-admin/ai-prompts/create?from=${ID}`);
    const user = userEvent.setup();
    const prompt = await screen.findByRole('textbox', { name: /^Prompt/ });
    expect((prompt as HTMLTextAreaElement).value).toBe('Answer from the passages.');
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Chat assistant system prompt (edited)',
    );
    await user.click(screen.getByRole('button', { name: 'Save version' }));
    expect(await screen.findByText('content must not be empty')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/v1/ai-prompts')).toHaveLength(1));
  });
});
