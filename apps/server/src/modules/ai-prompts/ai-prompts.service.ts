import type { Database } from '../../db/client.js';
import { createAiPromptsRepo } from './ai-prompts.repo.js';
import { AI_PROMPT_PURPOSES, DEFAULT_CHAT_SYSTEM_PROMPT } from './default-prompts.js';

const SHIPPED = [
  {
    purpose: AI_PROMPT_PURPOSES.chatSystem,
    name: 'Chat assistant system prompt',
    content: DEFAULT_CHAT_SYSTEM_PROMPT,
  },
];

/** The prompts other modules send to a model; the admin screens edit the same table. */
export function createAiPromptsService(db: Database) {
  const repo = createAiPromptsRepo(db);
  return {
    /** The active prompt of a purpose, or the shipped default when none is active. */
    async getActivePromptContent(purpose: string): Promise<string> {
      const row = await repo.findActive(purpose);
      if (row) return row.content;
      return SHIPPED.find((p) => p.purpose === purpose)?.content ?? '';
    },
    /** Installs the shipped defaults once (idempotent; run at start). */
    async installShippedPrompts(): Promise<void> {
      for (const prompt of SHIPPED) {
        await repo.insertShippedIfMissing(prompt.purpose, prompt.name, prompt.content);
      }
    },
  };
}
export type AiPromptsService = ReturnType<typeof createAiPromptsService>;
