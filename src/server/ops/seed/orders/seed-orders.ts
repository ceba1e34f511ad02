import { eq, inArray, sql } from 'drizzle-orm';
import { isCategory } from '~/shared/constants';
import { formatPaise } from '~/shared/money';
import { creditNoteNumberOf } from '~/shared/orders';
import type { CouponRule } from '~/shared/pricing';
import { newId } from '../../../lib/ids';
import type { Services } from '../../../services';
import type { Database, Executor } from '../../../db/client';
import { addresses, buyerBusinesses } from '../../../db/schema/addresses';
import { users } from '../../../db/schema/auth';
import { productReviews } from '../../../db/schema/reviews';
import { couponRedemptions, coupons } from '../../../db/schema/coupons';
import { packedUnits, packings, shipments } from '../../../db/schema/fulfilment';
import { orderEvents, orderItems, orders, type AddressSnapshot } from '../../../db/schema/orders';
import { creditNotes } from '../../../db/schema/returns';
import { payments, refunds } from '../../../db/schema/payments';
import { gatewayOrders, gatewayPayments, gatewayRefunds } from '../../../db/schema/test-gateway';
import { REVIEWERS } from '../catalogue/reviews';
import { DEMO_ACCOUNTS } from '../demo-accounts';
import { buildDemoOrder, type CatalogueProduct, type DemoOrderRows } from './build-demo-order';
import { demoCoupons } from './demo-coupons';
import {
  DEMO_BUSINESS,
  DEMO_BUSINESS_CUSTOMER,
  OTHER_PLANS,
  ROHAN_KHARGHAR,
  ROHAN_PLANS,
  ROHAN_PUNE,
  type LineWish,
  type OrderPlan,
} from './demo-order-plans';

interface ProductRow extends Record<string, unknown> {
  id: string;
  name: string;
  brand: string;
  category: string;
  hsn_code: string;
  price_paise: number;
  mrp_paise: number;
  vendor_id: string;
  seller_name: string;
  seller_state: string;
  seller_gstin: string | null;
  image_id: string | null;
  variant_options: Record<string, string> | null;
  option_keys: string[];
}

/** The products on sale, with their sellers and first picture. */
async function loadCatalogue(db: Database): Promise<CatalogueProduct[]> {
  const { rows } = await db.execute<ProductRow>(sql`
    select p.id, p.name, p.brand, p.category, p.hsn_code, p.price_paise, p.mrp_paise, p.vendor_id,
           v.business_name as seller_name, v.pickup_state as seller_state, v.gstin as seller_gstin,
           (select i.id from product_images i where i.product_id = p.id order by i.position limit 1) as image_id,
           (select pv.options from product_variants pv where pv.id = p.id) as variant_options, p.option_keys
    from products p join vendors v on v.id = p.vendor_id
    where p.status = 'active' and v.status = 'approved'
    order by p.price_paise, p.id`);
  return rows.flatMap((r) =>
    isCategory(r.category)
      ? [
          {
            id: r.id,
            name: r.name,
            brand: r.brand,
            category: r.category,
            hsnCode: r.hsn_code,
            pricePaise: Number(r.price_paise),
            mrpPaise: Number(r.mrp_paise),
            vendorId: r.vendor_id,
            sellerName: r.seller_name,
            sellerState: r.seller_state,
            sellerGstin: r.seller_gstin,
            imageId: r.image_id,
            variantOptions: r.variant_options ?? {},
            optionKeys: r.option_keys,
          },
        ]
      : [],
  );
}

/** Picks products for the wishes: the least used fitting product, never one in `exclude`. */
function productPicker(catalogue: CatalogueProduct[]) {
  const used = new Map<string, number>();
  return (wish: LineWish, exclude: Set<string>): CatalogueProduct => {
    const fits = (p: CatalogueProduct, strict: boolean) =>
      p.category === wish.category &&
      !exclude.has(p.id) &&
      (!strict ||
        (p.pricePaise >= wish.minRupees * 100 && p.pricePaise <= wish.maxRupees * 100 && (!wish.seller || p.sellerName === wish.seller)));
    const candidates = catalogue.filter((p) => fits(p, true));
    // A catalogue without such a product still gets an order of the category.
    const pool = candidates.length > 0 ? candidates : catalogue.filter((p) => fits(p, false));
    const [best] = [...pool].sort((a, b) => (used.get(a.id) ?? 0) - (used.get(b.id) ?? 0));
    if (!best) throw new Error(`The demo catalogue has no ${wish.category} for a demo order`);
    used.set(best.id, (used.get(best.id) ?? 0) + 1);
    exclude.add(best.id);
    return best;
  };
}

function couponRule(row: typeof coupons.$inferInsert): CouponRule {
  return {
    code: row.code,
    kind: row.kind as CouponRule['kind'],
    value: row.value,
    minOrderPaise: row.minOrderPaise ?? 0,
    maxDiscountPaise: row.maxDiscountPaise ?? null,
  };
}

/** Rohan's Pune address (his default when he has none) and his Navi Mumbai address, unless already saved. */
async function ensureRohanAddresses(tx: Executor, userId: string, now: Date) {
  const saved = await tx.select().from(addresses).where(eq(addresses.userId, userId));
  const has = (a: AddressSnapshot) => saved.some((s) => s.pinCode === a.pinCode && s.line1 === a.line1);
  const hasDefault = saved.some((s) => s.isDefault);
  const rows = [
    { address: ROHAN_PUNE, isDefault: !hasDefault, createdAt: new Date(now.getTime() - 120 * 86_400_000) },
    { address: ROHAN_KHARGHAR, isDefault: false, createdAt: new Date(now.getTime() - 90 * 86_400_000) },
  ].filter((r) => !has(r.address));
  if (rows.length > 0) {
    await tx
      .insert(addresses)
      .values(rows.map((r) => ({ id: newId('adr'), userId, ...r.address, isDefault: r.isDefault, createdAt: r.createdAt })));
  }
}

/** The demo business buyer's company in his account (decision 71), unless already saved. */
async function ensureDemoBusiness(tx: Executor, userId: string | undefined, now: Date) {
  if (!userId) return;
  const { gstin, legalName, billingAddress } = DEMO_BUSINESS;
  await tx
    .insert(buyerBusinesses)
    .values({ id: newId('biz'), userId, gstin, legalName, ...billingAddress, createdAt: new Date(now.getTime() - 60 * 86_400_000) })
    .onConflictDoNothing();
}

async function insertOrder(tx: Executor, rows: DemoOrderRows) {
  const [{ orderNumber }] = (await tx.insert(orders).values(rows.order).returning({ orderNumber: orders.orderNumber })) as [
    { orderNumber: string },
  ];
  await tx.insert(orderItems).values(rows.items);
  await tx.insert(payments).values(rows.payment);
  const notes = rows.creditNotes.map((n) => ({ ...n, number: creditNoteNumberOf(orderNumber, n.seq) }));
  await tx.insert(orderEvents).values([
    ...rows.events,
    ...notes.map((n) => ({
      orderId: n.orderId,
      kind: 'note',
      message: `Credit note ${n.number} of ${formatPaise(n.totalPaise)} issued against the invoice: ${n.reason}.`,
      actorRole: 'system',
      createdAt: new Date(n.createdAt!.getTime() + 60_000),
    })),
  ]);
  if (rows.shipments.length > 0) await tx.insert(shipments).values(rows.shipments);
  if (rows.refunds.length > 0) await tx.insert(refunds).values(rows.refunds);
  await insertGatewayRecords(tx, rows, orderNumber);
  if (rows.packings.length > 0) await tx.insert(packings).values(rows.packings);
  if (rows.packedUnits.length > 0) await tx.insert(packedUnits).values(rows.packedUnits);
  if (notes.length > 0) await tx.insert(creditNotes).values(notes);
}

/**
 * The built-in test gateway's own records of a paid demo order (its order, the captured payment and
 * any refund), as if the customer had paid through it: an admin can then refund a demo order's lines
 * through the provider as in a real shop, instead of the gateway answering that it has no such payment.
 */
async function insertGatewayRecords(tx: Executor, rows: DemoOrderRows, orderNumber: string) {
  const { payment } = rows;
  if (payment.provider !== 'test-gateway' || !payment.providerOrderId || !payment.providerPaymentId) return;
  const refunded = rows.refunds.reduce((sum, r) => sum + r.amountPaise, 0);
  await tx.insert(gatewayOrders).values({
    id: payment.providerOrderId,
    amountPaise: payment.amountPaise,
    receipt: orderNumber,
    status: 'paid',
    attempts: 1,
    createdAt: payment.createdAt,
  });
  await tx.insert(gatewayPayments).values({
    id: payment.providerPaymentId,
    orderId: payment.providerOrderId,
    amountPaise: payment.amountPaise,
    method: payment.method,
    status: refunded >= payment.amountPaise ? 'refunded' : 'captured',
    amountRefundedPaise: refunded,
    capturedAt: payment.capturedAt,
    createdAt: payment.capturedAt ?? payment.createdAt,
  });
  for (const r of rows.refunds) {
    if (!r.providerRefundId) continue;
    await tx
      .insert(gatewayRefunds)
      .values({ id: r.providerRefundId, paymentId: payment.providerPaymentId, amountPaise: r.amountPaise, createdAt: r.createdAt });
  }
}

/**
 * Seeds the demo coupons and the order history: nine orders of the demo customer (Rohan
 * Deshpande), one in every state an order can be in, and orders of the reviewer customers
 * over the last 90 days for the dashboards. Products come from the seeded catalogue; stock is
 * left alone (these orders are history). Everything is written in one transaction.
 */
export async function seedDemoOrders(services: Services, now = new Date()): Promise<{ coupons: number; orders: number }> {
  const { db } = services.database;
  const [rohan] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.customer.email)).limit(1);
  if (!rohan) throw new Error(`The demo customer ${DEMO_ACCOUNTS.customer.email} must exist before the demo orders`);
  const reviewerRows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        REVIEWERS.map((r) => r.email),
      ),
    );
  const reviewerIds = new Map(reviewerRows.map((r) => [r.email, r.id]));
  const reviewed = await db.select({ productId: productReviews.productId }).from(productReviews).where(eq(productReviews.userId, rohan.id));

  const catalogue = await loadCatalogue(db);
  const pick = productPicker(catalogue);
  const couponRows = demoCoupons(now);
  const welcome = couponRows.find((c) => c.code === 'WELCOME10')!;

  // Rohan has not reviewed any product he bought here, so he can review the delivered ones.
  const rohanTaken = new Set(reviewed.map((r) => r.productId));
  const plans: { plan: OrderPlan; userId: string; taken: Set<string> }[] = ROHAN_PLANS.map((plan) => ({
    plan,
    userId: rohan.id,
    taken: rohanTaken,
  }));
  for (const plan of OTHER_PLANS) {
    const userId = typeof plan.customer === 'number' ? reviewerIds.get(REVIEWERS[plan.customer]!.email) : undefined;
    if (userId) plans.push({ plan, userId, taken: new Set() });
  }
  // Oldest first, so order numbers grow with the order date.
  plans.sort((a, b) => b.plan.placedHoursAgo - a.plan.placedHoursAgo);
  const built = plans.map(({ plan, userId, taken }, i) =>
    buildDemoOrder({
      plan,
      userId,
      products: plan.lines.map((wish) => ({ product: pick(wish, taken), quantity: wish.quantity ?? 1 })),
      coupon: plan.coupon ? couponRule(welcome) : null,
      now,
      sequence: i + 1,
    }),
  );

  await db.transaction(async (tx) => {
    await tx.insert(coupons).values(couponRows).onConflictDoNothing();
    await ensureRohanAddresses(tx, rohan.id, now);
    await ensureDemoBusiness(tx, reviewerIds.get(REVIEWERS[DEMO_BUSINESS_CUSTOMER]!.email), now);
    for (const rows of built) {
      await insertOrder(tx, rows);
      if (rows.order.couponCode) {
        await tx.insert(couponRedemptions).values({
          couponCode: rows.order.couponCode,
          orderId: rows.order.id,
          userId: rows.order.userId,
          createdAt: rows.order.orderDate,
        });
        await tx
          .update(coupons)
          .set({ usedCount: sql`${coupons.usedCount} + 1` })
          .where(eq(coupons.code, rows.order.couponCode));
      }
    }
  });
  return { coupons: couponRows.length, orders: built.length };
}
