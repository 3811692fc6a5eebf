import { act } from '@testing-library/react';
import german from '../../../server/src/modules/translations/catalogue/de.json';
import { applyLanguage } from '../lib/i18n';
import type { MockRoute } from './mock-api';

/** The shipped German (the server's catalogue), as the bundle call answers it without overrides. */
export const GERMAN: Record<string, string> = german;

/**
 * A signed-in user who chose German: the user-language call says so and the bundle call answers
 * the shipped German. Spread it after signedInApi; put English back after the test
 * (`backToEnglish`), the UI's language being the app's one.
 */
export function germanUserApi(): Record<string, MockRoute> {
  return {
    'GET /api/v1/users/user-language': {
      body: { chosen: 'de', issuerLanguage: 'en', effective: 'de' },
    },
    'GET /api/v1/translations/bundles/de': {
      body: { language: 'de', version: '1', strings: GERMAN },
    },
  };
}

/** English again for the next test: in afterEach of a file that shows German. */
export async function backToEnglish(): Promise<void> {
  await act(() => applyLanguage({ language: 'en', strings: {} }));
  window.localStorage.clear();
}
