import { defineConfig } from 'drizzle-kit';

// The PostgreSQL twin of drizzle.config.ts (SQLite); `npm run generate` writes both (ADR 028).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/postgres.ts',
  out: './migrations-postgres',
});
