import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two checkouts of the shop run their stories side by side.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const BASE_URL = `http://localhost:${PORT}`;
const desktopChromium = { ...devices['Desktop Chrome'], channel: undefined };

/**
 * Browser stories drive Debian's Chromium (never a downloaded browser) against the built
 * app, served by the real server on a fresh data directory with the demo data.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Long stories (a vendor registering, uploading pictures) take 30–50 s on 2 shared cores while the server builds thumbnails.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  outputDir: 'test-results',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [
    // Signs the demo admin in once for the run (tests/e2e/admin-session.setup.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/, use: desktopChromium },
    { name: 'chromium', dependencies: ['setup'], use: desktopChromium },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { PORT: String(PORT) },
    // SIGTERM, not the default SIGKILL: the server then stops its embedded PostgreSQL, which runs
    // in a process group of its own and would otherwise outlive the stories (its stop takes ~1 s).
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
