import { defineConfig } from 'drizzle-kit';

// The PostgreSQL schema and its migrations (`npm run db:generate:pg`); drizzle.config.ts is SQLite's.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/pg/schema.ts',
  out: './migrations-pg',
});
