import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './constants';
import { isKnownPage, isWebAddress, paths } from './paths';

const seedRoutes = [
  paths.home,
  paths.products,
  ...CATEGORIES.map((c) => paths.category(c)),
  paths.search('gaming laptop').split('?')[0]!,
  paths.about,
  paths.contact,
  paths.returns,
  paths.privacy,
  paths.terms,
  paths.product('prd_123'),
  paths.cart,
  paths.checkout,
  paths.orderSuccess,
  paths.orders,
  paths.orderDetails('ord_9f2a'),
  paths.login,
  paths.register,
  ...Object.values(paths.vendor),
  ...Object.values(paths.admin),
];

describe('isKnownPage', () => {
  it.each(seedRoutes)('knows the page %s', (route) => {
    expect(isKnownPage(route)).toBe(true);
  });

  it('knows the pages the e-mails link to and the account pages added since the seed', () => {
    for (const path of [
      paths.verifyEmail,
      paths.backInStockConfirm,
      paths.backInStockStop,
      paths.accountProfile,
      paths.accountAlerts,
      paths.vendorOrder('ord_9f2a'),
    ]) {
      expect(isKnownPage(path), path).toBe(true);
    }
    expect(isKnownPage('/back-in-stock')).toBe(false);
  });

  it('ignores a trailing slash', () => {
    expect(isKnownPage('/about/')).toBe(true);
    expect(isKnownPage('/category/Monitor/')).toBe(true);
    expect(isKnownPage('/admin/users//')).toBe(true);
  });

  it('does not know a category outside the catalogue, nor the wrong case of one', () => {
    expect(isKnownPage('/category/Toasters')).toBe(false);
    expect(isKnownPage('/category/laptop')).toBe(false);
    expect(isKnownPage('/category/')).toBe(false);
  });

  it('does not know paths that are no page', () => {
    for (const path of [
      '/no-such-page',
      '/about/team',
      '/product/',
      '/product/a/b',
      '/order-details',
      '/vendor/secret',
      '/admin/secret',
      '/api/health',
    ]) {
      expect(isKnownPage(path), path).toBe(false);
    }
  });
});

describe('isWebAddress', () => {
  it('takes a courier’s http or https tracking link, and nothing a browser would run or open as a document', () => {
    expect(isWebAddress('https://www.bluedart.com/tracking?awb=BD99887766')).toBe(true);
    expect(isWebAddress('HTTP://delhivery.com/track/1234')).toBe(true);
    for (const url of [
      'javascript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://x.in/a',
      'https://x.in/a b',
      '',
      null,
      undefined,
    ])
      expect(isWebAddress(url), String(url)).toBe(false);
  });
});
