/** Query keys of the Developer area's screens. */
export const devToolsQueryKeys = {
  debugLogging: (level: string) => ['dev-tools', 'debug-logging', level] as const,
  debugLoggingAll: ['dev-tools', 'debug-logging'] as const,
};
