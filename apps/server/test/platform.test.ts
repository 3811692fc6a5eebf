import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError, openDatabase } from '../src/db/client.js';
import { registerAuthorization } from '../src/plugins/authorize.js';
import { registerErrorHandler } from '../src/plugins/errors.js';
import type { Services } from '../src/services.js';
import { useTestApp } from './harness.js';

const run = promisify(execFile);
const t = useTestApp();

function bareApp() {
  const app = Fastify({ logger: false });
  void app.register(cookie);
  registerErrorHandler(app);
  const services = { system: { getMode: async () => 'Live' }, auth: {} } as unknown as Services;
  registerAuthorization(app, services);
  return app;
}

describe('route declarations', () => {
  it('refuses to start when a route declares no access', async () => {
    const app = bareApp();
    expect(() => app.get('/api/v1/undeclared', async () => 'no')).toThrow(
      'Route GET /api/v1/undeclared declares no access (permissions or public)',
    );
  });
});

describe('errors', () => {
  it('answers 500 with a plain message and no internals', async () => {
    const app = bareApp();
    app.get('/api/v1/boom', { config: { access: { public: true } } }, async () => {
      throw new Error('secret connection string postgres://admin:pw@db');
    });
    const res = await app.inject({ url: '/api/v1/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Something went wrong on our side. The problem has been logged.',
      statusCode: 500,
      code: 'internal',
    });
    expect(res.body).not.toContain('secret');
  });

  it('answers unknown API paths with a JSON 404 and a request id', async () => {
    const res = await t.request({ url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, statusCode: 404 });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('sends the security headers on answers, refusals and errors alike', async () => {
    const answers = [
      await t.request({ url: '/api/v1/nothing-here' }),
      await t.request({ method: 'POST', url: '/api/v1/users/active', payload: {} }),
      await t.request({ url: '/api/docs/json' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([404, 401, 200]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('answers URLs the router cannot read with the error body', async () => {
    const cookie = await t.signIn('sysadmin@example.com');
    const badEncoding = await t.request({ url: '/api/v1/job-artifacts/%E0%A4%A', cookie });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toMatchObject({
      success: false,
      statusCode: 400,
      message: "'/api/v1/job-artifacts/%E0%A4%A' is not a valid url component",
    });
    const longParam = await t.request({ url: `/api/v1/issuers/${'a'.repeat(300)}`, cookie });
    expect(longParam.statusCode).toBe(414);
    expect(longParam.json()).toMatchObject({ success: false, statusCode: 414 });
  });

  it('refuses a NUL character in a path, query or body with a 400 naming where', async () => {
    const cookie = await t.signIn('sysadmin@example.com');
    const inPath = await t.request({ method: 'DELETE', url: '/chat/conversation/a%00b', cookie });
    expect(inPath.statusCode).toBe(400);
    expect(inPath.json()).toMatchObject({
      success: false,
      statusCode: 400,
      message: 'Invalid params.id: must not contain the NUL character',
    });
    const inBody = await t.request({
      method: 'POST',
      url: '/api/v1/vendors/search',
      cookie,
      payload: {
        filters: [{ propertyName: 'name', comparisonOperator: 'Equal', value: 'a\u0000' }],
      },
    });
    expect(inBody.statusCode).toBe(400);
    expect(inBody.json().message).toBe(
      'Invalid body.filters[0].value: must not contain the NUL character',
    );
  });

  it('words a request that fails its schema in the product’s terms, naming the field', async () => {
    const cookie = await t.signIn('sysadmin@example.com');
    const res = await t.request({
      method: 'POST',
      url: '/api/v1/vendors/search',
      cookie,
      payload: { filters: 'name' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Invalid body.filters: must be a list',
      errors: [{ field: 'body.filters', message: 'must be a list' }],
    });
  });

  it('serves the OpenAPI document generated from the contract', async () => {
    const res = await t.request({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toContain('/api/auth/login');
    expect(doc.paths['/api/auth/login'].post.requestBody).toBeDefined();
  });
});

describe('database reachability', () => {
  it('names the URL that failed, without its password', async () => {
    const error = await openDatabase({
      databaseUrl: 'postgres://app:hunter2@127.0.0.1:1/nowhere',
    }).catch((e) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect(error.message).toContain('postgres://app:***@127.0.0.1:1/nowhere');
    expect(error.message).not.toContain('hunter2');
  });

  it('makes the server exit with one clear line', async () => {
    const result = await run('node', ['--import', 'tsx', 'src/main.ts'], {
      cwd: new URL('..', import.meta.url).pathname,
      env: {
        ...process.env,
        DATABASE_URL: 'postgres://app:hunter2@127.0.0.1:1/nowhere',
        PORT: '0',
      },
    }).catch((e: { code: number; stderr: string }) => e);
    expect((result as { code: number }).code).toBe(1);
    const lines = (result as { stderr: string }).stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^Cannot reach the database at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/nowhere/,
    );
  }, 30_000);
});
