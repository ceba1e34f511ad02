import { chromium, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { generateSync } from 'otplib';
const require = createRequire('/work/main/package.json');
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const BASE = 'http://localhost:3300';
const width = Number(process.env.W ?? 390);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
async function check(page: Page, url: string, tag: string) {
  const problems: string[] = [];
  const onConsole = (m: any) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text().slice(0, 200)}`); };
  const onErr = (e: Error) => problems.push(`pageerror: ${e.message}`);
  page.on('console', onConsole); page.on('pageerror', onErr);
  const res = await page.goto(BASE + url);
  await page.waitForLoadState('networkidle').catch(() => {});
  await page.waitForTimeout(500);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 0) problems.push(`overflow ${overflow}px`);
  await page.evaluate(AXE);
  const v = await page.evaluate(async () => (await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations.map((x: any) => `${x.id} ${x.nodes.map((n: any) => n.target.join(' ')).slice(0, 3).join(', ')}`));
  problems.push(...v.map((x: string) => `axe: ${x}`));
  await page.screenshot({ path: `/tmp/qa/shots/${tag}-${url.replace(/[^a-z0-9]+/gi, '_')}.png`, fullPage: false });
  page.off('console', onConsole); page.off('pageerror', onErr);
  console.log(`${tag} ${url} ${res?.status()} ${page.url() !== BASE + url ? '-> ' + page.url().replace(BASE, '') : ''} ${problems.length ? '\n   ' + problems.join('\n   ') : 'ok'}`);
}
async function ctx(email?: string, password?: string, totp?: string) {
  const c = await browser.newContext({ viewport: { width, height: 844 }, baseURL: BASE });
  const page = await c.newPage();
  if (email) {
    const r = await page.request.post('/api/auth/login', { data: { email, password } });
    if (totp) { const code = generateSync({ secret: totp, epoch: Math.floor(Date.now() / 1000) + 30 }); const r2 = await page.request.post('/api/auth/two-factor', { data: { code } }); console.log('2fa', r2.status(), (await r2.text()).slice(0, 100)); }
    console.log('login', email, r.status());
  }
  return page;
}
const which = process.env.WHO ?? 'vendor,admin';
const firstProduct = (await (await fetch(BASE + '/category/Laptop')).text()).match(/href="(\/product\/[^"]+)"/)![1];
if (which.includes('guest')) {
  const p = await ctx();
  for (const u of ['/', '/products', '/category/Laptop', '/category/Monitor', '/search?q=dell', '/search?q=%25_%25', firstProduct, '/compare', '/about', '/contact', '/returns', '/privacy', '/terms', '/cart', '/login', '/register', '/forgot-password', '/vendor/register', '/vendor/login', '/nope']) await check(p, u, 'guest');
}
if (which.includes('customer')) {
  const p = await ctx('rohan.deshpande@example.in', 'Rohan-Shops-2026');
  for (const u of ['/', firstProduct, '/cart', '/checkout', '/orders', '/wishlist', '/account/profile', '/account/alerts']) await check(p, u, 'customer');
  const orders = await (await p.request.get('/api/orders')).json();
  const first = (orders.items ?? orders.data ?? orders)[0];
  if (first) { await check(p, `/order-details/${first.id}`, 'customer'); await check(p, `/order-details/${first.id}/invoice`, 'customer'); }
}
if (which.includes('vendor')) {
  const p = await ctx('aniket@punetechhub.in', 'PuneTechHub-2026');
  for (const u of ['/vendor/products', '/vendor/products/prd_mvsqwHOCkr3CdclH8JeR', '/vendor/products/new', '/vendor/orders?status=all']) await check(p, u, 'vendor');
}
if (which.includes('admin')) {
  const p = await ctx('admin@sahyadricomputers.in', 'Sahyadri-Admin-2026', 'KNQWQ6LBMRZGSLKEMVWW6LKBMRWWS3RB');
  for (const u of ['/admin/products/prd_mkA5g2nA8RAP5h37L2Te', '/admin/orders/ord_EBe7otFHyFCppJ7F4Ume', '/admin/users/usr_cPmOrEzDePQ2jGCuyXjinnnG', '/admin/reports?report=payouts', '/admin/reports?report=tcs']) await check(p, u, 'admin');
}
await browser.close();
