/** Query keys of the chat module; mutations invalidate through the same keys. */
export const chatQueryKeys = {
  all: ['chat'] as const,
  health: ['chat', 'health'] as const,
  conversation: (id: string) => ['chat', 'conversation', id] as const,
  documents: ['chat', 'documents'] as const,
};
