import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { PROQ_TEST_ENV, waitFor, workerPool } from '../../../test/proq-kit.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-audit-'));
const t = useTestApp({ ...PROQ_TEST_ENV, DATA_DIR: dataDir });
const pool = workerPool(t);
let admin = '';
let developer = '';

beforeAll(async () => {
  admin = await t.signIn('sysadmin@example.com');
  developer = await t.signIn('developer@example.com');
});
afterAll(async () => {
  await pool.stopAll();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const validate = (correlationId: unknown, cookie = admin) =>
  t.request({
    method: 'POST',
    url: '/api/v1/system-audit/command-execute-validate',
    payload: { correlationId } as object,
    cookie,
  });

describe('system audit', () => {
  it('describes the configured integrations, without secrets, to SystemAudit_VIEW holders', async () => {
    const issuer = await t.signIn('issuer@example.com');
    const url = '/api/v1/system-audit/get-integration-configurations';
    expect((await t.request({ url, cookie: issuer })).statusCode).toBe(403);
    const res = await t.request({ url, cookie: admin });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      containerName: path.join(dataDir, 'files'),
      isLiveApi: false,
      database: { kind: t.database.kind, location: t.database.location },
      storage: { kind: 'folder', location: path.join(dataDir, 'files') },
      mail: { transport: 'outbox' },
      llm: { configured: false, baseUrl: null },
    });
    expect(body.configuredRepository).toBe(`${t.database.kind} ${t.database.location}`);
  });

  it('verifies each integration by really using it (IntegrationConfiguration_CHECK only)', async () => {
    const url = '/api/v1/system-audit/verify-integrations-configuration';
    expect((await t.request({ url, cookie: admin })).statusCode).toBe(403);
    const res = await t.request({ url, cookie: developer });
    expect(res.statusCode).toBe(200);
    const results = res.json();
    expect(results.map((r: { integration: string }) => r.integration)).toEqual([
      'Database',
      'Storage',
      'Mail',
      'LLM',
    ]);
    expect(results.every((r: { success: boolean }) => r.success)).toBe(true);
    expect(results[1].message).toBe(
      `Wrote, read and deleted a file in ${path.join(dataDir, 'files')}`,
    );
    expect(await t.app.ctx.services.storage().list('system-audit/')).toEqual([]);
  });

  it('runs a health check as a ProQ command that the caller follows to completion', async () => {
    const started = await t.request({
      method: 'POST',
      url: '/api/v1/system-audit/system-health-check',
      cookie: admin,
    });
    expect(started.statusCode).toBe(200);
    const { correlationId } = started.json();
    expect((await validate(correlationId)).json()).toEqual({
      isSuccess: false,
      errorMessage: null,
      isCompleted: false,
      results: null,
    });
    await pool.start();
    const done = await waitFor(
      async () => (await validate(correlationId)).json(),
      (body) => body.isCompleted,
    );
    expect(done).toMatchObject({ isSuccess: true, errorMessage: null, isCompleted: true });
    expect(done.results).toHaveLength(4);
    const list = await t.request({
      method: 'POST',
      url: '/api/v1/proq/completed-commands',
      cookie: admin,
      payload: {
        filters: {
          filterItems: [
            {
              propertyName: 'correlationId',
              itemComparisonOperator: 'Equal',
              itemValue: correlationId,
            },
          ],
        },
      },
    });
    expect(list.json().collection[0]).toMatchObject({
      commandType: 'SystemHealthCheck',
      message: MESSAGES.verificationSucceeded,
    });
  });

  it('answers 400 for a missing correlationId and 404 for an unknown one', async () => {
    const missing = await t.request({
      method: 'POST',
      url: '/api/v1/system-audit/command-execute-validate',
      payload: {},
      cookie: admin,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0].field).toBe('body.correlationId');
    expect((await validate('')).statusCode).toBe(400);
    expect((await validate(42)).statusCode).toBe(400);
    expect((await validate('no-such-correlation')).statusCode).toBe(404);
  });
});
