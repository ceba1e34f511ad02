// What the cluster tests do as people would, over HTTP: customers sign up with an address and place
// orders, a vendor lists and reprices a product. Every call goes to a base URL: nginx's, or one API
// process's own port when a test needs to choose which process answers.
import { randomUUID } from 'node:crypto';
import { DEMO_ACCOUNTS } from '../../src/server/ops/seed/demo-accounts';

export const PASSWORD = 'Cluster-Test-2026';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookies: string;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  cookie?: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    parsed = { text };
  }
  const cookies = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: res.status, body: parsed, cookies };
}

export interface Customer {
  email: string;
  cookie: string;
  addressId: string;
}

export async function signUpCustomer(baseUrl: string, label: string): Promise<Customer> {
  const email = `${label}.${randomUUID().slice(0, 8)}@example.in`;
  const registered = await call(baseUrl, 'POST', '/api/auth/register', {
    name: `Cluster ${label}`,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`sign-up failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const address = await call(
    baseUrl,
    'POST',
    '/api/addresses',
    {
      fullName: `Cluster ${label}`,
      mobile: '9822012345',
      line1: 'Flat 4, Sector 17',
      city: 'Navi Mumbai',
      state: 'Maharashtra',
      pinCode: '400614',
    },
    registered.cookies,
  );
  if (address.status !== 201) throw new Error(`address failed: ${address.status} ${JSON.stringify(address.body)}`);
  return { email, cookie: registered.cookies, addressId: (address.body.address as { id: string }).id };
}

/** A cash-on-delivery order of one unit; the idempotency key makes a retried request the same order. */
export function placeOrder(baseUrl: string, customer: Customer, productId: string, idempotencyKey = randomUUID()) {
  return call(
    baseUrl,
    'POST',
    '/api/orders',
    { items: [{ productId, quantity: 1 }], addressId: customer.addressId, delivery: 'standard', paymentMethod: 'cod' },
    customer.cookie,
    { 'idempotency-key': idempotencyKey },
  );
}

export async function signInVendor(baseUrl: string): Promise<string> {
  const { email, password } = DEMO_ACCOUNTS.khargharVendor;
  const res = await call(baseUrl, 'POST', '/api/auth/login', { email, password, portal: 'vendor' });
  if (res.status !== 200) throw new Error(`vendor sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.cookies;
}

/** A monitor on sale (under the cash-on-delivery limit) with the given stock; returns its id. */
export async function listMonitor(baseUrl: string, vendorCookie: string, name: string, stock: number): Promise<string> {
  const res = await call(
    baseUrl,
    'POST',
    '/api/vendor/products',
    {
      category: 'Monitor',
      brand: 'Benq',
      name,
      description: 'A 27-inch QHD monitor for photo editing with factory calibration and a matte screen.',
      price: '24,990',
      mrp: '29,990',
      hsnCode: '85285200',
      gstRatePercent: 18,
      stock: String(stock),
      warranty: '3 years',
      warrantyMonths: '36',
      originCountry: 'China',
      makerName: 'Lenovo (India) Pvt Ltd',
      makerAddress: 'Ferns Icon, Outer Ring Road, Bengaluru, Karnataka 560037',
      weightKg: '6',
      lengthCm: '70',
      widthCm: '20',
      heightCm: '50',
      status: 'active',
      screenSizeIn: '27',
      resolution: '2560 x 1440',
      resolutionName: 'QHD',
      panelType: 'IPS',
      refreshRateHz: '75',
      ports: 'HDMI, DisplayPort',
    },
    vendorCookie,
  );
  if (res.status !== 201) throw new Error(`listing failed: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body.product as { id: string }).id;
}
