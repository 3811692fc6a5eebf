import { and, count, eq, max } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { translationOverrides, userLanguages } from './translation.schema.js';

export type TranslationOverrideRow = typeof translationOverrides.$inferSelect;

export function createTranslationsRepo(db: Database) {
  return {
    listOverrides: (language: string) =>
      db.select().from(translationOverrides).where(eq(translationOverrides.language, language)),

    /** Every override's language and key: the Translations screen's counts per language. */
    overriddenKeys: () =>
      db
        .select({ language: translationOverrides.language, key: translationOverrides.key })
        .from(translationOverrides),

    /** Changes whenever an override of the language is saved or removed (any node's). */
    async overridesStamp(language: string): Promise<string> {
      const [row] = await db
        .select({ n: count(), latest: max(translationOverrides.updatedAt) })
        .from(translationOverrides)
        .where(eq(translationOverrides.language, language));
      return `${Number(row?.n ?? 0)}-${row?.latest ? new Date(row.latest).getTime() : 0}`;
    },

    async findOverride(language: string, key: string) {
      const [row] = await db
        .select()
        .from(translationOverrides)
        .where(and(eq(translationOverrides.language, language), eq(translationOverrides.key, key)));
      return row;
    },

    async saveOverride(row: {
      language: string;
      key: string;
      text: string;
      updatedBy: string;
      updatedByUsername: string;
    }): Promise<TranslationOverrideRow> {
      const values = { ...row, updatedAt: new Date() };
      const [saved] = await db
        .insert(translationOverrides)
        .values(values)
        .onConflictDoUpdate({
          target: [translationOverrides.language, translationOverrides.key],
          set: values,
        })
        .returning();
      return saved!;
    },

    async removeOverride(language: string, key: string): Promise<boolean> {
      const removed = await db
        .delete(translationOverrides)
        .where(and(eq(translationOverrides.language, language), eq(translationOverrides.key, key)))
        .returning({ key: translationOverrides.key });
      return removed.length > 0;
    },

    async userLanguage(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ language: userLanguages.language })
        .from(userLanguages)
        .where(eq(userLanguages.userId, userId));
      return row?.language ?? null;
    },

    async setUserLanguage(userId: string, language: string | null): Promise<void> {
      if (language === null) {
        await db.delete(userLanguages).where(eq(userLanguages.userId, userId));
        return;
      }
      const values = { userId, language, updatedAt: new Date() };
      await db
        .insert(userLanguages)
        .values(values)
        .onConflictDoUpdate({ target: userLanguages.userId, set: values });
    },
  };
}
