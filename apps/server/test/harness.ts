import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { DatabaseHandle } from '../src/db/client.js';
import { CSRF_HEADER, SESSION_COOKIE } from '../src/plugins/authorize.js';
import { TEST_PASSWORD, openTestDatabase } from './test-database.js';

export { TEST_PASSWORD };

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent-test-data',
    WEB_DIST: '/nonexistent-web-dist',
    DEMO_SEED: 'false',
    ...overrides,
  });
}

export type TestApp = {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** Injects a request; state-changing methods carry the CSRF header unless `csrf: false`. */
  request: (
    options: InjectOptions & { cookie?: string; csrf?: boolean },
  ) => Promise<LightMyRequestResponse>;
  /** Signs in and returns the Cookie header value to send. */
  signIn: (username: string, password?: string) => Promise<string>;
};

/** Builds the app on a fresh copy of the seeded test database for the current test file. */
export function useTestApp(overrides: Record<string, string> = {}): TestApp {
  const state = {} as { app: FastifyInstance; database: DatabaseHandle };

  beforeAll(async () => {
    state.database = await openTestDatabase();
    state.app = await buildApp(testConfig(overrides), state.database);
    await state.app.ready();
  });
  afterAll(async () => {
    await state.app?.close();
    await state.database?.close();
  });

  const request: TestApp['request'] = ({ cookie, csrf = true, headers, ...options }) => {
    const method = (options.method ?? 'GET').toUpperCase();
    return state.app.inject({
      ...options,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf && method !== 'GET' ? { [CSRF_HEADER]: '1' } : {}),
        ...headers,
      },
    });
  };

  return {
    get app() {
      return state.app;
    },
    get database() {
      return state.database;
    },
    request,
    async signIn(username, password = TEST_PASSWORD) {
      const res = await request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password },
      });
      if (res.statusCode !== 200)
        throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      return `${SESSION_COOKIE}=${cookie!.value}`;
    },
  };
}
