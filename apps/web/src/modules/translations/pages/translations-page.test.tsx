import type { CurrentUserProfile, TranslationEntry, TranslationLanguage } from '@b2b/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyLanguage, currentLanguage } from '../../../lib/i18n';
import { issuerProfile } from '../../../test/fixtures';
import { callsTo, mockApi } from '../../../test/mock-api';
import { renderApp } from '../../../test/render-app';
import { signedInApi } from '../../../test/signed-in-api';

const admin: CurrentUserProfile = {
  ...issuerProfile,
  permissions: [
    'StandardLayoutNavbar_VIEW',
    'Analysis_Admin_Area_VIEW',
    'Translations_CRUD',
    'Translations_VIEW',
  ],
};

const languages: TranslationLanguage[] = [
  { key: 'en', name: 'English', shipped: true, total: 2, missing: 0, overridden: 0 },
  { key: 'de', name: 'German', shipped: true, total: 2, missing: 1, overridden: 0 },
];
const entries: TranslationEntry[] = [
  {
    key: 'Profile',
    shipped: 'Profil',
    override: null,
    effective: 'Profil',
    status: 'translated',
    updatedBy: null,
    updatedAt: null,
  },
  {
    key: 'Logout',
    shipped: null,
    override: null,
    effective: 'Logout',
    status: 'missing',
    updatedBy: null,
    updatedAt: null,
  },
];

// The UI's language is the app's one: put English back for the next test file.
afterEach(async () => {
  await act(() => applyLanguage({ language: 'en', strings: {} }));
  window.localStorage.clear();
});

describe('Translations page', () => {
  it('lists a language’s strings, filters the missing ones and saves an override', async () => {
    let saved: unknown;
    const fetchMock = mockApi({
      ...signedInApi(admin),
      'GET /api/v1/translations/languages': { body: languages },
      'GET /api/v1/translations/languages/de/entries': { body: entries },
      'PUT /api/v1/translations/overrides': (request) => {
        saved = request.body;
        return {
          body: {
            ...entries[1],
            override: 'Abmelden',
            effective: 'Abmelden',
            status: 'overridden',
          },
        };
      },
    });
    renderApp('/admin/analysis-admin/translations');
    const table = await screen.findByRole('table', { name: 'Strings' });
    expect(within(table).getByText('Profil')).toBeTruthy();
    expect(screen.getByText(/1 missing/)).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Missing (shown in English)' }));
    await waitFor(() => expect(within(table).queryByText('Profil')).toBeNull());
    const row = within(table).getByRole('row', { name: /Logout/ });
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override a string' });
    const field = within(dialog).getByRole('textbox', { name: /Text shown in/ });
    await user.clear(field);
    await user.type(field, 'Abmelden');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ language: 'de', key: 'Logout', text: 'Abmelden' }));
    expect(callsTo(fetchMock, 'GET', '/api/v1/translations/languages/de/entries').length).toBe(2);
  });

  it('switches the whole UI to the language a user picks in the toolbar', async () => {
    let chosen: unknown;
    mockApi({
      ...signedInApi(admin),
      'GET /api/v1/translations/languages': { body: languages },
      'GET /api/v1/translations/languages/de/entries': { body: entries },
      'PUT /api/v1/users/user-language': (request) => {
        chosen = request.body;
        return { body: { chosen: 'de', issuerLanguage: 'en', effective: 'de' } };
      },
      'GET /api/v1/translations/bundles/de': {
        body: {
          language: 'de',
          version: '1',
          strings: { Translations: 'Übersetzungen', Strings: 'Texte', Language: 'Sprache' },
        },
      },
    });
    renderApp('/admin/analysis-admin/translations');
    await screen.findByRole('table', { name: 'Strings' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitem', { name: 'Deutsch' }));
    expect(await screen.findByRole('table', { name: 'Texte' })).toBeTruthy();
    expect(chosen).toEqual({ language: 'de' });
    expect(currentLanguage()).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(screen.getByRole('button', { name: 'Sprache' })).toBeTruthy();
  });
});
