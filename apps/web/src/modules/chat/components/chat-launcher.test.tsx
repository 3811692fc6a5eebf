import { CHAT_LIMITS } from '@b2b/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { chatHealthQueryOptions } from '../api/get-chat-health';
import { healthy, renderWithSession } from '../../../test/chat-test-support';
import { ChatLauncher } from './chat-launcher';

const failing = { status: 500, body: { success: false, message: 'down', statusCode: 500 } };

describe('ChatLauncher', () => {
  it('shows the chat button to Chatbot_VIEW holders when the health check passes, and opens the panel', async () => {
    mockApi({ 'GET /chat/health-check': { body: healthy } });
    const { user } = renderWithSession(<ChatLauncher />);
    const button = await screen.findByRole('button', { name: 'Open chat assistant' });
    expect(button.getAttribute('data-health')).toBe('ok');
    await user.click(button);
    expect(screen.getByRole('dialog', { name: 'Chat assistant' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not there for users without Chatbot_VIEW, who never call the health check', async () => {
    const fetchMock = mockApi({ 'GET /chat/health-check': { body: healthy } });
    renderWithSession(<ChatLauncher />, ['Dashboard_VIEW']);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button')).toBeNull();
    expect(callsTo(fetchMock, 'GET', '/chat/health-check')).toHaveLength(0);
  });

  it('is hidden when the health check fails or the index is not ready', async () => {
    const fetchMock = mockApi({ 'GET /chat/health-check': failing });
    renderWithSession(<ChatLauncher />);
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/chat/health-check')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button')).toBeNull();

    mockApi({ 'GET /chat/health-check': { body: { ...healthy, healthy: false } } });
    renderWithSession(<ChatLauncher />);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows red to Chatbot_ErrorState_VIEW holders when the health check fails', async () => {
    mockApi({ 'GET /chat/health-check': failing });
    renderWithSession(<ChatLauncher />, ['Chatbot_VIEW', 'Chatbot_ErrorState_VIEW']);
    const button = await screen.findByRole('button', { name: /unavailable/ });
    expect(button.getAttribute('data-health')).toBe('failing');
    // The theme's error red (MUI default #d32f2f without a branding theme).
    expect(window.getComputedStyle(button).backgroundColor).toMatch(/#d32f2f|rgb\(211, 47, 47\)/i);
  });

  it('checks the health every 180000 ms', () => {
    expect(chatHealthQueryOptions().refetchInterval).toBe(CHAT_LIMITS.healthCheckIntervalMs);
    expect(CHAT_LIMITS.healthCheckIntervalMs).toBe(180000);
  });
});
