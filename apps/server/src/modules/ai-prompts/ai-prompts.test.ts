import type { AiPrompt, AiPromptListItem, AiPromptTestResult } from '@b2b/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { createSystemLogsService } from '../system-logs/system-logs.service.js';
import { createAiPromptsService } from './ai-prompts.service.js';
import { startLlmServer } from '../../../test/llm-server.js';

const llm = await startLlmServer('Bonjour [1].');
afterAll(() => llm.close());

const t = useTestApp({
  LLM_BASE_URL: llm.baseUrl,
  LLM_MODEL: 'test-model',
});
const BASE = '/api/v1/ai-prompts';

let admin: string;
let issuer: string;
beforeAll(async () => {
  await t.app.ctx.services.aiPrompts.installShippedPrompts();
  [admin, issuer] = await Promise.all([
    t.signIn('sysadmin@example.com'),
    t.signIn('issuer@example.com'),
  ]);
});

const create = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: BASE, cookie: admin, payload });

describe('AI prompts (SPEC §2 Analysis admin, ai-prompts)', () => {
  it('saves a new version, activates it, and the chat answers with it from then on', async () => {
    const saved = await create({
      purpose: 'chat-system',
      name: 'French answers',
      content: 'Answer in French. Cite passages.',
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const version = saved.json<AiPrompt>();
    expect(version).toMatchObject({
      isActive: false,
      shipped: false,
      savedBy: 'sysadmin@example.com',
    });
    expect(await t.app.ctx.services.aiPrompts.getActivePromptContent('chat-system')).not.toBe(
      'Answer in French. Cite passages.',
    );

    const activated = await t.request({
      method: 'POST',
      url: `${BASE}/${version.id}/activate`,
      cookie: admin,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const list = await t.request({ url: BASE, cookie: admin });
    const items = list.json<AiPromptListItem[]>().filter((p) => p.purpose === 'chat-system');
    expect(items.filter((p) => p.isActive).map((p) => p.id)).toEqual([version.id]);
    expect(items.find((p) => p.shipped)?.isActive).toBe(false);
    expect(await t.app.ctx.services.aiPrompts.getActivePromptContent('chat-system')).toBe(
      'Answer in French. Cite passages.',
    );

    const audit = await t.request({
      method: 'POST',
      url: '/api/v1/system-logs/get',
      cookie: admin,
      payload: {
        filters: [{ propertyName: 'entityId', comparisonOperator: 'Equal', value: version.id }],
      },
    });
    expect(
      audit.json<{ collection: { action: string }[] }>().collection.map((e) => e.action),
    ).toEqual(['AiPromptActivated', 'AiPromptSaved']);
  });

  it('runs a version on sample input with the model, and says when the model fails', async () => {
    const { id } = (
      await create({ purpose: 'chat-system', name: 'Test box', content: 'Be brief.' })
    ).json<AiPrompt>();
    const ran = await t.request({
      method: 'POST',
      url: `${BASE}/${id}/test`,
      cookie: admin,
      payload: { input: 'What is a virtual card?' },
    });
    expect(ran.statusCode, ran.body).toBe(200);
    expect(ran.json<AiPromptTestResult>()).toMatchObject({
      mode: 'model',
      model: 'test-model',
      output: 'Bonjour [1].',
    });
    expect(llm.sent.at(-1)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is a virtual card?' },
    ]);
    llm.failWith(503);
    try {
      const failed = await t.request({
        method: 'POST',
        url: `${BASE}/${id}/test`,
        cookie: admin,
        payload: { input: 'Hello' },
      });
      expect(failed.statusCode).toBe(409);
      expect(failed.json().message).toBe(
        'The model did not answer: The model endpoint answered HTTP 503',
      );
    } finally {
      llm.failWith(200);
    }
  });

  it('without a model, answers an offline check labelled as such', async () => {
    const offline = createAiPromptsService(t.database.db, {
      systemLogs: createSystemLogsService(t.database.db),
      model: null,
    });
    const [shipped] = (await offline.list()).filter((p) => p.shipped);
    const result = await offline.test(shipped!.id, 'Hello');
    expect(result.mode).toBe('offline');
    expect(result.model).toBeNull();
    expect(result.output).toMatch(/^No model is configured \(LLM_BASE_URL\), so nothing was sent/);
  });

  it('refuses bad input naming the field, unknown prompts, and roles without the permission', async () => {
    const empty = await create({ purpose: 'chat-system', name: 'x', content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('content must not be empty');
    const unknown = await create({ purpose: 'summary-poem', name: 'x', content: 'y' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('purpose');
    const missing = await t.request({
      url: `${BASE}/00000000-0000-4000-8000-000000000000`,
      cookie: admin,
    });
    expect(missing.statusCode).toBe(404);
    expect((await t.request({ url: BASE, cookie: issuer })).statusCode).toBe(403);
  });
});
