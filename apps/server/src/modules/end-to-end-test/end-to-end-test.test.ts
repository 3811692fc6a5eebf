import type { EndToEndTestRun } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';

const { t, pipeline, signedIn } = useJobsTestApp('end-to-end');
const URL = '/api/v1/devops/end-to-end-test';

async function issuerId(cookie: string, name: string) {
  return (await pipeline.issuersFor(cookie)).find((i) => i.name.startsWith(name))!.id;
}

describe('the end-to-end test (EndToEndTest_RUN)', () => {
  it('creates, fills and submits a canned job, reporting each step, and the job completes', async () => {
    const tester = await t.signIn('tester@example.com');
    const res = await t.request({
      method: 'POST',
      url: URL,
      cookie: tester,
      payload: { issuerId: await issuerId(signedIn().admin, 'PayTech Bank') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json<EndToEndTestRun>();
    expect(run.ok).toBe(true);
    expect(run.jobName).toMatch(/^End-to-end test \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(run.steps.map((s) => [s.step, s.ok])).toEqual([
      ['Buyer', true],
      ['Create job', true],
      ['Attach file', true],
      ['Submit', true],
    ]);
    // The pipeline runs on ProQ like any job's, to the end, with all ten suppliers.
    const done = await pipeline.waitUntilFinished(run.jobId!, tester);
    expect(done.status, JSON.stringify(done.steps)).toBe('Completed');
    expect(done.supplierCount).toBe(10);
  });

  it('reuses the issuer’s end-to-end buyer on the next run', async () => {
    const tester = await t.signIn('tester@example.com');
    const payload = { issuerId: await issuerId(signedIn().admin, 'Mastercard Issuing') };
    const first = (
      await t.request({ method: 'POST', url: URL, cookie: tester, payload })
    ).json<EndToEndTestRun>();
    const second = (
      await t.request({ method: 'POST', url: URL, cookie: tester, payload })
    ).json<EndToEndTestRun>();
    expect(first.steps[0]?.message).toBe('Created End-to-end test buyer');
    expect(second.steps[0]?.message).toBe('Using End-to-end test buyer');
    expect(second.jobId).not.toBe(first.jobId);
  });

  it('refuses roles without it (403) and an issuer that is not one (400 naming it)', async () => {
    const admin = signedIn().admin;
    const tester = await t.signIn('tester@example.com');
    const id = await issuerId(admin, 'PayTech Bank');
    expect(
      (await t.request({ method: 'POST', url: URL, cookie: admin, payload: { issuerId: id } }))
        .statusCode,
    ).toBe(403);
    const notUuid = await t.request({
      method: 'POST',
      url: URL,
      cookie: tester,
      payload: { issuerId: 'paytech' },
    });
    expect(notUuid.statusCode).toBe(400);
    expect(notUuid.json().message).toContain('issuerId must be the id of an issuer');
    const unknown = await t.request({
      method: 'POST',
      url: URL,
      cookie: tester,
      payload: { issuerId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('issuerId: no such issuer');
  });
});
