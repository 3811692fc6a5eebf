import type { AugmentedText, AugmentedTextStatus } from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useJobsTestApp } from '../../../test/jobs-test-app.js';
import { startLlmServer } from '../../../test/llm-server.js';

const llm = await startLlmServer('A model-written summary.');
afterAll(() => llm.close());

const { t, pipeline, signedIn } = useJobsTestApp('augmented-text', {
  env: async () => ({
    LLM_BASE_URL: llm.baseUrl,
    LLM_MODEL: 'narrative-model',
  }),
});

let admin: string;
let jobId: string;
beforeAll(async () => {
  await t.app.ctx.services.aiPrompts.installShippedPrompts();
  const { admin: cookie, merchants } = signedIn();
  admin = cookie;
  ({
    job: { id: jobId },
  } = await pipeline.jobAt('completed', { cookie: admin, merchants }));
}, 180_000);

const write = (cookie: string, id = jobId) =>
  t.request({ method: 'POST', url: `/api/v1/augmented-text?jobId=${id}`, cookie });

describe('augmented text (SPEC §7 System)', () => {
  it('says a narrative prompt is selected and a model writes it', async () => {
    const res = await t.request({ url: '/api/v1/augmented-text', cookie: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AugmentedTextStatus>()).toEqual({
      promptSelected: true,
      modelConfigured: true,
    });
  });

  it("has the model write it from the active prompt and the job's figures", async () => {
    const res = await write(admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AugmentedText>()).toEqual({
      text: 'A model-written summary.',
      writtenBy: 'model',
      model: 'narrative-model',
      promptName: 'Job summary narrative',
      note: null,
    });
    const [system, user] = llm.sent.at(-1)!;
    expect(system!.content).toContain('Use only the figures in the JSON');
    const figures = JSON.parse(user!.content) as { tiles: { suppliers: number } };
    expect(figures.tiles.suppliers).toBeGreaterThan(0);
  });

  it('falls back to the template, saying why, when the model fails', async () => {
    llm.failWith(503);
    try {
      const res = await write(admin);
      expect(res.statusCode, res.body).toBe(200);
      const text = res.json<AugmentedText>();
      expect(text.writtenBy).toBe('template');
      expect(text.text).toMatch(/^The analysis covers \d[\d,]* suppliers with /);
      expect(text.note).toBe(
        "The model did not answer (The model endpoint answered HTTP 503); this is the offline template's text.",
      );
    } finally {
      llm.failWith(200);
    }
  });

  it('refuses a job the user may not see and a malformed job id', async () => {
    const issuer = await t.signIn('issuer@example.com');
    expect((await write(issuer)).statusCode).toBe(404);
    const bad = await write(admin, 'not-a-job');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('jobId');
  });
});
