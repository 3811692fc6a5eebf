import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { inTransaction } from '../../db/transaction.js';
import { aiPrompts } from './ai-prompt.schema.js';

export type AiPromptRow = typeof aiPrompts.$inferSelect;
type NewVersion = {
  purpose: string;
  name: string;
  content: string;
  updatedBy: string;
  savedByUsername: string;
};

export function createAiPromptsRepo(db: Database) {
  /** Makes `id` its purpose's one active prompt (the partial unique index allows one). */
  async function activateIn(tx: Database, row: AiPromptRow): Promise<AiPromptRow> {
    await tx
      .update(aiPrompts)
      .set({ isActive: false, updatedAt: new Date() })
      .where(
        and(
          eq(aiPrompts.purpose, row.purpose),
          eq(aiPrompts.isActive, true),
          ne(aiPrompts.id, row.id),
        ),
      );
    const [active] = await tx
      .update(aiPrompts)
      .set({ isActive: true, updatedAt: new Date() })
      .where(eq(aiPrompts.id, row.id))
      .returning();
    return active!;
  }

  return {
    async findActive(purpose: string): Promise<AiPromptRow | undefined> {
      const [row] = await db
        .select()
        .from(aiPrompts)
        .where(and(eq(aiPrompts.purpose, purpose), eq(aiPrompts.isActive, true)));
      return row;
    },
    async findById(id: string): Promise<AiPromptRow | undefined> {
      const [row] = await db.select().from(aiPrompts).where(eq(aiPrompts.id, id));
      return row;
    },
    /** Every version, newest first. A handful per purpose: no paging. */
    async list(): Promise<AiPromptRow[]> {
      return db.select().from(aiPrompts).orderBy(aiPrompts.purpose, desc(aiPrompts.createdAt));
    },
    /** Saves a new version, and activates it in the same transaction when asked. */
    async insertVersion(values: NewVersion, activate: boolean): Promise<AiPromptRow> {
      return inTransaction(db, async (tx) => {
        const [row] = await tx.insert(aiPrompts).values(values).returning();
        return activate ? activateIn(tx, row!) : row!;
      });
    },
    async activate(row: AiPromptRow): Promise<AiPromptRow> {
      return inTransaction(db, (tx) => activateIn(tx, row));
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
