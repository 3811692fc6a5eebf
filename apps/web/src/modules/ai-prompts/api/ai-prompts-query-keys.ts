/** Query keys of the AI prompts screens. */
export const aiPromptsQueryKeys = {
  all: ['ai-prompts'] as const,
  list: ['ai-prompts', 'list'] as const,
  prompt: (id: string) => ['ai-prompts', 'prompt', id] as const,
};
