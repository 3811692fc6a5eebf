import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import { seedDemoData } from '../apps/server/src/seed/seed.js';
import { MIN_COVERAGE } from '../apps/server/src/modules/chat/retriever.js';
import { multipart } from '../apps/server/test/chat-files.js';
import { generateCorpus } from './chat-corpus.js';
import { summarize } from './stats.js';

/**
 * The chat assistant, offline (no model): retrieval quality on the labelled questions of
 * chat-questions.json (hit@1, hit@5, out-of-scope questions refused), first over the shipped user
 * guide alone and then among 1,000 generated pages that use the same vocabulary; and the answer
 * latency of POST /chat/message on that corpus, through the real app.
 */
type Labelled = { question: string; answers: { source: string; page: number }[] };
const { questions } = JSON.parse(
  fs.readFileSync(new URL('./chat-questions.json', import.meta.url), 'utf8'),
) as { questions: Labelled[] };
const answerable = questions.filter((q) => q.answers.length > 0);
const outOfScope = questions.filter((q) => q.answers.length === 0);

const password = 'Bench-Password-1';
// Offline: a model configured in the environment is ignored.
const { LLM_BASE_URL: _model, ...env } = process.env;
const config = loadConfig({
  ...env,
  NODE_ENV: 'test',
  CHECK_RESPONSES: 'false', // what production runs: responses written once, not checked again
  LOG_LEVEL: 'silent',
  DEMO_SEED: 'false',
});
const database = process.env.DATABASE_URL
  ? await openDatabase({ databaseUrl: process.env.DATABASE_URL })
  : await openDatabase({ memory: true });
await runMigrations(database);
await seedDemoData(database.db, { password });
const app = await buildApp({ ...config, loginMaxFailures: 1_000_000 }, database);
await app.ready();
const { chat, chatDocuments } = app.ctx.services;

async function signIn(username: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'x-csrf-protection': '1' },
    payload: { username, password },
  });
  return `b2b_session=${res.cookies.find((c) => c.name === 'b2b_session')!.value}`;
}

async function quality(label: string): Promise<void> {
  let hit1 = 0;
  let hit5 = 0;
  let answered = 0;
  for (const q of answerable) {
    const { passages, coverage } = await chat.retriever.retrieve(q.question, 5);
    const right = (p: { filename: string; page: number }) =>
      q.answers.some((a) => a.source === p.filename && a.page === p.page);
    if (passages[0] && right(passages[0])) hit1++;
    if (passages.some(right)) hit5++;
    if (coverage >= MIN_COVERAGE) answered++;
  }
  let refused = 0;
  for (const q of outOfScope) {
    if ((await chat.retriever.retrieve(q.question, 5)).coverage < MIN_COVERAGE) refused++;
  }
  const n = answerable.length;
  console.log(
    `${label.padEnd(34)} hit@1=${(hit1 / n).toFixed(3)}  hit@5=${(hit5 / n).toFixed(3)}  ` +
      `answered ${answered}/${n}  out-of-scope refused ${refused}/${outOfScope.length}`,
  );
}

const shipped = await chatDocuments.indexShippedDocuments();
const { documents: guide } = await chatDocuments.list(500, 0);
const guidePages = guide.reduce((n, d) => n + d.page_count, 0);
console.log(`database: ${database.kind}`);
console.log(`shipped user guide: ${shipped.indexed.length} documents, ${guidePages} pages`);
console.log(
  `labelled questions: ${answerable.length} answerable, ${outOfScope.length} out of scope`,
);
await quality('retrieval, user guide only');

// 1,000 distractor pages, uploaded through the API as an administrator would.
const admin = await signIn('sysadmin@example.com');
const corpus = generateCorpus(20, 50);
const started = performance.now();
for (let i = 0; i < corpus.length; i += 5) {
  const body = multipart(
    corpus.slice(i, i + 5).map((d) => ({ filename: d.filename, content: d.text })),
  );
  const res = await app.inject({
    method: 'POST',
    url: '/chat/documents/upload',
    headers: { ...body.headers, cookie: admin, 'x-csrf-protection': '1' },
    payload: body.payload,
  });
  if (res.statusCode !== 200 || res.json().failed_files.length) throw new Error(res.body);
}
const indexSeconds = (performance.now() - started) / 1000;
const { documents } = await chatDocuments.list(500, 0);
const pages = documents.reduce((n, d) => n + d.page_count, 0);
const passages = documents.reduce((n, d) => n + d.chunk_count, 0);
console.log(
  `corpus: ${documents.length} documents, ${pages} pages, ${passages} passages ` +
    `(uploaded and indexed ${pages - guidePages} pages in ${indexSeconds.toFixed(1)} s)`,
);
await quality(`retrieval, ${pages}-page corpus`);

const issuer = await signIn('issuer@example.com');
const latencies: number[] = [];
for (let round = 0; round < 3; round++) {
  for (const q of questions) {
    const start = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/chat/message',
      headers: { cookie: issuer, 'x-csrf-protection': '1' },
      payload: { question: q.question },
    });
    latencies.push(performance.now() - start);
    if (res.statusCode !== 200) throw new Error(res.body);
  }
}
console.log(summarize(`POST /chat/message (offline, ${pages} p.)`, latencies));
await app.close();
await database.close();
