import pg from 'pg';

/**
 * What the benchmarks that start a real server share: a fresh PostgreSQL database for each run
 * (dropped and made again, so a run never measures the last one's rows) and a wait for the
 * server, a job or a browser to be ready.
 */
export async function recreateDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1).replace(/"/g, '');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
}

/** Asks `probe` every half second until it answers something, or throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
