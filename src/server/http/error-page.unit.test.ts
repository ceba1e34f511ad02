import { describe, expect, it } from 'vitest';
import { errorPage } from './error-page';

describe('the page of a failed API link', () => {
  it('repeats the message as text, never as markup', () => {
    const html = errorPage({
      status: 404,
      message: 'No order <b onmouseover="x()">SC-1</b> & co',
      url: '/api/orders/x/invoice.pdf',
      requestId: 'r1',
    });
    expect(html).not.toContain('<b ');
    expect(html).toContain('No order &lt;b onmouseover=&quot;x()&quot;&gt;SC-1&lt;/b&gt; &amp; co');
    expect(html).toContain('<a class="button" href="/orders">Your orders</a>');
  });

  it('leads to the part of the shop the link belongs to, and gives a reference for the shop’s own failures', () => {
    expect(errorPage({ status: 403, message: 'No.', url: '/api/admin/reports/x.csv', requestId: 'r2' })).toContain(
      'href="/admin/dashboard"',
    );
    const failed = errorPage({
      status: 500,
      message: 'Something went wrong on our side.',
      url: '/api/vendor/payouts/p/statement.pdf',
      requestId: 'req-42',
    });
    expect(failed).toContain('<h1>Something went wrong</h1>');
    expect(failed).toContain('href="/vendor/dashboard"');
    expect(failed).toContain('Reference: req-42');
  });
});
