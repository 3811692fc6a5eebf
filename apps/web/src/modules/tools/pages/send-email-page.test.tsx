import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';
import { toolsProfile } from '../test/tools-fixtures';

const transport = {
  'GET /api/v1/tools/send-email': {
    body: { transport: 'smtp', from: 'Ops <ops@b2b.example>', server: 'mail.example:587' },
  },
};

describe('SendEmailPage', () => {
  it('shows the SMTP server, sends the e-mail and shows the server’s answer', async () => {
    const fetchMock = mockApi({
      ...signedInApi(toolsProfile),
      ...transport,
      'POST /api/v1/tools/send-email': {
        body: {
          transport: 'smtp',
          from: 'Ops <ops@b2b.example>',
          to: 'alice@example.net',
          status: 'permanent',
          response: '550 5.1.1 Mailbox does not exist',
          at: '2026-11-27T08:00:00.000Z',
        },
      },
    });
    renderApp('/tools/send-email');
    const facts = await screen.findByLabelText('Mail transport', { selector: 'dl' });
    expect(within(facts).getByText('SMTP server mail.example:587')).toBeTruthy();
    expect(within(facts).getByText('Ops <ops@b2b.example>')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /^To/ }), 'alice@example.net');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Refused: 550 5.1.1 Mailbox does not exist')).toBeTruthy();
    const body = callsTo(fetchMock, 'POST', '/api/v1/tools/send-email')[0]![1]!.body;
    expect(JSON.parse(String(body))).toEqual({
      to: 'alice@example.net',
      subject: 'Test e-mail from B2B Analytics',
      text: 'This is a test e-mail sent from the Tools area.',
    });
  });
});

describe('ToolsLandingPage', () => {
  it('shows a card for each tool the user may open', async () => {
    mockApi({
      ...signedInApi({
        ...toolsProfile,
        permissions: ['StandardLayoutNavbar_VIEW', 'Tools_Area_VIEW'],
      }),
    });
    renderApp('/tools');
    expect(await screen.findByRole('link', { name: /AI Address Parser/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Send Email/ })).toBeTruthy();
    // The validator needs Address_Validator_VIEW too.
    expect(screen.queryByRole('link', { name: /Address Validator/ })).toBeNull();
  });
});
