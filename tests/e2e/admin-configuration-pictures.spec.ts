import sharp from 'sharp';
import { DEMO_ACCOUNTS, openAdminConsole } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { listMonitor } from './support/seller-products';

/** A picture of one colour at 1000 × 750. */
const picture = ([r, g, b]: readonly [number, number, number]) =>
  sharp({ create: { width: 1000, height: 750, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

test('an admin shows a configuration’s own picture', async ({ page, browser }) => {
  // A seller's monitor in black and white, with two pictures: the black front and the white one.
  const seller = await browser.newContext();
  const vendor = DEMO_ACCOUNTS.approvedVendor;
  const login = await seller.request.post('/api/auth/login', {
    data: { email: vendor.email, password: vendor.password, portal: 'vendor' },
  });
  expect(login.status()).toBe(200);
  const run = Date.now().toString(36).toUpperCase();
  const name = `Zebronics ${run} Viman Nagar 24-inch Monitor`;
  const productId = await listMonitor(seller.request, 'Zebronics', name);
  for (const [alt, colour] of [
    ['Black front', [20, 20, 20]],
    ['White front', [235, 235, 240]],
  ] as const) {
    const uploaded = await seller.request.post(`/api/vendor/products/${productId}/images?alt=${encodeURIComponent(alt)}`, {
      data: await picture(colour),
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const grid = (await (await seller.request.get(`/api/vendor/products/${productId}/configurations`)).json()) as {
    configurations: Record<string, unknown>[];
  };
  const own = grid.configurations[0]!;
  const offer = own.offer as { pricePaise: number; stock: number; dispatchDays: number };
  const row = (options: { colour: string }, extra: Record<string, unknown>) => ({
    options,
    sku: null,
    ean: null,
    status: 'active',
    mrpPaise: own.mrpPaise,
    hsnCode: own.hsnCode,
    gstRateBp: own.gstRateBp,
    processor: null,
    ramGb: null,
    storageGb: null,
    storageType: null,
    screenSizeIn: own.screenSizeIn,
    colour: options.colour,
    pricePaise: offer.pricePaise,
    stock: offer.stock,
    dispatchDays: offer.dispatchDays,
    ...extra,
  });
  const saved = await seller.request.put(`/api/vendor/products/${productId}/configurations`, {
    data: {
      optionKeys: ['colour'],
      configurations: [
        row({ colour: 'Black' }, { variantId: own.variantId, sku: own.sku, stockWas: offer.stock }),
        row({ colour: 'White' }, { sku: `ZEB-W-${run}` }),
      ],
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await seller.close();

  // The admin opens the product and marks the second picture as the white configuration's.
  await openAdminConsole(page);
  await page.goto(`/admin/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const pictures = page.getByRole('region', { name: 'Pictures' });
  const second = pictures.getByRole('combobox', { name: 'Picture 2 shows' });
  await expect(second).toBeEnabled();
  await expect(second).toHaveValue('');
  await second.selectOption({ label: 'White' });
  await expect(page.getByText('The picture now shows White.')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // The shop reads it as the white configuration's picture; the seller's list says the same.
  const shown = async () =>
    (
      (await (await page.request.get(`/api/admin/products/${productId}/images`)).json()) as {
        pictures: { alt: string; variantId: string | null }[];
      }
    ).pictures;
  const white = (await shown()).find((p) => p.alt === 'White front')!;
  expect(white.variantId).not.toBeNull();

  // Again for every configuration: the model's picture once more.
  await second.selectOption({ label: 'All configurations' });
  await expect(page.getByText('The picture now shows every configuration.')).toBeVisible();
  expect((await shown()).every((p) => p.variantId === null)).toBe(true);
  await page.reload();
  await expect(pictures.getByRole('combobox', { name: 'Picture 2 shows' })).toHaveValue('');
});
