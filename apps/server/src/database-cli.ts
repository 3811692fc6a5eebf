import { loadConfig } from './config.js';
import { DatabaseUnavailableError, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemoData } from './seed/seed.js';

/** `npm run db:migrate` and `npm run db:seed`. */
async function main(command: string | undefined): Promise<void> {
  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runMigrations(handle);
    if (command === 'seed') await seedDemoData(handle.db, { password: config.demoPassword });
    console.log(`${command === 'seed' ? 'Migrated and seeded' : 'Migrated'} ${handle.location}`);
  } finally {
    await handle.close();
  }
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(
    error instanceof DatabaseUnavailableError
      ? error.message
      : `Database command failed: ${(error as Error).message}`,
  );
  process.exit(1);
});
