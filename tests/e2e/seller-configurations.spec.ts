import { randomInt } from 'node:crypto';
import sharp from 'sharp';
import { STRONG_PASSWORD, uniqueEmail } from './support/accounts';
import { expect, expectNoAccessibilityViolations, test } from './support/fixtures';
import { openMailbox, verifyEmailFromMailbox } from './support/mailbox';

/** A picture of one colour at 1000 × 750, as a seller's camera would not take it but the shop accepts. */
const picture = ([r, g, b]: readonly [number, number, number]) =>
  sharp({ create: { width: 1000, height: 750, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

test('a seller adds a 32 GB configuration to its laptop, sets its price and stock, marks a picture as that configuration’s, and a shopper sees it on the product page', async ({
  page,
  browser,
}) => {
  test.slow();
  // A seller of its own (no demo seller's products, which other stories change): registered, verified, approved.
  const email = uniqueEmail('vendor');
  const registered = await page.request.post('/api/vendors/register', {
    data: {
      name: 'Sayali Kale',
      email,
      password: STRONG_PASSWORD,
      confirmPassword: STRONG_PASSWORD,
      businessName: `Baner Laptop Studio ${Date.now().toString(36)}`,
      mobile: `98${String(randomInt(10_000_000, 99_999_999))}`,
      pickupLine1: 'Shop 4, Baner Road',
      pickupCity: 'Pune',
      pickupState: 'Maharashtra',
      pickupPinCode: '411045',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const vendorId = ((await registered.json()) as { user: { vendor: { id: string } } }).user.vendor.id;
  const admin = await openMailbox(browser);
  await verifyEmailFromMailbox(admin, page, email);
  expect((await admin.request.post(`/api/admin/vendors/${vendorId}/decision`, { data: { decision: 'approve' } })).status()).toBe(200);
  // Trusted, so its laptop goes on sale without the review queue (decision 70), which another story walks through.
  expect((await admin.request.put(`/api/admin/vendors/${vendorId}/trust`, { data: { trusted: true } })).status()).toBe(200);
  await admin.context().close();

  // Its laptop, 16 GB / 512 GB, on sale with two pictures: the front, and the lid of the 32 GB model.
  const name = `Lenovo ThinkPad Baner ${Date.now().toString(36).toUpperCase()} 14-inch`;
  const created = await page.request.post('/api/vendor/products', {
    data: {
      category: 'Laptop',
      brand: 'Lenovo',
      name,
      description: 'A 14-inch business laptop with a good keyboard, for offices in Pune that want it to last five years.',
      price: '74,990',
      mrp: '89,990',
      hsnCode: '84713010',
      gstRatePercent: 18,
      stock: '5',
      warranty: '1 year onsite',
      warrantyMonths: '12',
      originCountry: 'China',
      makerName: 'Lenovo (India) Pvt Ltd',
      makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
      weightKg: '1.9',
      lengthCm: '38',
      widthCm: '27',
      heightCm: '6',
      status: 'active',
      processor: 'Intel Core Ultra 5 125U',
      processorFamily: 'Intel Core Ultra 5',
      ramGb: '16',
      storageGb: '512',
      storageType: 'SSD',
      graphics: 'Intel Graphics',
      operatingSystem: 'Windows 11 Pro',
      screenSizeIn: '14',
      resolution: '1920x1200',
      resolutionName: 'WUXGA',
      panelType: 'IPS',
      refreshRateHz: '60',
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const productId = ((await created.json()) as { product: { id: string } }).product.id;
  for (const [alt, colour] of [
    ['Front of the laptop', [30, 30, 30]],
    ['Silver lid of the 32 GB model', [200, 200, 210]],
  ] as const) {
    const uploaded = await page.request.post(`/api/vendor/products/${productId}/images?alt=${encodeURIComponent(alt)}`, {
      data: await picture(colour),
      headers: { 'content-type': 'image/png' },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }

  // On the product's page in the seller centre, the seller names the options and adds the 32 GB configuration.
  await page.goto(`/vendor/products/${productId}`);
  const section = page.getByRole('region', { name: 'Configurations' });
  await expect(section.getByRole('textbox', { name: 'Price (₹), configuration 1' })).toHaveValue('74,990');
  await section.getByRole('checkbox', { name: 'RAM', exact: true }).check();
  await section.getByRole('checkbox', { name: 'Storage', exact: true }).check();
  await section.getByRole('textbox', { name: 'RAM, configuration 1' }).fill('16 GB');
  await section.getByRole('textbox', { name: 'Storage, configuration 1' }).fill('512 GB SSD');
  await section.getByRole('button', { name: 'Add configuration' }).click();
  await section.getByRole('textbox', { name: 'RAM, configuration 2' }).fill('32 GB');
  await section.getByRole('textbox', { name: 'Storage, configuration 2' }).fill('1 TB SSD');
  await section.getByRole('textbox', { name: 'RAM (GB), configuration 2' }).fill('32');
  await section.getByRole('textbox', { name: 'Storage (GB), configuration 2' }).fill('1024');
  await section.getByRole('textbox', { name: 'MRP (₹), configuration 2' }).fill('1,09,990');
  await expect(section.getByText('Unsaved changes')).toBeVisible();

  // A price above the MRP is said on its cell before anything is sent.
  await section.getByRole('textbox', { name: 'Price (₹), configuration 2' }).fill('1,20,000');
  await section.getByRole('button', { name: 'Save configurations' }).click();
  await expect(section.getByRole('textbox', { name: 'Price (₹), configuration 2' })).toHaveAccessibleDescription(
    'At most the MRP, ₹1,09,990.00',
  );
  await expectNoAccessibilityViolations(page);

  // Price and stock for the selected row, set with the bulk bar.
  await section.getByRole('checkbox', { name: 'Select configuration 2' }).check();
  await section.getByRole('textbox', { name: 'Price for selected (₹)' }).fill('94,990');
  await section.getByRole('textbox', { name: 'Stock for selected' }).fill('3');
  await section.getByRole('button', { name: 'Set for 1 selected' }).click();
  await expect(section.getByRole('textbox', { name: 'Price (₹), configuration 2' })).toHaveValue('94,990');
  await section.getByRole('button', { name: 'Save configurations' }).click();
  await expect(page.getByText(`The configurations of ${name} are saved`)).toBeVisible();
  await expect(section.getByText('Unsaved changes')).toHaveCount(0);

  // The second picture shows the 32 GB configuration.
  const pictures = page.getByRole('region', { name: 'Pictures' });
  await pictures.getByRole('combobox', { name: 'Picture 2 shows' }).selectOption({ label: '32 GB · 1 TB SSD' });
  await expect(page.getByText('The picture now shows 32 GB · 1 TB SSD')).toBeVisible();
  await expectNoAccessibilityViolations(page);

  // A shopper opens the laptop, picks 32 GB and sees its price, stock and its own picture.
  const shopperContext = await browser.newContext();
  const shopper = await shopperContext.newPage();
  await shopper.goto(`/product/${productId}`);
  await expect(shopper.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(shopper.getByRole('button', { name: /^Zoom picture 1 of 1: Front of the laptop/ })).toBeVisible();
  // The page is rendered by the server; a choice waits for it to come alive.
  await expect(shopper.locator('html[data-ready="true"]')).toHaveCount(1);
  const ram = shopper.getByRole('group', { name: /^RAM/ });
  await ram.getByText('32 GB').click();
  await expect(ram.getByRole('radio', { name: '32 GB' })).toBeChecked();
  await expect(shopper).toHaveURL(/\?variant=/);
  await expect(shopper.getByText('₹94,990.00').first()).toBeVisible();
  await expect(shopper.getByRole('button', { name: /^Zoom picture 1 of 1: Silver lid of the 32 GB model/ })).toBeVisible();
  await expect(shopper.getByText(/Only 3 left|In stock/).first()).toBeVisible();
  await expectNoAccessibilityViolations(shopper);
  await shopperContext.close();
});
