import { eq } from 'drizzle-orm';
import type { Services } from '../../services';
import { withAdvisoryLock } from '../../lib/advisory-lock';
import { appMeta } from '../../db/schema/app-meta';
import { users } from '../../db/schema/auth';
import { contactMessages, contactReplies } from '../../db/schema/contact';
import { newId } from '../../lib/ids';
import { generateRecoveryCodes } from '../../modules/auth/two-factor-codes';
import { seedCatalogue } from './catalogue/seed-catalogue';
import { seedDemoOrders } from './orders/seed-orders';
import { seedDemoPayouts } from './orders/seed-payouts';
import { DEMO_ACCOUNTS } from './demo-accounts';

const SEED_LOCK_KEY = 7_202_012;
const SEEDED_KEY = 'demo_data_seeded_at';

/**
 * Seeds the demo data once per database: the marker row in app_meta makes later starts
 * (and other instances starting at the same time) skip it. Returns whether it seeded now.
 */
export async function seedDemoDataOnce(services: Services): Promise<boolean> {
  const { db, pool } = services.database;
  return withAdvisoryLock(pool, SEED_LOCK_KEY, async () => {
    const [done] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY)).limit(1);
    if (done) return false;
    await seedDemoData(services);
    await db.insert(appMeta).values({ key: SEEDED_KEY, value: new Date().toISOString() });
    return true;
  });
}

/**
 * Accounts made by the seed count as verified (the operator gave their addresses), except the
 * applicant awaiting approval: it has not followed its verification link yet, so the admin's
 * Approve waits for it (decision 25), and the link is in the development mailbox to try.
 */
async function unverifiedApplicant(services: Services, account: { id: string; email: string; name: string }) {
  const { db } = services.database;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerified: false }).where(eq(users.id, account.id));
    await services.emailVerificationService.sendLink(tx, account);
  });
}

async function seedDemoData(services: Services) {
  const { authService, vendorsService, twoFactorService } = services;
  const { admin, approvedVendor, pendingVendor, customer } = DEMO_ACCOUNTS;
  const { userId: adminId } = await authService.registerAccount(admin, 'admin', null);
  // Enrolled in two-step sign-in with the public demo key, so the demo admin can sign in at once.
  await twoFactorService.enrolWithKey(adminId, admin.authenticatorSecret, generateRecoveryCodes());
  // The demo's sellers are trusted by the shop: what they list goes on sale at once (decision 70).
  await vendorsService.registerVendor({ ...approvedVendor, confirmPassword: approvedVendor.password }, null, 'approved', { trusted: true });
  const pending = await vendorsService.registerVendor(
    { ...pendingVendor, gstin: undefined, confirmPassword: pendingVendor.password },
    null,
    'pending',
  );
  await unverifiedApplicant(services, { id: pending.userId, email: pendingVendor.email, name: pendingVendor.name });
  const { userId } = await authService.registerAccount(customer, 'customer', null);
  await seedCatalogue(services);
  await seedDemoOrders(services);
  await seedDemoPayouts(services);

  await services.database.db.insert(contactMessages).values([
    {
      id: newId('msg'),
      name: customer.name,
      email: customer.email,
      mobile: '+919890012345',
      topic: 'Product advice',
      message:
        'I edit 4K video in DaVinci Resolve. Would a laptop with an RTX 4060 and 32 GB RAM be enough, or should I look at a desktop? My budget is about ₹1,50,000.',
      userId,
      createdAt: new Date(Date.now() - 2 * 24 * 3600 * 1000),
    },
    {
      id: newId('msg'),
      name: 'Sneha Patil',
      email: 'sneha.patil@example.in',
      mobile: null,
      topic: 'Business or bulk purchase',
      message: 'We need 12 office desktops and 12 monitors for our Kharadi office. Can you share a GST quotation and delivery time?',
      userId: null,
      createdAt: new Date(Date.now() - 5 * 3600 * 1000),
    },
  ]);
  // Answered and finished ones too, so the admins' messages page shows every status.
  const answeredId = newId('msg');
  await services.database.db.insert(contactMessages).values([
    {
      id: answeredId,
      name: 'Arjun Nair',
      email: 'arjun.nair@example.in',
      mobile: '+919765012345',
      topic: 'Order or delivery',
      message: 'Do you deliver to Nashik, and how many days does it take for a monitor?',
      status: 'replied',
      createdAt: new Date(Date.now() - 4 * 24 * 3600 * 1000),
    },
    {
      id: newId('msg'),
      name: 'Farah Shaikh',
      email: 'farah.shaikh@example.in',
      topic: 'Returns and warranty',
      message: 'My laptop charger stopped working within the warranty. I have sorted it out with the brand service centre, thank you.',
      status: 'closed',
      createdAt: new Date(Date.now() - 9 * 24 * 3600 * 1000),
    },
  ]);
  await services.database.db.insert(contactReplies).values({
    id: newId('rpl'),
    messageId: answeredId,
    adminId,
    body: 'Yes, we deliver to Nashik. Monitors usually arrive in 3 to 5 working days after they ship.',
    createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000),
  });
}
