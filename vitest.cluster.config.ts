import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The cluster suite (npm run test:cluster): one file at a time against the topology it starts itself. */
export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'src') } },
  test: {
    name: 'cluster',
    environment: 'node',
    include: ['tests/cluster/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
