/**
 * Query keys of the Tools screens. Parsing and validating change nothing, so nothing
 * invalidates; a queued address file's state is polled under its run's key.
 */
export const toolsQueryKeys = {
  mailTransport: ['tools', 'mail-transport'] as const,
  addressFileRun: (runId: string) => ['tools', 'address-file-runs', runId] as const,
};
