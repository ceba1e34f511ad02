import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core in the page (WCAG 2.1 A and AA rules) and fails with a readable list of
 * violations. The script is evaluated through the DevTools protocol, so the page's CSP
 * stays strict.
 */
export async function expectNoAccessibilityViolations(page: Page) {
  // A list still showing the previous page's rows (dimmed, aria-busy) is not what the person reads.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // A toast fades in only once sonner marks it mounted (a frame after it enters the page): wait for that,
  // so that its fade is among the transitions waited for below.
  await expect(page.locator('[data-sonner-toast][data-mounted="false"]')).toHaveCount(0);
  // Colours mid-transition (a button just enabled fading from grey, a toast fading in) are no one's final
  // contrast. A transition that ends may start another (a toast's stack moving up): wait until a frame
  // starts none.
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (let round = 0; round < 10; round += 1) {
      await frame();
      const running = document.getAnimations().filter((a) => a instanceof CSSTransition && a.playState === 'running');
      if (running.length === 0) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    // A toast whose time runs out while axe reads the page fades out: no one's final contrast either. While axe
    // runs, a toast is shown or gone, without a fade between (the sheet is taken away again afterwards).
    const still = new CSSStyleSheet();
    still.replaceSync('[data-sonner-toast], [data-sonner-toast] * { transition: none !important; animation: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
    try {
      const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      }));
    } finally {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
    }
  });
  const report = violations.map((v) => `${v.impact}: ${v.id} — ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(report, 'accessibility violations').toEqual([]);
}

/**
 * After a full load of a page the server rendered, waits until the app has hydrated all of it (the app
 * marks <html data-ready="true"> once every Suspense boundary is hydrated and the page shows this
 * browser's cart and session): a click on its HTML before the app starts does nothing but follow links.
 * Other pages, and pages without script, are left as they are.
 */
function waitForHydration(page: Page) {
  const whenReady = () =>
    page.waitForFunction(() => !document.getElementById('page-data') || document.documentElement.dataset['ready'] === 'true');
  const goto = page.goto.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await whenReady();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await whenReady();
    return response;
  };
}

/**
 * Every story also fails if the page breaks the Content Security Policy, if Chromium cannot read the
 * Permissions-Policy header (an unknown feature is a console warning), or if the page throws.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) waitForHydration(page);
    await use(page);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
        if (/Permissions-Policy/i.test(message.text())) problems.push(`Permissions-Policy: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`Uncaught: ${error.message}`));
      await use(problems);
      expect(problems, 'CSP violations, unreadable Permissions-Policy or uncaught errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
