import { MESSAGES } from '@b2b/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultBranding } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { GERMAN, backToEnglish, germanUserApi } from '../../../test/german';
import { renderApp } from '../../../test/render-app';

const token = 'A'.repeat(43);
const path = `/api/v1/campaign-response/${token}`;
const page = {
  issuerName: 'Mastercard Issuing Demo',
  branding: { brandingKey: 'Mastercard', theme: 'mastercard', brandingDisplayName: 'Mastercard' },
  buyerName: 'Acme Manufacturing',
  cardProduct: 'Vcard',
  cardProductName: 'Virtual Card',
};
const sentBody = (fetchMock: ReturnType<typeof mockApi>) =>
  JSON.parse(String(callsTo(fetchMock, 'POST', path)[0]![1]!.body)) as unknown;
const gone = {
  status: 410,
  body: {
    success: false,
    message: MESSAGES.responseLinkGone,
    statusCode: 410,
    code: 'response-link-gone',
  },
};

describe('SupplierResponsePage', () => {
  it('shows who asks for which card product, signed out, and sends the acceptance', async () => {
    const fetchMock = mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`GET ${path}`]: { body: page },
      [`POST ${path}`]: { body: { answer: 'Accept', message: 'Thank you. We have recorded it.' } },
    });
    renderApp(`/campaign-response/${token}`);
    expect(
      await screen.findByRole('heading', {
        name: 'Acme Manufacturing would like to pay you by Virtual Card',
      }),
    ).toBeTruthy();
    expect(screen.getByText(/Mastercard Issuing Demo issues the Virtual Card/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Yes, accept Virtual Card' }));
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect((await screen.findByRole('heading', { name: 'Thank you' })).textContent).toBe(
      'Thank you',
    );
    expect(screen.getByText('Thank you. We have recorded it.')).toBeTruthy();
    expect(sentBody(fetchMock)).toEqual({ answer: 'Accept' });
  });

  it('asks for a reason before it sends a decline', async () => {
    const fetchMock = mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`GET ${path}`]: { body: page },
      [`POST ${path}`]: { body: { answer: 'Decline', message: 'Recorded.' } },
    });
    renderApp(`/campaign-response/${token}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'No, decline' }));
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    expect(screen.getByText('Please give a reason to decline.')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', path)).toHaveLength(0);
    await user.type(screen.getByLabelText('Why not? (required)'), 'We only take transfers');
    await user.click(screen.getByRole('button', { name: 'Send my answer' }));
    await screen.findByText('Recorded.');
    expect(sentBody(fetchMock)).toEqual({
      answer: 'Decline',
      reason: 'We only take transfers',
    });
  });

  it('says an expired or used link can no longer be used, and shows nothing else', async () => {
    mockApi({
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`GET ${path}`]: gone,
    });
    renderApp(`/campaign-response/${token}`);
    expect(
      await screen.findByRole('heading', { name: 'This link can no longer be used' }),
    ).toBeTruthy();
    expect(screen.getByText(MESSAGES.responseLinkGone)).toBeTruthy();
    expect(screen.queryByText(/Acme/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send my answer' })).toBeNull();
  });
});

describe('SupplierResponsePage in German', () => {
  afterEach(backToEnglish);

  it("thanks the supplier in the language this browser last used, as the server's text", async () => {
    // Signed out: the language last used in this browser.
    window.localStorage.setItem('b2b.language', 'de');
    mockApi({
      ...germanUserApi(),
      'GET /api/v2/brandings/by-domain': { body: defaultBranding },
      [`GET ${path}`]: { body: page },
      [`POST ${path}`]: {
        body: { answer: 'CallMe', message: 'Thank you. We will call you to talk it through.' },
      },
    });
    renderApp(`/campaign-response/${token}`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: GERMAN['Please call me'] }));
    await user.click(screen.getByRole('button', { name: GERMAN['Send my answer'] }));
    expect(
      await screen.findByText('Vielen Dank. Wir rufen Sie an, um alles zu besprechen.'),
    ).toBeTruthy();
  });
});
