import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const c = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL: 'http://localhost:3300' });
const page = await c.newPage();
await page.request.post('/api/auth/login', { data: { email: 'aniket@punetechhub.in', password: 'PuneTechHub-2026' } });
await page.goto('http://localhost:3300/vendor/products/prd_mvsqwHOCkr3CdclH8JeR'); await page.waitForLoadState('networkidle'); await page.waitForTimeout(800);
console.log('overflow', await page.evaluate(() => document.documentElement.scrollWidth - innerWidth));
const wide = await page.evaluate(`(() => { const out = []; const W = window.innerWidth;
  function clipped(el) { for (let a = el.parentElement; a; a = a.parentElement) { const o = getComputedStyle(a).overflowX; if (o !== 'visible') return true; } return false; }
  for (const el of document.querySelectorAll('body *')) { const r = el.getBoundingClientRect(); if (r.right > W + 0.5 && r.width > 0 && !clipped(el)) out.push(el.tagName + '#' + el.id + '.' + (el.getAttribute('class')||'').slice(0,140) + ' right=' + r.right.toFixed(1) + ' w=' + r.width.toFixed(1) + ' text=' + (el.textContent||'').slice(0,60)); } return out.slice(0, 15); })()`) as string[];
console.log(wide.join('\n'));
await page.screenshot({ path: '/tmp/qa/vendor-edit.png', fullPage: true });
await browser.close();
