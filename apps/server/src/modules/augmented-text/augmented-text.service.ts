import type { AiPromptPurpose, AugmentedText, AugmentedTextStatus } from '@b2b/contract';
import type { Actor } from '../../lib/actor.js';
import type { AiPromptsService } from '../ai-prompts/ai-prompts.service.js';
import type { InsightsService } from '../insights/insights.service.js';
import { narrativeFigures, templateNarrative } from './summary-narrative.js';

type NarrativeModel = {
  model: string;
  complete: (
    messages: { role: 'system' | 'user'; content: string }[],
  ) => Promise<{ content: string }>;
};

const PURPOSE: AiPromptPurpose = 'job-summary-narrative';

/**
 * Augmented text (SPEC §7 System, /api/v1/augmented-text): a narrative of a job's summary for
 * the summary tab, written by the configured model from the active narrative prompt, or by a
 * deterministic template offline. A model that fails falls back to the template and says why,
 * so the banker always gets a text whose figures match the screen.
 */
export function createAugmentedTextService(deps: {
  insights: Pick<InsightsService, 'summary'>;
  aiPrompts: Pick<AiPromptsService, 'activePrompt'>;
  model: NarrativeModel | null;
}) {
  return {
    async status(): Promise<AugmentedTextStatus> {
      return {
        promptSelected: Boolean(await deps.aiPrompts.activePrompt(PURPOSE)),
        modelConfigured: deps.model !== null,
      };
    },

    async write(actor: Actor, jobId: string): Promise<AugmentedText> {
      // The summary call checks the actor may see the job (and hides what they may not).
      const summary = await deps.insights.summary(actor, jobId, {
        slicer: 'Overall',
        slicerValue: 'All',
        product: 'All',
      });
      const template = (note: string | null): AugmentedText => ({
        text: templateNarrative(summary),
        writtenBy: 'template',
        model: null,
        promptName: null,
        note,
      });
      const prompt = await deps.aiPrompts.activePrompt(PURPOSE);
      if (!deps.model || !prompt) return template(null);
      try {
        const answer = await deps.model.complete([
          { role: 'system', content: prompt.content },
          { role: 'user', content: narrativeFigures(summary) },
        ]);
        return {
          text: answer.content,
          writtenBy: 'model',
          model: deps.model.model,
          promptName: prompt.name,
          note: null,
        };
      } catch (error) {
        return template(
          `The model did not answer (${(error as Error).message}); this is the offline template's text.`,
        );
      }
    },
  };
}
