import type { AppConfig } from '@b2b/contract';
import type { Config } from '../../config.js';
import { createMemoryHog } from './memory-hog.js';

/** What this server process runs with and the exercises it offers developers. */
export function createRuntimeService(config: Config) {
  const startedAt = new Date().toISOString();
  return {
    /** SPEC §6 AppConfig_VIEW: a read-only view of the running configuration, secrets masked. */
    appConfig(): AppConfig {
      return {
        environment: config.client.environment,
        nodeEnv: config.env,
        startedAt,
        settings: [...config.settings],
      };
    },
    memoryHog: createMemoryHog(),
  };
}
