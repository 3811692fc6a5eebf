import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

/**
 * The load generators of `npm run bench -- load`. Both send one call's requests over
 * `connections` keep-alive connections for `seconds` and give back the responses' latencies as
 * a histogram (microseconds → count), so runs against several servers merge: exactly for
 * autocannon, to within a thousandth of the responses for wrk (below).
 *
 * wrk (Debian's `wrk`, C, one thread per call) is preferred: the bench shares two cores with the
 * server and PostgreSQL, and autocannon, running in the bench's own Node process, took about half
 * a core at 1,500 requests a second — CPU the server then did not have. In a real deployment the
 * clients are other machines. autocannon stays as the fallback where wrk is not installed.
 */
export type LoadRequest = {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  connections: number;
  seconds: number;
};

export type LoadResult = {
  /** Latency in microseconds → responses (wrk: its distribution, in thousandths). */
  histogram: Map<number, number>;
  /**
   * What went wrong, and how often: HTTP statuses ≥ 300 (autocannon) or ≥ 400 (what wrk
   * counts; the bench checks each call answers below 300 before the clock starts), timeouts,
   * socket errors.
   */
  failures: Map<string, number>;
};

export type LoadDriver = {
  name: 'wrk' | 'autocannon';
  run(request: LoadRequest): Promise<LoadResult>;
};

export function wrkAvailable(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

export function chooseDriver(wanted = process.env.LOAD_DRIVER): LoadDriver {
  if (wanted === 'autocannon') return autocannonDriver;
  if (wrkAvailable()) return wrkDriver;
  if (wanted === 'wrk')
    throw new Error('LOAD_DRIVER=wrk, but wrk is not installed (apt-get install wrk)');
  console.log(
    'wrk is not installed (apt-get install wrk): autocannon drives the load, in this process',
  );
  return autocannonDriver;
}

function add(map: Map<string | number, number>, key: string | number, n = 1) {
  map.set(key, (map.get(key) ?? 0) + n);
}

/** A Lua string literal: wrk's LuaJIT reads JSON's escapes but for \u, so only ASCII goes in. */
function lua(text: string): string {
  if (!/^[\x20-\x7e]*$/.test(text)) throw new Error(`not printable ASCII: ${text}`);
  return JSON.stringify(text);
}

/** Points of wrk's latency distribution the bench reads: every 0.1 percentile. */
const QUANTILES = 1000;

/**
 * wrk's script: the request, and at the end the error counts and the latency distribution at
 * every 0.1 percentile on one line (wrk 4.1's Lua gives percentiles, not its raw histogram).
 */
function wrkScript(request: LoadRequest): string {
  const headers = Object.entries(request.headers)
    .map(([name, value]) => `wrk.headers[${lua(name)}] = ${lua(value)}`)
    .join('\n');
  return `wrk.method = ${lua(request.method)}
${request.body === undefined ? '' : `wrk.body = ${lua(request.body)}`}
${headers}
done = function(summary, latency, requests)
  local e = summary.errors
  local points = {}
  for i = 1, ${QUANTILES} do points[i] = latency:percentile(i * ${100 / QUANTILES}) end
  io.write(string.format("\\nRESULT %d %d %d %d %d %d %s\\n", summary.requests, e.connect,
    e.read, e.write, e.status, e.timeout, table.concat(points, ",")))
end
`;
}

export const wrkDriver: LoadDriver = {
  name: 'wrk',
  async run(request) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-wrk-'));
    const script = path.join(dir, 'call.lua');
    fs.writeFileSync(script, wrkScript(request));
    try {
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(
          'wrk',
          [
            '-t1',
            `-c${request.connections}`,
            `-d${request.seconds}s`,
            '--timeout',
            '10s',
            '-s',
            script,
            request.url,
          ],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        child.on('error', reject);
        child.on('close', (code) =>
          code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}: ${out}`)),
        );
      });
      const line = output.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) throw new Error(`wrk printed no result: ${output}`);
      const [, requests, connect, read, write, status, timeout, points = ''] = line.split(' ');
      // Point i (of k) is the latency at i/k of the responses: it stands for the whole
      // responses between the previous point and it, so the counts add up to the total.
      const histogram = new Map<number, number>();
      const latencies = points.split(',').filter(Boolean).map(Number);
      const upTo = (i: number) => Math.round((Number(requests) * i) / latencies.length);
      latencies.forEach((us, i) => add(histogram, us, upTo(i + 1) - upTo(i)));
      const failures = new Map<string, number>();
      const counted = {
        'HTTP ≥ 400': status,
        timeout,
        'connect error': connect,
        'read error': read,
        'write error': write,
      };
      for (const [what, n] of Object.entries(counted))
        if (Number(n) > 0) add(failures, what, Number(n));
      return { histogram, failures };
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  },
};

export const autocannonDriver: LoadDriver = {
  name: 'autocannon',
  async run(request) {
    const histogram = new Map<number, number>();
    const failures = new Map<string, number>();
    await new Promise<autocannon.Result>((resolve, reject) => {
      const instance = autocannon(
        {
          url: request.url,
          method: request.method,
          connections: request.connections,
          duration: request.seconds,
          headers: request.headers,
          body: request.body,
        },
        (error: unknown, done: autocannon.Result) => (error ? reject(error) : resolve(done)),
      );
      instance.on('response', (_client, status, _bytes, responseTime) => {
        add(histogram, Math.round(responseTime * 1000));
        if (status >= 300) add(failures, `HTTP ${status}`);
      });
      instance.on('reqError', (error: Error) => add(failures, error.message));
    });
    return { histogram, failures };
  },
};

export function mergeResults(results: LoadResult[]): LoadResult {
  const histogram = new Map<number, number>();
  const failures = new Map<string, number>();
  for (const r of results) {
    for (const [us, n] of r.histogram) add(histogram, us, n);
    for (const [what, n] of r.failures) add(failures, what, n);
  }
  return { histogram, failures };
}

export function responses(histogram: Map<number, number>): number {
  let n = 0;
  for (const count of histogram.values()) n += count;
  return n;
}

/** Percentile (nearest rank) of a latency histogram, in milliseconds. */
export function histogramPercentile(histogram: Map<number, number>, p: number): number {
  const total = responses(histogram);
  if (total === 0) return NaN;
  const rank = Math.max(1, Math.ceil((p / 100) * total));
  let seen = 0;
  for (const us of [...histogram.keys()].sort((a, b) => a - b)) {
    seen += histogram.get(us)!;
    if (seen >= rank) return us / 1000;
  }
  return NaN;
}

/**
 * CPU seconds this process and the children it has reaped have used (from /proc): the load
 * generator's own cost, autocannon's in-process or wrk's as children.
 */
export function generatorCpuSeconds(): number {
  const stat = fs.readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime: the 12th to 15th fields after the command.
  return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
}
