import { globSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = { '~': path.resolve(import.meta.dirname, 'src') };

/**
 * Unit and component files use one worker per core (Vitest's default leaves one of two cores idle),
 * and a worker keeps its loaded modules from one file to the next (`isolate: false`): importing
 * React, Testing Library and jsdom again for each of ~80 component files was most of their time.
 * Each test still gets a fresh DOM (Testing Library's cleanup) and puts back the globals it stubbed.
 * A file that replaces a module (`vi.mock`) runs in a fresh worker of its own (project web-mocks):
 * a module an earlier file had loaded would keep the real one.
 */
const sharedWorkers = { maxWorkers: availableParallelism(), isolate: false, unstubGlobals: true, unstubEnvs: true } as const;
const webTests = 'src/web/**/*.test.{ts,tsx}';
const replacesModules = globSync(webTests, { cwd: import.meta.dirname }).filter((file) =>
  /\bvi\.(do)?mock\(/.test(readFileSync(path.join(import.meta.dirname, file), 'utf8')),
);

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          ...sharedWorkers,
          include: ['src/shared/**/*.test.ts', 'src/server/**/*.unit.test.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          // One API file per core, not Vitest's default of one fewer: they spend much of their time waiting
          // on PostgreSQL, Redis and timers, which a second file fills. They run after the unit and component
          // files (groupOrder): a component test's 500 ms bound failed with an API file beside it.
          maxWorkers: availableParallelism(),
          // A worker keeps the server's modules loaded from one file to the next: each file builds its
          // own app on its own database clone (test/test-app.ts), so nothing but code is shared, and
          // importing the whole server again for each of ~90 files took ~4 s a file.
          isolate: false,
          sequence: { groupOrder: 1 },
          include: ['src/server/**/*.api.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'jsdom',
          ...sharedWorkers,
          include: [webTests],
          exclude: replacesModules,
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'web-mocks',
          environment: 'jsdom',
          maxWorkers: availableParallelism(),
          include: replacesModules,
          setupFiles: ['src/web/test/setup.ts'],
        },
      },
    ],
  },
});
