import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { aiPrompts } from './ai-prompt.schema.js';

export type AiPromptRow = typeof aiPrompts.$inferSelect;

export function createAiPromptsRepo(db: Database) {
  return {
    async findActive(purpose: string): Promise<AiPromptRow | undefined> {
      const [row] = await db
        .select()
        .from(aiPrompts)
        .where(and(eq(aiPrompts.purpose, purpose), eq(aiPrompts.isActive, true)));
      return row;
    },
    /**
     * Installs the shipped prompt of a purpose once; it becomes active only when no other prompt
     * of that purpose is. Safe when several processes start together (unique partial indexes).
     */
    async insertShippedIfMissing(purpose: string, name: string, content: string): Promise<void> {
      const [active] = await db
        .select({ id: aiPrompts.id })
        .from(aiPrompts)
        .where(and(eq(aiPrompts.purpose, purpose), eq(aiPrompts.isActive, true)));
      await db
        .insert(aiPrompts)
        .values({ purpose, name, content, shipped: true, isActive: !active })
        .onConflictDoNothing();
    },
  };
}
