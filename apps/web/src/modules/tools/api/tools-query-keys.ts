/** Query keys of the Tools screens. Parsing and validating change nothing, so nothing invalidates. */
export const toolsQueryKeys = {
  mailTransport: ['tools', 'mail-transport'] as const,
};
