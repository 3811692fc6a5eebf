import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { recreateDatabase, until } from './bench-server.js';
import { percentile, summarize } from './stats.js';

/**
 * Seeking in a video resource (issue 20 figures): the real server (`src/main.ts`) on a fresh
 * PostgreSQL database with the demo users, the default folder storage; a BENCH_VIDEO_MB (100) MB
 * video (a WebM header, then random bytes: the server serves ranges, it does not decode) uploaded
 * by the demo sysAdmin for issuers, then BENCH_SEEKS (200) random seeks by the demo issuer as a
 * player makes them, one at a time: half 1 MiB ranges (`bytes=N-N+1MiB-1`), half small ranges (1-16 KiB). Each answer must be
 * a 206 with the exact bytes. Goal: a small range answers in full in ≤ 50 ms at p95.
 *
 * DATABASE_URL names a dedicated database (default postgres://postgres@127.0.0.1:5432/b2b_bench_video),
 * dropped and created afresh; BENCH_PORT (4651) the server's port.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/b2b_bench_video';
const port = Number(process.env.BENCH_PORT ?? 4651);
const VIDEO_MB = Number(process.env.BENCH_VIDEO_MB ?? 100);
const SEEKS = Number(process.env.BENCH_SEEKS ?? 200);
const GOAL_P95_MS = 50;
const MIB = 1024 * 1024;
const root = fileURLToPath(new URL('..', import.meta.url));
const base = `http://localhost:${port}`;

await recreateDatabase(url);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-bench-video-'));
const server = spawn(
  process.execPath,
  ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')],
  {
    cwd: path.join(root, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      // Only the users: demo jobs would run their pipeline beside the measurement.
      DEMO_JOBS: 'false',
      WORKERS: '0',
      CHECK_RESPONSES: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent-web-dist',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  await until('the server', 120_000, async () =>
    (await fetch(`${base}/api/v1/system-mode`)).ok ? true : undefined,
  );
  const signIn = async (username: string) => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-csrf-protection': '1' },
      body: JSON.stringify({
        username,
        password: process.env.DEMO_PASSWORD ?? 'Demo-Password-1',
      }),
    });
    const cookie = login.headers.get('set-cookie')?.split(';')[0];
    if (!login.ok || !cookie) throw new Error(`sign-in of ${username} failed: ${login.status}`);
    return cookie;
  };
  const cookie = await signIn('sysadmin@example.com');
  // The seeks are a hub user's: the audience check (their roles) is part of every answer.
  const viewer = await signIn('issuer@example.com');

  const video = Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
    randomBytes(VIDEO_MB * MIB - 4),
  ]);
  const form = new FormData();
  form.append('title', 'Bench video');
  form.append('audienceRoles', '["issuer"]');
  form.append('file', new Blob([video]), 'bench.webm');
  const uploadStarted = performance.now();
  const upload = await fetch(`${base}/api/v1/video-resources`, {
    method: 'POST',
    headers: { cookie, 'x-csrf-protection': '1' },
    body: form,
  });
  const uploadMs = performance.now() - uploadStarted;
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const { id } = (await upload.json()) as { id: string };
  console.log(
    `Uploaded ${VIDEO_MB} MB in ${(uploadMs / 1000).toFixed(2)} s (${(VIDEO_MB / (uploadMs / 1000)).toFixed(0)} MB/s)`,
  );

  const contentUrl = `${base}/api/v1/resource-hub/resources/${id}/content`;
  const measure = async (start: number, end: number) => {
    const began = performance.now();
    const res = await fetch(contentUrl, {
      headers: { cookie: viewer, range: `bytes=${start}-${end}` },
    });
    const firstByte = performance.now() - began;
    const body = Buffer.from(await res.arrayBuffer());
    const full = performance.now() - began;
    if (res.status !== 206 || !body.equals(video.subarray(start, end + 1)))
      throw new Error(`bytes=${start}-${end}: ${res.status}, ${body.length} bytes`);
    return { firstByte, full };
  };
  // A few warm-up seeks (connection, session cache, first file open), not counted.
  for (let i = 0; i < 5; i++) await measure(i * MIB, i * MIB + 4095);

  const small = { firstByte: [] as number[], full: [] as number[] };
  const large = { firstByte: [] as number[], full: [] as number[] };
  for (let i = 0; i < SEEKS; i++) {
    const isLarge = i % 2 === 0;
    const length = isLarge ? MIB : randomInt(1024, 16 * 1024 + 1);
    const start = randomInt(0, video.length - length);
    const t = await measure(start, start + length - 1);
    const into = isLarge ? large : small;
    into.firstByte.push(t.firstByte);
    into.full.push(t.full);
  }
  console.log(
    `\n${SEEKS} seeks on a ${VIDEO_MB} MB video, one at a time, every answer 206 with the exact bytes`,
  );
  console.log(summarize('small range (1-16 KiB): first byte', small.firstByte));
  console.log(summarize('small range (1-16 KiB): full answer', small.full));
  console.log(summarize('1 MiB range: first byte', large.firstByte));
  console.log(summarize('1 MiB range: full answer', large.full));
  const p95 = percentile(small.full, 95);
  console.log(
    `\nGoal: a seek answers 206 in ≤ ${GOAL_P95_MS} ms (p95, small range, full answer): ${p95.toFixed(2)} ms → ${p95 <= GOAL_P95_MS ? 'PASS' : 'FAIL'}`,
  );
  process.exitCode = p95 <= GOAL_P95_MS ? 0 : 1;
} finally {
  stop();
}
