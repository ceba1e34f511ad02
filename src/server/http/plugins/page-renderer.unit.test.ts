import { describe, expect, it } from 'vitest';
import { renderHead } from '../../modules/catalogue/seo';
import { assemblePage, renderedPageTemplate } from './page-renderer';

/** The head and body of dist/web/index.html as Vite writes them. */
const built = [
  '<head><script type="module" crossorigin src="/assets/main-a1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">',
  '<link rel="stylesheet" crossorigin href="/assets/main-c3.css"></head>',
  '<body><div id="root"></div></body>',
].join('\n');

describe('the HTML of a server-rendered page', () => {
  it('asks for its script at low priority, and leaves the stylesheet as it was', () => {
    const template = renderedPageTemplate(built);
    expect(template).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/main-a1.js">');
    expect(template).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-b2.js">');
    expect(template).toContain('<link rel="stylesheet" crossorigin href="/assets/main-c3.css">');
  });

  it('carries the rendered page in #root and its data as inert JSON that cannot close its script tag', () => {
    const html = assemblePage(renderedPageTemplate(built), {
      html: '<h1>ThinkPad E14</h1>',
      state: { name: '</script><script>alert(1)</script>' },
      hydrate: true,
    });
    expect(html).toContain('<div id="root" data-hydrate="true"><h1>ThinkPad E14</h1></div>');
    const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
    expect(data).not.toBeNull();
    expect(JSON.parse(data![1]!)).toEqual({ name: '</script><script>alert(1)</script>' });
  });

  it("shows a vendor's text with $&, $' and $` in it as written, in the page and in its head", () => {
    // String.replace reads these in a replacement text: "$'" would copy the rest of the template in.
    const text = "Dell Inspiron $& 15 — US$'s best, $` and $$";
    const template = built.replace('<head>', '<head><title>Sahyadri Computers</title><meta name="description" content="Computers" />');
    const head = renderHead(renderedPageTemplate(template), {
      status: 200,
      title: text,
      description: text,
      canonical: 'https://shop.example.in/product/prd_1',
      jsonLd: [{ name: text }],
    });
    const html = assemblePage(head, { html: `<h1>${text}</h1>`, state: { name: text }, hydrate: true });
    const escaped = text.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
    expect(html).toContain(`<title>${escaped} — `);
    expect(html).toContain(`<meta name="description" content="${escaped}" />`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toContain(`<div id="root" data-hydrate="true"><h1>${text}</h1></div>`);
    const jsonLd = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
    expect(JSON.parse(jsonLd![1]!)).toEqual({ name: text });
    const data = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
    expect(JSON.parse(data![1]!)).toEqual({ name: text });
    // Nothing of the template is copied in twice.
    for (const once of ['<head>', '</head>', '<body>', '<div id="root"', 'main-a1.js', '<title>']) {
      expect(html.split(once)).toHaveLength(2);
    }
  });
});
