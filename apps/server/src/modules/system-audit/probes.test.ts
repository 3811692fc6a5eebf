import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();

const setMode = (mode: string, cookie: string) =>
  t.request({ method: 'POST', url: `/api/v1/system-mode?mode=${mode}`, cookie });

describe('health and readiness probes', () => {
  it('answer without a session: alive, and ready when the database and the storage answer', async () => {
    const health = await t.request({ url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'alive' });
    const ready = await t.request({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, notReady: [] });
  });

  it('still answer in Maintenance and ReadOnly modes', async () => {
    const admin = await t.signIn('sysadmin@example.com');
    try {
      for (const mode of ['Maintenance', 'ReadOnly']) {
        expect((await setMode(mode, admin)).statusCode).toBe(200);
        expect((await t.request({ url: '/healthz' })).statusCode, mode).toBe(200);
        const ready = await t.request({ url: '/readyz' });
        expect(ready.statusCode, mode).toBe(200);
        expect(ready.json(), mode).toEqual({ ready: true, notReady: [] });
      }
    } finally {
      await setMode('Live', admin);
    }
  });
});
