import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/tables.ts with `npm run db:generate` and committed.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/db/tables.ts',
  out: './migrations',
});
