import type { AppConfig, BackgroundService, MemoryHogState } from '@b2b/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import {
  PROQ_TEST_ENV,
  registerOnce,
  statesOf,
  waitFor,
  workerPool,
} from '../../../test/proq-kit.js';
import { defineCommandHandler } from '../proq/command-registry.js';

const t = useTestApp({
  ...PROQ_TEST_ENV,
  ENABLE_APP_CONFIG_VIEW: 'true',
  ENABLE_MEMORY_HOG: 'true',
  SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
  SMTP_URL: 'smtp://mailer:s3cret-pass@127.0.0.1:2525',
  LLM_API_KEY: 'sk-not-for-your-eyes',
});
const workers = workerPool(t);
afterAll(() => workers.stopAll());

describe('the running configuration (AppConfig_VIEW)', () => {
  it('lists every setting with its source, secrets and URL passwords masked', async () => {
    const developer = await t.signIn('developer@example.com');
    const res = await t.request({ url: '/api/v1/runtime/app-config', cookie: developer });
    expect(res.statusCode, res.body).toBe(200);
    const config = res.json<AppConfig>();
    const setting = (name: string) => config.settings.find((s) => s.name === name);
    expect(config.nodeEnv).toBe('test');
    expect(setting('SESSION_SECRET')).toEqual({
      name: 'SESSION_SECRET',
      value: '••••••••',
      source: 'environment',
      masked: true,
    });
    expect(setting('SMTP_URL')).toEqual({
      name: 'SMTP_URL',
      value: 'smtp://mailer:••••••••@127.0.0.1:2525',
      source: 'environment',
      masked: true,
    });
    expect(setting('LLM_API_KEY')?.value).toBe('••••••••');
    expect(setting('PORT')).toEqual({
      name: 'PORT',
      value: '3000',
      source: 'default',
      masked: false,
    });
    expect(setting('PUBLIC_URL')).toEqual({
      name: 'PUBLIC_URL',
      value: null,
      source: 'unset',
      masked: false,
    });
    // No secret leaves the server in any form.
    expect(res.body).not.toMatch(/s3cret-pass|sk-not-for-your-eyes|a-session-secret/);
  });

  it('is refused to roles without it (403)', async () => {
    const admin = await t.signIn('sysadmin@example.com');
    expect((await t.request({ url: '/api/v1/runtime/app-config', cookie: admin })).statusCode).toBe(
      403,
    );
  });
});

describe('the background service (BackgroundService_TOGGLE)', () => {
  it('paused, the in-process workers claim nothing; resumed, they run what waited', async () => {
    registerOnce(t, defineCommandHandler({ commandType: 'Test.Noop', run: async () => undefined }));
    await workers.start({ commandTypes: ['Test.Noop'] });
    const developer = await t.signIn('developer@example.com');
    const set = (running: boolean) =>
      t.request({
        method: 'PUT',
        url: '/api/v1/runtime/background-service',
        cookie: developer,
        payload: { running },
      });

    const paused = await set(false);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<BackgroundService>()).toMatchObject({
      running: false,
      changedBy: 'developer@example.com',
    });
    const [command] = await t.app.ctx.services.proq.enqueue({ commandType: 'Test.Noop' });
    // Several claim periods (100 ms in tests) go by: still Pending.
    await new Promise((r) => setTimeout(r, 600));
    expect((await statesOf(t.database, [command!.id])).get(command!.id)?.state).toBe('Pending');

    expect((await set(true)).json<BackgroundService>().running).toBe(true);
    await waitFor(
      () => statesOf(t.database, [command!.id]),
      (s) => s.get(command!.id)?.state === 'Completed',
      10_000,
      'the command to complete once resumed',
    );
    const read = await t.request({ url: '/api/v1/runtime/background-service', cookie: developer });
    expect(read.json<BackgroundService>()).toMatchObject({ running: true, slots: 2 });
  });

  it('refuses other roles (403) and a body without a yes/no (400 naming it)', async () => {
    const admin = await t.signIn('sysadmin@example.com');
    const developer = await t.signIn('developer@example.com');
    const url = '/api/v1/runtime/background-service';
    expect((await t.request({ url, cookie: admin })).statusCode).toBe(403);
    const bad = await t.request({
      method: 'PUT',
      url,
      cookie: developer,
      payload: { running: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('running');
  });
});

describe('the memory-pressure exercise (MemoryHog_TRIGGER)', () => {
  it('holds the memory for the time asked, one at a time, then lets it go', async () => {
    const developer = await t.signIn('developer@example.com');
    const url = '/api/v1/runtime/memory-hog';
    const started = await t.request({
      method: 'POST',
      url,
      cookie: developer,
      payload: { megabytes: 16, seconds: 1 },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json<MemoryHogState>()).toMatchObject({
      running: true,
      megabytes: 16,
      startedBy: 'developer@example.com',
    });
    const again = await t.request({
      method: 'POST',
      url,
      cookie: developer,
      payload: { megabytes: 1, seconds: 1 },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^A memory-pressure exercise of 16 MB is running until /);
    await waitFor(
      async () => (await t.request({ url, cookie: developer })).json<MemoryHogState>(),
      (s) => !s.running,
      10_000,
      'the memory to be let go',
    );
  });

  it('refuses sizes and times past its limits (400 naming the field) and other roles (403)', async () => {
    const developer = await t.signIn('developer@example.com');
    const admin = await t.signIn('sysadmin@example.com');
    const url = '/api/v1/runtime/memory-hog';
    const big = await t.request({
      method: 'POST',
      url,
      cookie: developer,
      payload: { megabytes: 4096, seconds: 1 },
    });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain('megabytes must be at most 1024');
    const long = await t.request({
      method: 'POST',
      url,
      cookie: developer,
      payload: { megabytes: 1, seconds: 0 },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('seconds must be at least 1');
    expect((await t.request({ url, cookie: admin })).statusCode).toBe(403);
  });
});
