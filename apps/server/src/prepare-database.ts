import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemoData } from './seed/seed.js';

/** Opens the configured database, applies migrations and, in demo mode, seeds demo data. */
export async function prepareDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(handle);
    if (config.demoSeed) await seedDemoData(handle.db, { password: config.demoPassword });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
