import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

const PRODUCTION = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) } as const;

describe('COMPARISON_ALLOWED_ORIGINS', () => {
  it('lets any address be compared outside production and none in production when unset', () => {
    expect(loadConfig({}).comparisonOrigins).toBe('any');
    expect(loadConfig(PRODUCTION).comparisonOrigins).toEqual([]);
  });

  it('reads comma-separated origins, with or without the trailing slash', () => {
    const config = loadConfig({
      ...PRODUCTION,
      COMPARISON_ALLOWED_ORIGINS: ' https://staging.example.com/ ,http://uat.internal:8080,',
    });
    expect(config.comparisonOrigins).toEqual([
      'https://staging.example.com',
      'http://uat.internal:8080',
    ]);
  });

  it('stops the start on anything that is not an http(s) origin, naming the setting and value', () => {
    for (const value of ['https://staging.example.com/app', 'ftp://x.example.com', 'staging']) {
      expect(() => loadConfig({ COMPARISON_ALLOWED_ORIGINS: value })).toThrow(
        `Invalid configuration: COMPARISON_ALLOWED_ORIGINS: expected comma-separated origins such as https://staging.example.com, got "${value}"`,
      );
    }
  });
});
