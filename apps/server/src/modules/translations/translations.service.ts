import {
  ISSUER_LANGUAGES,
  type MyLanguage,
  type TranslationBundle,
  type TranslationEntry,
  type TranslationLanguage,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { IssuersService } from '../issuers/issuers.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { catalogue } from './catalogue.js';
import { type TranslationOverrideRow, createTranslationsRepo } from './translations.repo.js';

const ENGLISH = 'en';

function entryOf(
  key: string,
  shipped: Readonly<Record<string, string>> | undefined,
  override: TranslationOverrideRow | undefined,
  language: string,
): TranslationEntry {
  const shippedText = language === ENGLISH ? key : (shipped?.[key] ?? null);
  return {
    key,
    shipped: shippedText,
    override: override?.text ?? null,
    effective: override?.text ?? shippedText ?? key,
    status: override ? 'overridden' : shippedText === null ? 'missing' : 'translated',
    updatedBy: override?.updatedByUsername ?? null,
    updatedAt: override?.updatedAt.toISOString() ?? null,
  };
}

/**
 * The UI's translations (SPEC §2 Analysis admin, translations; issue texts: admins override any
 * string per language, effective without a rebuild; missing keys fall back to English and are
 * listed). A bundle is rebuilt only when its language's overrides change, which every node
 * notices from the database (no in-process invalidation to miss on another node).
 */
export function createTranslationsService(
  db: Database,
  deps: { systemLogs: SystemLogsService; issuers: Pick<IssuersService, 'findById'> },
) {
  const repo = createTranslationsRepo(db);
  const bundles = new Map<string, TranslationBundle>();

  function knownKey(key: string): void {
    if (!catalogue().keySet.has(key))
      throw AppError.badRequest(`"${key.slice(0, 80)}" is not a string of the UI.`, 'key');
  }

  async function entry(language: string, key: string): Promise<TranslationEntry> {
    const override = await repo.findOverride(language, key);
    return entryOf(key, catalogue().shipped.get(language), override, language);
  }

  async function issuerLanguage(actor: Actor): Promise<string | null> {
    const issuers = await Promise.all(actor.issuerIds.map((id) => deps.issuers.findById(id)));
    const first = issuers
      .filter((issuer) => issuer !== undefined)
      .sort((a, b) => a.name.localeCompare(b.name))[0];
    return first?.language ?? null;
  }

  async function myLanguage(actor: Actor): Promise<MyLanguage> {
    const [chosen, ofIssuer] = await Promise.all([
      repo.userLanguage(actor.userId),
      issuerLanguage(actor),
    ]);
    const known = (language: string | null) =>
      language !== null && ISSUER_LANGUAGES.some((l) => l.key === language) ? language : null;
    return {
      chosen,
      issuerLanguage: ofIssuer,
      effective: known(chosen) ?? known(ofIssuer) ?? ENGLISH,
    };
  }

  return {
    async bundle(language: string): Promise<TranslationBundle> {
      const version = await repo.overridesStamp(language);
      const cached = bundles.get(language);
      if (cached?.version === version) return cached;
      const strings: Record<string, string> = { ...catalogue().shipped.get(language) };
      for (const row of await repo.listOverrides(language)) {
        // An override of a string the UI no longer has is kept (the admin's work) but not sent.
        if (catalogue().keySet.has(row.key)) strings[row.key] = row.text;
      }
      const bundle = { language, version, strings };
      bundles.set(language, bundle);
      return bundle;
    },

    async languages(): Promise<TranslationLanguage[]> {
      const { keys, keySet, shipped } = catalogue();
      const overridden = new Map<string, Set<string>>();
      for (const { language, key } of await repo.overriddenKeys()) {
        if (!overridden.has(language)) overridden.set(language, new Set());
        overridden.get(language)!.add(key);
      }
      return ISSUER_LANGUAGES.map(({ key, name }) => {
        const strings = shipped.get(key);
        const overrides = overridden.get(key) ?? new Set<string>();
        const missing =
          key === ENGLISH
            ? 0
            : keys.filter((k) => strings?.[k] === undefined && !overrides.has(k)).length;
        return {
          key,
          name,
          shipped: key === ENGLISH || strings !== undefined,
          total: keys.length,
          missing,
          // As the bundle: an override of a string the UI no longer has is not counted.
          overridden: [...overrides].filter((k) => keySet.has(k)).length,
        };
      });
    },

    async entries(language: string): Promise<TranslationEntry[]> {
      const overrides = new Map((await repo.listOverrides(language)).map((row) => [row.key, row]));
      const shipped = catalogue().shipped.get(language);
      return catalogue().keys.map((key) => entryOf(key, shipped, overrides.get(key), language));
    },

    async setOverride(
      actor: Actor,
      body: { language: string; key: string; text: string },
    ): Promise<TranslationEntry> {
      knownKey(body.key);
      const before = await repo.findOverride(body.language, body.key);
      await repo.saveOverride({
        ...body,
        updatedBy: actor.userId,
        updatedByUsername: actor.username,
      });
      await deps.systemLogs.record(actor, {
        action: 'TranslationOverridden',
        entityType: 'Translation',
        entityId: `${body.language}:${body.key.slice(0, 200)}`,
        entityName: body.key.slice(0, 200),
        before: before ? { text: before.text } : null,
        after: { language: body.language, key: body.key, text: body.text },
      });
      return entry(body.language, body.key);
    },

    async removeOverride(
      actor: Actor,
      query: { language: string; key: string },
    ): Promise<TranslationEntry> {
      knownKey(query.key);
      const before = await repo.findOverride(query.language, query.key);
      if (!before) throw AppError.notFound('That string has no override in this language.');
      await repo.removeOverride(query.language, query.key);
      await deps.systemLogs.record(actor, {
        action: 'TranslationOverrideRemoved',
        entityType: 'Translation',
        entityId: `${query.language}:${query.key.slice(0, 200)}`,
        entityName: query.key.slice(0, 200),
        before: { text: before.text },
        after: null,
      });
      return entry(query.language, query.key);
    },

    myLanguage,

    async setMyLanguage(actor: Actor, language: string | null): Promise<MyLanguage> {
      await repo.setUserLanguage(actor.userId, language);
      return myLanguage(actor);
    },
  };
}
