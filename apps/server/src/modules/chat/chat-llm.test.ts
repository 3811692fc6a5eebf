import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import { DEFAULT_CHAT_SYSTEM_PROMPT } from '../ai-prompts/default-prompts.js';

/** A stand-in for an OpenAI-compatible server: records requests, answers what the test says. */
type Completion = { status: number; body: unknown };
const calls: {
  path: string;
  auth: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}[] = [];
let next: Completion = { status: 200, body: {} };
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    if (req.url?.endsWith('/models')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[]}');
      return;
    }
    calls.push({ path: req.url ?? '', auth: req.headers.authorization, body: JSON.parse(raw) });
    res
      .writeHead(next.status, { 'content-type': 'application/json' })
      .end(JSON.stringify(next.body));
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const t = useTestApp({
  LLM_BASE_URL: `http://127.0.0.1:${port}/v1`,
  LLM_MODEL: 'test-model',
  LLM_API_KEY: 'secret-key',
});

const completion = (content: string) => ({
  status: 200,
  body: { choices: [{ message: { role: 'assistant', content } }], usage: { total_tokens: 321 } },
});

let issuer: string;
beforeAll(async () => {
  await t.app.ctx.services.aiPrompts.installShippedPrompts();
  await t.app.ctx.services.chatDocuments.indexShippedDocuments();
  issuer = await t.signIn('issuer@example.com');
}, 120_000);

async function ask(question: string, conversationId?: string) {
  return t.request({
    method: 'POST',
    url: '/chat/message',
    cookie: issuer,
    payload: { question, conversation_id: conversationId },
  });
}

describe('answers from a configured model', () => {
  it('sends the active system prompt and the retrieved passages, and keeps the cited sources', async () => {
    next = completion('STP pays suppliers by a single-use card number charged automatically [2].');
    const res = await ask('What is STP?');
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply).toMatchObject({
      answer: 'STP pays suppliers by a single-use card number charged automatically [1].',
      token_count: 321,
    });
    expect(reply.sources).toHaveLength(1);
    const call = calls.at(-1)!;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.auth).toBe('Bearer secret-key');
    expect(call.body.model).toBe('test-model');
    expect(call.body.messages[0]!.role).toBe('system');
    expect(call.body.messages[0]!.content.startsWith(DEFAULT_CHAT_SYSTEM_PROMPT)).toBe(true);
    expect(call.body.messages[0]!.content).toContain('[1] 03-card-products.md, page 1');
    expect(call.body.messages.at(-1)).toEqual({ role: 'user', content: 'What is STP?' });
  });

  it('reads the prompt an administrator activated, and shows the model earlier turns', async () => {
    await t.database.db.execute(sql`update ai_prompts set is_active = false`);
    await t.database.db.execute(sql`
      insert into ai_prompts (purpose, name, content, is_active)
      values ('chat-system', 'Pirate', 'Answer like a pirate.', true)`);
    next = completion('Arr, STP be card payments [1].');
    const id = (await ask('What is STP?')).json().conversation_id;
    next = completion('Arr, virtual cards too [1].');
    await ask('And how does a virtual card work?', id);
    const call = calls.at(-1)!;
    expect(call.body.messages[0]!.content.startsWith('Answer like a pirate.')).toBe(true);
    expect(call.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'What is STP?' },
      { role: 'assistant', content: 'Arr, STP be card payments [1].' },
      { role: 'user', content: 'And how does a virtual card work?' },
    ]);
  });

  it('does not ask the model when the documents do not cover the question', async () => {
    const before = calls.length;
    const reply = (await ask('Who won the football world cup in 2018?')).json();
    expect(reply.sources).toEqual([]);
    expect(calls.length).toBe(before);
  });

  it('answers from the documents alone when the model fails', async () => {
    next = { status: 500, body: { error: 'overloaded' } };
    const reply = (await ask('Which campaign routes are available?')).json();
    expect(reply.answer).toMatch(/Buyer/);
    expect(reply.sources[0]).toMatchObject({ source: '06-use-cases-and-campaigns.md', page: 2 });
  });

  it('reports the model endpoint in the health check', async () => {
    const health = (await t.request({ url: '/chat/health-check', cookie: issuer })).json();
    expect(health).toMatchObject({
      healthy: true,
      answer_mode: 'llm',
      llm: { configured: true, reachable: true, model: 'test-model' },
    });
  });
});
