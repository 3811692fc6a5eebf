import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../../test/mock-api';
import { backToEnglish, GERMAN } from '../../test/german';
import { LanguageGate, startFirstStrings } from './language-gate';

const BUNDLE = '/api/v1/translations/bundles/de';

function germanBundleApi() {
  // The language last used in this browser decides the first strings.
  window.localStorage.setItem('b2b.language', 'de');
  return mockApi({
    [`GET ${BUNDLE}`]: { body: { language: 'de', version: '1', strings: GERMAN } },
  });
}

afterEach(backToEnglish);

describe('LanguageGate', () => {
  it('shows its children in the remembered language once its strings have loaded', async () => {
    const fetchMock = germanBundleApi();
    render(<LanguageGate>shown</LanguageGate>);
    expect(screen.queryByText('shown')).toBeNull();
    expect(await screen.findByText('shown')).toBeTruthy();
    expect(document.documentElement.lang).toBe('de');
    expect(callsTo(fetchMock, 'GET', BUNDLE)).toHaveLength(1);
  });

  it('waits on the strings the app started loading rather than asking again', async () => {
    const fetchMock = germanBundleApi();
    startFirstStrings();
    expect(callsTo(fetchMock, 'GET', BUNDLE)).toHaveLength(1);
    render(<LanguageGate>shown</LanguageGate>);
    expect(await screen.findByText('shown')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', BUNDLE)).toHaveLength(1);
  });
});
