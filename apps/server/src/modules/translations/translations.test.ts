import type {
  MyLanguage,
  TranslationBundle,
  TranslationEntry,
  TranslationLanguage,
} from '@b2b/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { newIssuer } from '../../../test/issuer-requests.js';
import { users } from '../users/user.schema.js';
import { catalogue } from './catalogue.js';

const t = useTestApp();
const BASE = '/api/v1/translations';
/** A string every screen has (the frame's user menu) and its shipped German. */
const KEY = 'Profile';

let admin: string;
let issuer: string;
beforeAll(async () => {
  [admin, issuer] = await Promise.all([
    t.signIn('sysadmin@example.com'),
    t.signIn('issuer@example.com'),
  ]);
});

const bundle = async (language: string) => {
  const response = await t.request({ url: `${BASE}/bundles/${language}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TranslationBundle>();
};
const override = (payload: Record<string, unknown>, cookie = admin) =>
  t.request({ method: 'PUT', url: `${BASE}/overrides`, cookie, payload });
const removeOverride = (language: string, key: string, cookie = admin) =>
  t.request({
    method: 'DELETE',
    url: `${BASE}/overrides?language=${language}&key=${encodeURIComponent(key)}`,
    cookie,
  });

describe('translations (SPEC §2 Analysis admin, translations)', () => {
  it('serves a shipped language to anyone, and English as its keys with no strings', async () => {
    const german = await bundle('de');
    expect(german.strings[KEY]).toBe('Profil');
    expect(Object.keys(german.strings)).toHaveLength(catalogue().keys.length);
    expect((await bundle('en')).strings).toEqual({});
    // A language the product does not ship is English until admins override strings.
    expect((await bundle('pl')).strings).toEqual({});
  });

  it('applies an override to the bundle at once, and removing it restores the shipped text', async () => {
    const before = (await bundle('de')).version;
    const saved = await override({ language: 'de', key: KEY, text: 'Mein Profil' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TranslationEntry>()).toMatchObject({
      key: KEY,
      shipped: 'Profil',
      override: 'Mein Profil',
      effective: 'Mein Profil',
      status: 'overridden',
      updatedBy: 'sysadmin@example.com',
    });
    const after = await bundle('de');
    expect(after.strings[KEY]).toBe('Mein Profil');
    expect(after.version).not.toBe(before);

    const removed = await removeOverride('de', KEY);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<TranslationEntry>()).toMatchObject({
      effective: 'Profil',
      status: 'translated',
    });
    expect((await bundle('de')).strings[KEY]).toBe('Profil');
    expect((await removeOverride('de', KEY)).statusCode).toBe(404);

    const audit = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: admin,
      payload: {
        filters: [{ propertyName: 'entityId', comparisonOperator: 'Equal', value: `de:${KEY}` }],
      },
    });
    expect(audit.json().collection.map((e: { action: string }) => e.action)).toEqual([
      'TranslationOverrideRemoved',
      'TranslationOverridden',
    ]);
  });

  it('overrides English too, and lists missing strings of a language the product does not ship', async () => {
    expect((await override({ language: 'en', key: KEY, text: 'My profile' })).statusCode).toBe(200);
    expect((await bundle('en')).strings).toEqual({ [KEY]: 'My profile' });
    expect((await override({ language: 'fr', key: KEY, text: 'Profil' })).statusCode).toBe(200);

    const languages = (await t.request({ url: `${BASE}/languages`, cookie: admin })).json<
      TranslationLanguage[]
    >();
    const total = catalogue().keys.length;
    expect(languages.find((l) => l.key === 'de')).toMatchObject({
      shipped: true,
      missing: 0,
      total,
    });
    expect(languages.find((l) => l.key === 'fr')).toMatchObject({
      shipped: false,
      missing: total - 1,
      overridden: 1,
    });
    const entries = (await t.request({ url: `${BASE}/languages/fr/entries`, cookie: admin })).json<
      TranslationEntry[]
    >();
    expect(entries).toHaveLength(total);
    expect(entries.find((e) => e.key === KEY)?.status).toBe('overridden');
    const missing = entries.find((e) => e.key !== KEY)!;
    expect(missing).toMatchObject({ shipped: null, override: null, status: 'missing' });
    expect(missing.effective).toBe(missing.key);

    await removeOverride('en', KEY);
    await removeOverride('fr', KEY);
  });

  it('refuses an unknown key or language and a blank text, saving nothing', async () => {
    const unknownKey = await override({ language: 'de', key: 'No such string', text: 'X' });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().message).toContain('is not a string of the UI');
    const unknownLanguage = await override({ language: 'xx', key: KEY, text: 'X' });
    expect(unknownLanguage.statusCode).toBe(400);
    expect(unknownLanguage.body).toContain('language');
    const blank = await override({ language: 'de', key: KEY, text: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('must not be blank');
    expect((await t.request({ url: `${BASE}/bundles/xx` })).statusCode).toBe(400);
    expect((await bundle('de')).strings[KEY]).toBe('Profil');
  });

  it('lets only Translations_VIEW read the catalogue and Translations_CRUD change it', async () => {
    expect((await t.request({ url: `${BASE}/languages`, cookie: issuer })).statusCode).toBe(403);
    expect(
      (await t.request({ url: `${BASE}/languages/de/entries`, cookie: issuer })).statusCode,
    ).toBe(403);
    expect((await override({ language: 'de', key: KEY, text: 'X' }, issuer)).statusCode).toBe(403);
    expect((await removeOverride('de', KEY, issuer)).statusCode).toBe(403);
    expect((await t.request({ url: `${BASE}/languages` })).statusCode).toBe(401);
  });

  it('shows a user their issuer’s language until they choose their own', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issuers',
      cookie: admin,
      payload: newIssuer({ name: 'Aachener Testbank', language: 'de' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const [client] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, 'client@example.com'));
    const assigned = await t.request({
      method: 'PUT',
      url: `/api/v1/issuers/${created.json().id}/users`,
      cookie: admin,
      payload: { userId: client!.id, userRole: 'Member' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const cookie = await t.signIn('client@example.com');
    const mine = () => t.request({ url: '/api/v1/users/user-language', cookie });
    expect((await mine()).json<MyLanguage>()).toEqual({
      chosen: null,
      issuerLanguage: 'de',
      effective: 'de',
    });
    const chose = await t.request({
      method: 'PUT',
      url: '/api/v1/users/user-language',
      cookie,
      payload: { language: 'fr' },
    });
    expect(chose.json<MyLanguage>()).toEqual({
      chosen: 'fr',
      issuerLanguage: 'de',
      effective: 'fr',
    });
    expect((await mine()).json<MyLanguage>().effective).toBe('fr');
    const back = await t.request({
      method: 'PUT',
      url: '/api/v1/users/user-language',
      cookie,
      payload: { language: null },
    });
    expect(back.json<MyLanguage>().effective).toBe('de');
    const bad = await t.request({
      method: 'PUT',
      url: '/api/v1/users/user-language',
      cookie,
      payload: { language: 'klingon' },
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.request({ url: '/api/v1/users/user-language' })).statusCode).toBe(401);
  });
});
