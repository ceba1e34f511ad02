import { defineConfig } from 'drizzle-kit';

// Only generates SQL from the schema; migrations are applied by the app at start (src/server/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/server/db/schema/*.ts', './src/server/db/views/*.ts'],
  out: './src/server/db/migrations',
  casing: 'snake_case',
});
