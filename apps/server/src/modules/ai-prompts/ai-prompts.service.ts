import {
  AI_PROMPT_PURPOSE_INFO,
  type AiPrompt,
  type AiPromptListItem,
  type AiPromptPurpose,
  type AiPromptTestResult,
  type CreateAiPrompt,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { type AiPromptRow, createAiPromptsRepo } from './ai-prompts.repo.js';
import {
  AI_PROMPT_PURPOSES,
  DEFAULT_CHAT_SYSTEM_PROMPT,
  DEFAULT_JOB_SUMMARY_NARRATIVE_PROMPT,
} from './default-prompts.js';

const SHIPPED = [
  {
    purpose: AI_PROMPT_PURPOSES.chatSystem,
    name: 'Chat assistant system prompt',
    content: DEFAULT_CHAT_SYSTEM_PROMPT,
  },
  {
    purpose: AI_PROMPT_PURPOSES.jobSummaryNarrative,
    name: 'Job summary narrative',
    content: DEFAULT_JOB_SUMMARY_NARRATIVE_PROMPT,
  },
];

/** The model the test box runs a prompt on: the chat's configured one, when there is one. */
type PromptModel = {
  model: string;
  complete: (
    messages: { role: 'system' | 'user'; content: string }[],
  ) => Promise<{ content: string }>;
};

/** A rough count: about four characters a token in English prose. */
const tokensOf = (text: string) => Math.ceil(text.length / 4);

function present(row: AiPromptRow): AiPrompt {
  return {
    id: row.id,
    purpose: row.purpose as AiPromptPurpose,
    name: row.name,
    content: row.content,
    isActive: row.isActive,
    shipped: row.shipped,
    savedBy: row.savedByUsername,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The prompts other modules send to a model, and their admin (SPEC §2 Analysis admin,
 * ai-prompts): versions are never edited, a change is a new version, and one version per
 * purpose is active — the one `getActivePromptContent` answers from the next request on.
 */
export function createAiPromptsService(
  db: Database,
  deps: { systemLogs: SystemLogsService; model: PromptModel | null },
) {
  const repo = createAiPromptsRepo(db);

  async function version(id: string): Promise<AiPromptRow> {
    const row = await repo.findById(id);
    if (!row || !(row.purpose in AI_PROMPT_PURPOSE_INFO))
      throw AppError.notFound('No such prompt.');
    return row;
  }

  return {
    /** The active prompt of a purpose, or the shipped default when none is active. */
    async getActivePromptContent(purpose: string): Promise<string> {
      const row = await repo.findActive(purpose);
      if (row) return row.content;
      return SHIPPED.find((p) => p.purpose === purpose)?.content ?? '';
    },
    /** The active prompt of a purpose (name and text), if one is selected. */
    async activePrompt(purpose: string): Promise<{ name: string; content: string } | undefined> {
      const row = await repo.findActive(purpose);
      return row && { name: row.name, content: row.content };
    },
    /** Installs the shipped defaults once (idempotent; run at start). */
    async installShippedPrompts(): Promise<void> {
      for (const prompt of SHIPPED) {
        await repo.insertShippedIfMissing(prompt.purpose, prompt.name, prompt.content);
      }
    },

    async list(): Promise<AiPromptListItem[]> {
      const rows = await repo.list();
      return rows
        .filter((r) => r.purpose in AI_PROMPT_PURPOSE_INFO)
        .map((r) => {
          const { content, ...item } = present(r);
          return { ...item, contentChars: content.length };
        });
    },

    async get(id: string): Promise<AiPrompt> {
      return present(await version(id));
    },

    async create(actor: Actor, body: Required<CreateAiPrompt>): Promise<AiPrompt> {
      const row = await repo.insertVersion(
        {
          purpose: body.purpose,
          name: body.name,
          content: body.content,
          updatedBy: actor.userId,
          savedByUsername: actor.username,
        },
        body.activate,
      );
      await deps.systemLogs.record(actor, {
        action: body.activate ? 'AiPromptSavedAndActivated' : 'AiPromptSaved',
        entityType: 'AiPrompt',
        entityId: row.id,
        entityName: row.name,
        after: { purpose: row.purpose, name: row.name, content: row.content },
      });
      return present(row);
    },

    async activate(actor: Actor, id: string): Promise<AiPrompt> {
      const row = await version(id);
      const before = await repo.findActive(row.purpose);
      const active = await repo.activate(row);
      await deps.systemLogs.record(actor, {
        action: 'AiPromptActivated',
        entityType: 'AiPrompt',
        entityId: row.id,
        entityName: row.name,
        before: before ? { activeVersion: before.id, name: before.name } : null,
        after: { activeVersion: row.id, name: row.name },
      });
      return present(active);
    },

    /**
     * Runs a version on sample input: the prompt as the system message, the input as the user's.
     * Offline (no model configured) it checks the prompt instead and says so — a test box that
     * made up an answer would mislead the person tuning the prompt.
     */
    async test(id: string, input: string): Promise<AiPromptTestResult> {
      const row = await version(id);
      const started = Date.now();
      if (!deps.model) {
        return {
          mode: 'offline',
          model: null,
          output: [
            'No model is configured (LLM_BASE_URL), so nothing was sent. Offline check:',
            `- the prompt has ${row.content.length.toLocaleString('en-GB')} characters, about ${tokensOf(row.content).toLocaleString('en-GB')} tokens;`,
            `- your input adds about ${tokensOf(input).toLocaleString('en-GB')} tokens;`,
            `- it would be sent as the system message, followed by your input as the user's message.`,
          ].join('\n'),
          millis: Date.now() - started,
        };
      }
      try {
        const answer = await deps.model.complete([
          { role: 'system', content: row.content },
          { role: 'user', content: input },
        ]);
        return {
          mode: 'model',
          model: deps.model.model,
          output: answer.content,
          millis: Date.now() - started,
        };
      } catch (error) {
        throw AppError.conflict(`The model did not answer: ${(error as Error).message}`);
      }
    },
  };
}
export type AiPromptsService = ReturnType<typeof createAiPromptsService>;
