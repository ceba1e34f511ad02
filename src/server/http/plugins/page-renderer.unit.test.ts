import { describe, expect, it } from 'vitest';
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
});
