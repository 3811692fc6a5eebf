import { z } from 'zod';

/**
 * What each prompt the product sends to a language model is for (SPEC §2 Analysis admin,
 * ai-prompts). The code asks for the active prompt of a purpose, so a prompt has one of these.
 */
export const AI_PROMPT_PURPOSE_INFO = {
  'chat-system': {
    label: 'Chat assistant system prompt',
    use: 'Sent before the passages and the question in every chat answer.',
  },
  'job-summary-narrative': {
    label: 'Job summary narrative',
    use: "Writes the summary tab's narrative from the job's figures (augmented text).",
  },
} as const;
export type AiPromptPurpose = keyof typeof AI_PROMPT_PURPOSE_INFO;
export const AI_PROMPT_PURPOSES_LIST = Object.keys(AI_PROMPT_PURPOSE_INFO) as [
  AiPromptPurpose,
  ...AiPromptPurpose[],
];
export const AiPromptPurposeSchema = z.enum(AI_PROMPT_PURPOSES_LIST);

/** A prompt's text may be long (instructions, examples) but not unbounded. */
export const AI_PROMPT_MAX_CHARS = 20_000;

/** One version of a prompt: each save is a new version; one per purpose is active. */
export const AiPromptSchema = z.object({
  id: z.string(),
  purpose: AiPromptPurposeSchema,
  name: z.string(),
  content: z.string(),
  isActive: z.boolean(),
  /** The default the product ships. */
  shipped: z.boolean(),
  /** Who saved it; null for the shipped one. */
  savedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AiPrompt = z.infer<typeof AiPromptSchema>;

/** A prompt version in a list: its text is left out. */
export const AiPromptListItemSchema = AiPromptSchema.omit({ content: true }).extend({
  contentChars: z.number().int(),
});
export type AiPromptListItem = z.infer<typeof AiPromptListItemSchema>;

export const CreateAiPromptSchema = z.object({
  purpose: AiPromptPurposeSchema,
  name: z.string().trim().min(1, { error: 'name must not be empty' }).max(200),
  content: z
    .string()
    .trim()
    .min(1, { error: 'content must not be empty' })
    .max(AI_PROMPT_MAX_CHARS, {
      error: `content must be at most ${AI_PROMPT_MAX_CHARS} characters`,
    }),
  /** Make it the purpose's active prompt at once. */
  activate: z.boolean().default(false),
});
export type CreateAiPrompt = z.input<typeof CreateAiPromptSchema>;

export const TestAiPromptSchema = z.object({
  input: z.string().trim().min(1, { error: 'input must not be empty' }).max(4000),
});

/**
 * A test run of a prompt on sample input. Without a configured model the answer is an offline
 * check, labelled as such, never a made-up model answer.
 */
export const AiPromptTestResultSchema = z.object({
  mode: z.enum(['model', 'offline']),
  model: z.string().nullable(),
  output: z.string(),
  millis: z.number().int(),
});
export type AiPromptTestResult = z.infer<typeof AiPromptTestResultSchema>;

/** GET /api/v1/augmented-text: whether a narrative prompt is selected (SPEC §7 System). */
export const AugmentedTextStatusSchema = z.object({
  promptSelected: z.boolean(),
  /** Whether a model writes the text; without one, the offline template does. */
  modelConfigured: z.boolean(),
});
export type AugmentedTextStatus = z.infer<typeof AugmentedTextStatusSchema>;

export const AugmentedTextQuerySchema = z.object({ jobId: z.uuid() });

/** A narrative of a job's summary figures, and who wrote it. */
export const AugmentedTextSchema = z.object({
  text: z.string(),
  /** `model`: the configured model from the active prompt; `template`: the offline template. */
  writtenBy: z.enum(['model', 'template']),
  model: z.string().nullable(),
  promptName: z.string().nullable(),
  /** Why the template wrote it although a model is configured (the model's failure). */
  note: z.string().nullable(),
});
export type AugmentedText = z.infer<typeof AugmentedTextSchema>;
