import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, waitFor, workerPool } from '../../../test/proq-kit.js';

// Nothing listens on port 1 of this machine: SMTP and the LLM endpoint are refused at once.
// DATA_DIR is a file, so no storage folder can be made under it (not even by root).
const notAFolder = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-audit-')), 'file');
fs.writeFileSync(notAFolder, '');
const t = useTestApp({
  ...PROQ_TEST_ENV,
  DATA_DIR: notAFolder,
  SMTP_URL: 'smtp://127.0.0.1:1',
  LLM_BASE_URL: 'http://127.0.0.1:1/v1',
  LLM_MODEL: 'test-model',
});
const pool = workerPool(t);
let developer = '';

beforeAll(async () => {
  developer = await t.signIn('developer@example.com');
});
afterAll(async () => {
  await pool.stopAll();
  fs.rmSync(path.dirname(notAFolder), { recursive: true, force: true });
});

describe('system audit when integrations fail', () => {
  it('reports each failing integration with its message', async () => {
    const config = (
      await t.request({
        url: '/api/v1/system-audit/get-integration-configurations',
        cookie: developer,
      })
    ).json();
    expect(config).toMatchObject({ isLiveApi: true, mail: { transport: 'smtp' } });
    const res = await t.request({
      url: '/api/v1/system-audit/verify-integrations-configuration',
      cookie: developer,
    });
    const byName = Object.fromEntries(
      res.json().map((r: { integration: string }) => [r.integration, r]),
    );
    expect(byName.Database.success).toBe(true);
    for (const name of ['Storage', 'Mail', 'LLM']) {
      expect(byName[name].success, name).toBe(false);
      expect(byName[name].message, name).toBeTruthy();
    }
    expect(byName.Storage.message).toContain('ENOTDIR');
  });

  it('makes the readiness probe answer 503 naming the storage, while the process is alive', async () => {
    expect((await t.request({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await t.request({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ready: false, notReady: ['storage'] });
  });

  it('ends the health-check command in Error with "Verification failed" and every failure', async () => {
    const { correlationId } = (
      await t.request({
        method: 'POST',
        url: '/api/v1/system-audit/system-health-check',
        cookie: developer,
      })
    ).json();
    await pool.start();
    const done = await waitFor(
      async () =>
        (
          await t.request({
            method: 'POST',
            url: '/api/v1/system-audit/command-execute-validate',
            payload: { correlationId },
            cookie: developer,
          })
        ).json(),
      (body) => body.isCompleted,
    );
    expect(done.isSuccess).toBe(false);
    expect(done.errorMessage).toMatch(
      new RegExp(`^${MESSAGES.verificationFailed}: Storage: .+; Mail: .+; LLM: .+`),
    );
    expect(done.results.filter((r: { success: boolean }) => !r.success)).toHaveLength(3);
  });
});
