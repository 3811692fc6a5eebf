import { CHAT_LIMITS, CHAT_TEXTS, PROQ_COMMAND_TYPES } from '@b2b/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

const t = useTestApp();

async function ask(cookie: string, question: string, conversationId?: string | null) {
  return t.request({
    method: 'POST',
    url: '/chat/message',
    cookie,
    payload: { question, conversation_id: conversationId },
  });
}

let issuer: string;
let client: string;
beforeAll(async () => {
  await t.app.ctx.services.chatDocuments.indexShippedDocuments();
  issuer = await t.signIn('issuer@example.com');
  client = await t.signIn('client@example.com');
}, 120_000);

describe('POST /chat/message', () => {
  it('answers a product question offline, citing document and page', async () => {
    const res = await ask(issuer, 'On which days are follow-up e-mails of a campaign sent?');
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply.answer).toMatch(/days 8 and 12/);
    expect(reply.answer).toMatch(/\[1\]/);
    expect(reply.sources[0]).toMatchObject({ source: '06-use-cases-and-campaigns.md', page: 3 });
    expect(reply.sources[0].content).toContain('days 8 and 12');
    expect(reply.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(reply.processing_time).toBeGreaterThan(0);
    expect(reply.processing_time).toBeLessThan(5);
    expect(reply.token_count).toBeGreaterThan(5);
  });

  it('says plainly when the documents do not cover the question', async () => {
    const reply = (await ask(issuer, 'What is the weather forecast for Paris tomorrow?')).json();
    expect(reply).toMatchObject({ answer: CHAT_TEXTS.nothingFound, sources: [], token_count: 0 });
  });

  it('refuses an over-long, a blank or a malformed question with a clear 400', async () => {
    const long = await ask(issuer, 'x'.repeat(CHAT_LIMITS.questionMaxLength + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      success: false,
      message: `Invalid body.question: ${CHAT_TEXTS.questionTooLong}`,
      errors: [{ field: 'body.question', message: CHAT_TEXTS.questionTooLong }],
    });
    const blank = await ask(issuer, '   \n ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toContain(CHAT_TEXTS.questionEmpty);
    const extra = await t.request({
      method: 'POST',
      url: '/chat/message',
      cookie: issuer,
      payload: { question: 'STP?', model: 'gpt' },
    });
    expect(extra.statusCode).toBe(400);
    // Exactly 1000 characters is allowed.
    expect((await ask(issuer, `What is STP? ${'a'.repeat(987)}`)).statusCode).toBe(200);
  });

  it('needs a session and the CSRF header', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/chat/message',
      payload: { question: 'STP?' },
    });
    expect(res.statusCode).toBe(401);
    const noCsrf = await t.request({
      method: 'POST',
      url: '/chat/message',
      cookie: issuer,
      csrf: false,
      payload: { question: 'STP?' },
    });
    expect(noCsrf.statusCode).toBe(403);
  });
});

describe('conversations', () => {
  it('keeps the exchanges of a conversation, pages its history and summarises it', async () => {
    const first = (await ask(issuer, 'What is STP?')).json();
    const id = first.conversation_id;
    await ask(issuer, 'How does a virtual card work?', id);
    await ask(issuer, 'What is Instant Pay?', id);

    const res = await t.request({ url: `/chat/conversation/${id}`, cookie: issuer });
    expect(res.statusCode).toBe(200);
    const conversation = res.json();
    expect(conversation).toMatchObject({ conversation_id: id, limit: 100, offset: 0 });
    expect(conversation.history.map((h: { question: string }) => h.question)).toEqual([
      'What is STP?',
      'How does a virtual card work?',
      'What is Instant Pay?',
    ]);
    expect(conversation.history[0]).toMatchObject({
      answer: first.answer,
      conversation_id: id,
      sources: first.sources,
    });
    expect(Date.parse(conversation.history[0].timestamp)).not.toBeNaN();
    expect(conversation.summary.message_count).toBe(3);
    expect(conversation.summary.started_at).toBe(conversation.history[0].timestamp);
    expect(conversation.summary.last_message_at).toBe(conversation.history[2].timestamp);

    const page = (
      await t.request({ url: `/chat/conversation/${id}?limit=1&offset=1`, cookie: issuer })
    ).json();
    expect(page.history.map((h: { question: string }) => h.question)).toEqual([
      'How does a virtual card work?',
    ]);
    expect(page.summary.message_count).toBe(3);
    const bad = await t.request({ url: `/chat/conversation/${id}?limit=0`, cookie: issuer });
    expect(bad.statusCode).toBe(400);
  });

  it('starts a conversation under an id the client chose', async () => {
    const reply = (await ask(issuer, 'What is Optima?', 'client-chosen-1')).json();
    expect(reply.conversation_id).toBe('client-chosen-1');
  });

  it("answers 404 for another user's conversation: read, delete and continue alike", async () => {
    const id = (await ask(issuer, 'What is a use case?')).json().conversation_id;
    for (const res of [
      await t.request({ url: `/chat/conversation/${id}`, cookie: client }),
      await t.request({ method: 'DELETE', url: `/chat/conversation/${id}`, cookie: client }),
      await ask(client, 'And campaigns?', id),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(CHAT_TEXTS.conversationNotFound);
    }
    const mine = await t.request({ url: `/chat/conversation/${id}`, cookie: issuer });
    expect(mine.json().summary.message_count).toBe(1);
    expect((await t.request({ url: '/chat/conversation/nope', cookie: issuer })).statusCode).toBe(
      404,
    );
  });

  it('deletes a conversation and its log (reset)', async () => {
    const id = (await ask(issuer, 'What is SCF?')).json().conversation_id;
    await ask(issuer, 'What is Boost?', id);
    const res = await t.request({
      method: 'DELETE',
      url: `/chat/conversation/${id}`,
      cookie: issuer,
    });
    expect(res.json()).toEqual({ conversation_id: id, deleted_messages: 2 });
    expect((await t.request({ url: `/chat/conversation/${id}`, cookie: issuer })).statusCode).toBe(
      404,
    );
    const again = await t.request({
      method: 'DELETE',
      url: `/chat/conversation/${id}`,
      cookie: issuer,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('the shipped user guide', () => {
  it('is indexed when the index is empty, once', async () => {
    expect(await t.app.ctx.services.chatDocuments.indexShippedDocuments()).toEqual({ indexed: [] });
    const admin = await t.signIn('sysadmin@example.com');
    const { documents } = (await t.request({ url: '/chat/documents', cookie: admin })).json();
    expect(documents.length).toBeGreaterThanOrEqual(8);
    expect(
      documents.every(
        (d: { shipped: boolean; uploaded_by: null }) => d.shipped && d.uploaded_by === null,
      ),
    ).toBe(true);
  });
});

describe('GET /chat/health-check', () => {
  it('reports the index ready and the offline answer mode', async () => {
    const res = await t.request({ url: '/chat/health-check', cookie: issuer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      healthy: true,
      index: { ready: true },
      answer_mode: 'extractive',
      llm: { configured: false, reachable: null, model: null },
    });
    expect(res.json().index.document_count).toBeGreaterThanOrEqual(8);
  });
});

describe('log retention', () => {
  it('deletes exchanges older than the retention period through a scheduled ProQ command', async () => {
    const { services, database } = { services: t.app.ctx.services, database: t.database };
    const old = (await ask(issuer, 'What is Level 3 data?')).json().conversation_id;
    const recent = (await ask(issuer, 'What is Level 2 data?')).json().conversation_id;
    await database.db.execute(sql`
      update chat_logs set created_at = now() - interval '400 days' where conversation_id = ${old}`);
    await database.db.execute(sql`
      update chat_conversations set last_message_at = now() - interval '400 days' where id = ${old}`);

    const registry = services.proq.registry;
    expect(
      registry.recurring().some((r) => r.commandType === PROQ_COMMAND_TYPES.purgeChatLogs),
    ).toBe(true);
    const handler = registry.get(PROQ_COMMAND_TYPES.purgeChatLogs)!;
    const outcome = await handler.run({} as never);
    expect(outcome).toMatchObject({ result: { logs: 1, conversations: 1 } });

    expect((await t.request({ url: `/chat/conversation/${old}`, cookie: issuer })).statusCode).toBe(
      404,
    );
    expect(
      (await t.request({ url: `/chat/conversation/${recent}`, cookie: issuer })).statusCode,
    ).toBe(200);
    // Idempotent: a second run finds nothing.
    expect(await handler.run({} as never)).toMatchObject({ result: { logs: 0, conversations: 0 } });
  });
});
