import { defineConfig } from 'drizzle-kit';

// Generate migrations from the repository root: `npm run db:generate` (it also records the new
// migration's hash; committed migrations are never edited) and check that the schema and the
// migrations agree with `npm run db:check`. Hand-written SQL goes in a custom migration
// (`npm run db:generate -- --custom --name=<what>`).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
});
