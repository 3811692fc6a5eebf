import { z } from 'zod';

export type LlmConfig = { baseUrl: string; model: string; apiKey?: string; timeoutMs: number };
export type LlmMessage = { role: 'system' | 'user' | 'assistant'; content: string };

const CompletionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
  usage: z.object({ total_tokens: z.number().int() }).partial().optional(),
});

/** How often the health check may really call the model endpoint. */
const PING_CACHE_MS = 30_000;

function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path}`;
}

/**
 * A client for any OpenAI-compatible server (`POST {LLM_BASE_URL}/chat/completions`): OpenAI,
 * Azure OpenAI's compatible endpoint, vLLM, Ollama, llama.cpp, LM Studio...
 */
export function createLlmClient(config: LlmConfig) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  let lastPing: { at: number; reachable: boolean; message: string } | undefined;

  return {
    model: config.model,
    /** One completion; throws with a readable message when the model fails or times out. */
    async complete(
      messages: LlmMessage[],
    ): Promise<{ content: string; totalTokens: number | undefined }> {
      const response = await fetch(endpoint(config.baseUrl, 'chat/completions'), {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: config.model, messages, temperature: 0.2 }),
        signal: AbortSignal.timeout(config.timeoutMs),
      });
      if (!response.ok) throw new Error(`The model endpoint answered HTTP ${response.status}`);
      const parsed = CompletionSchema.safeParse(await response.json());
      if (!parsed.success) throw new Error('The model endpoint answered in an unexpected shape');
      const content = parsed.data.choices[0]!.message.content?.trim() ?? '';
      if (!content) throw new Error('The model returned an empty answer');
      return { content, totalTokens: parsed.data.usage?.total_tokens };
    },
    /** Whether the endpoint answers (`GET /models`), cached for half a minute. */
    async ping(): Promise<{ reachable: boolean; message: string }> {
      if (lastPing && Date.now() - lastPing.at < PING_CACHE_MS) return lastPing;
      let result: { reachable: boolean; message: string };
      try {
        const response = await fetch(endpoint(config.baseUrl, 'models'), {
          headers,
          signal: AbortSignal.timeout(Math.min(config.timeoutMs, 5000)),
        });
        result = {
          reachable: response.status < 500,
          message: `${config.baseUrl} answered HTTP ${response.status}`,
        };
      } catch (error) {
        result = { reachable: false, message: `${config.baseUrl}: ${(error as Error).message}` };
      }
      lastPing = { ...result, at: Date.now() };
      return result;
    },
  };
}
export type LlmClient = ReturnType<typeof createLlmClient>;
