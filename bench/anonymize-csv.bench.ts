import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  anonymizedCsv,
  openCsv,
  planColumns,
} from '../apps/server/src/engine/anonymize/anonymize-csv-stream.js';

/**
 * The CSV anonymizer (issue figure: 1,000,000 rows ≤ 10 s, constant memory). A spend file of
 * ROWS rows (5,000 suppliers with their e-mails, amounts with cents, a description with a quoted
 * comma, a date) is generated as it is read, anonymized through the same stream the endpoint
 * sends and counted away; RSS is sampled as it runs, so its growth shows whether memory stays
 * flat. Every amount is unique-ish, so each row costs one HMAC at least.
 */
const ROWS = Number(process.env.ANONYMIZE_ROWS ?? 1_000_000);
const BATCH = 1000;

function* spendFile(): Generator<Buffer> {
  yield Buffer.from('Supplier Name,Supplier Email,Amount,Description,Invoice Date\r\n');
  for (let start = 0; start < ROWS; start += BATCH) {
    let text = '';
    for (let i = start; i < Math.min(ROWS, start + BATCH); i++) {
      const s = (i * 7919) % 5000;
      const amount = (((i * 104729) % 10_000_000) / 100 - 1000).toFixed(2);
      text += `Supplier ${s} Ltd,ap${s}@supplier${s}.co.uk,${amount},"Invoice ${i}, services",2026-0${1 + (i % 9)}-1${i % 10}\r\n`;
    }
    yield Buffer.from(text);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
global.gc?.();
const rssStart = process.memoryUsage().rss;
let rssPeak = rssStart;
let rssAfterFirstTenth = 0;
/** RSS when a quarter, half, three quarters of the rows were written: flat if memory is constant. */
const rssAtQuarter: number[] = [];
let heapPeak = 0;
let bytesOut = 0;
let linesOut = 0;
const t0 = performance.now();
const csv = await openCsv(Readable.from(spendFile()));
const plan = planColumns(csv.header, {
  'Supplier Name': 'name',
  'Supplier Email': 'email',
  Amount: 'amount',
  Description: 'text',
});
await pipeline(
  Readable.from(anonymizedCsv(csv, plan, 'bench key')),
  new Writable({
    write(chunk: string, _encoding, done) {
      bytesOut += chunk.length;
      for (let i = chunk.indexOf('\n'); i !== -1; i = chunk.indexOf('\n', i + 1)) linesOut++;
      if (linesOut % 50_000 < 1000) {
        const rss = process.memoryUsage().rss;
        rssPeak = Math.max(rssPeak, rss);
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        if (!rssAfterFirstTenth && linesOut >= ROWS / 10) rssAfterFirstTenth = rss;
        if (linesOut >= ((rssAtQuarter.length + 1) * ROWS) / 4) rssAtQuarter.push(rss);
      }
      done();
    },
    decodeStrings: false,
    objectMode: true,
  }),
);
const seconds = (performance.now() - t0) / 1000;
const rssEnd = process.memoryUsage().rss;
console.log(`rows: ${(linesOut - 1).toLocaleString('en-GB')} (+ header), output ${mb(bytesOut)}`);
console.log(
  `time: ${seconds.toFixed(2)} s (${Math.round((linesOut - 1) / seconds).toLocaleString('en-GB')} rows/s; target ≤ 10 s: ${seconds <= 10 ? 'met' : 'MISSED'})`,
);
console.log(
  `RSS: start ${mb(rssStart)}, after 10 % ${mb(rssAfterFirstTenth)}, peak ${mb(rssPeak)}, end ${mb(rssEnd)}; growth from 10 % to peak ${mb(rssPeak - rssAfterFirstTenth)}`,
);
console.log(`RSS at 25 / 50 / 75 % of the rows: ${rssAtQuarter.slice(0, 3).map(mb).join(' / ')}`);
console.log(`JS heap used: peak ${mb(heapPeak)} (garbage not yet collected included)`);
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
