import { formatPaise } from '~/shared/money';
import {
  couponScopeLabel,
  type AdminCoupon,
  type AdminCouponsQuery,
  type AdminCouponsResponse,
  type CouponRedemptionsResponse,
  type CouponStatus,
  type CouponVendors,
  type CreateCoupon,
  type UpdateCoupon,
} from '~/shared/schemas/coupons';
import type { Category } from '~/shared/constants';
import type { Database, Executor } from '../../db/client';
import { iso } from '../../lib/dates';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import * as repo from './coupons.repo';

export interface CouponsAdminDeps {
  db: Database;
  audit: AuditService;
  /** The discount each order was given, from the orders module (bound late: orders call coupons). */
  orderDiscounts: (orderIds: readonly string[]) => Promise<Map<string, number>>;
}

/** Where a coupon stands now (the same order of rules as the list's status filter). */
export function couponStatus(c: repo.CouponRow, now: Date): CouponStatus {
  if (c.expiresAt && c.expiresAt <= now) return 'expired';
  if (!c.active) return 'paused';
  if (c.startsAt > now) return 'scheduled';
  if (c.usageLimit !== null && c.usedCount >= c.usageLimit) return 'used_up';
  return 'active';
}

export function toAdminCoupon(c: repo.CouponWithVendor, now = new Date()): AdminCoupon {
  return {
    code: c.code,
    description: c.description,
    kind: c.kind as AdminCoupon['kind'],
    value: c.value,
    minOrderPaise: c.minOrderPaise,
    maxDiscountPaise: c.maxDiscountPaise,
    startsAt: iso(c.startsAt)!,
    expiresAt: iso(c.expiresAt),
    usageLimit: c.usageLimit,
    perCustomerLimit: c.perCustomerLimit,
    usedCount: c.usedCount,
    active: c.active,
    status: couponStatus(c, now),
    category: (c.category as Category | null) ?? null,
    vendorId: c.vendorId,
    vendorName: c.vendorName,
    scope: couponScopeLabel(c.category, c.vendorName),
    createdAt: iso(c.createdAt)!,
    updatedAt: iso(c.updatedAt)!,
  };
}

/** The values an audit entry keeps of a coupon: its rules and state, not its timestamps. */
function audited(c: repo.CouponRow) {
  const { code, description, kind, value, minOrderPaise, maxDiscountPaise, startsAt, expiresAt, usageLimit, perCustomerLimit } = c;
  return {
    code,
    description,
    kind,
    value,
    minOrderPaise,
    maxDiscountPaise,
    startsAt,
    expiresAt,
    usageLimit,
    perCustomerLimit,
    usedCount: c.usedCount,
    active: c.active,
    category: c.category,
    vendorId: c.vendorId,
  };
}

const notFound = (code: string) => new AppError('NOT_FOUND', `There is no coupon ${code}.`);

/**
 * The admin's side of coupons: list, create, edit, pause, resume and expire, each change audited in
 * its transaction; and a coupon's redemptions. Edits apply to orders placed from then on (an order
 * keeps the discount it was given); the code and the count of uses are never edited by hand.
 */
export function createCouponsAdmin(deps: CouponsAdminDeps) {
  const { db, audit } = deps;

  async function rulesOf(tx: Executor, input: UpdateCoupon) {
    if (input.vendorId !== null) {
      const [seller] = await repo.sellers(tx, input.vendorId);
      if (!seller)
        throw new AppError('VALIDATION', 'Choose a seller from the list.', { fields: { vendorId: 'Choose a seller from the list' } });
    }
    return {
      description: input.description,
      kind: input.kind,
      value: input.value!,
      minOrderPaise: input.minOrderPaise,
      maxDiscountPaise: input.kind === 'percent' ? input.maxDiscountPaise : null,
      startsAt: new Date(input.startsAt),
      expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt),
      usageLimit: input.usageLimit,
      perCustomerLimit: input.perCustomerLimit,
      category: input.category,
      vendorId: input.vendorId,
    };
  }

  async function view(code: string): Promise<AdminCoupon> {
    const row = await repo.findCouponWithVendor(db, code);
    if (!row) throw notFound(code);
    return toAdminCoupon(row);
  }

  /** Pause, resume or expire: one locked read, the rule of the step, the write and its audit entry. */
  async function step(code: string, verb: 'pause' | 'resume' | 'expire', now = new Date()): Promise<AdminCoupon> {
    await db.transaction(async (tx) => {
      const before = await repo.lockCoupon(tx, code);
      if (!before) throw notFound(code);
      const status = couponStatus(before, now);
      if (status === 'expired') {
        const message =
          verb === 'expire'
            ? `Coupon ${code} has expired already.`
            : `Coupon ${code} has expired; give it a new end date by editing it to use it again.`;
        throw new AppError('CONFLICT', message);
      }
      if (verb === 'pause' && !before.active) throw new AppError('CONFLICT', `Coupon ${code} is paused already.`);
      if (verb === 'resume' && before.active) throw new AppError('CONFLICT', `Coupon ${code} is not paused.`);
      // A scheduled coupon ended before its start never runs: its period is that moment, not an end before its start.
      const values =
        verb === 'expire' ? { expiresAt: now, ...(before.startsAt > now ? { startsAt: now } : {}) } : { active: verb === 'resume' };
      const after = (await repo.updateCoupon(tx, code, values))!;
      const summary = {
        pause: `Paused coupon ${code}: checkout refuses it until it is resumed`,
        resume: `Resumed coupon ${code}`,
        expire: before.startsAt > now ? `Ended coupon ${code} before it started` : `Ended coupon ${code} now`,
      }[verb];
      await audit.record(tx, {
        action: `coupon.${verb}`,
        entityType: 'coupon',
        entityId: code,
        vendorId: before.vendorId,
        summary,
        before: audited(before),
        after: audited(after),
      });
    });
    return view(code);
  }

  return {
    async list(query: AdminCouponsQuery, now = new Date()): Promise<AdminCouponsResponse> {
      const { rows, total } = await repo.listCoupons(db, query, now);
      return { items: rows.map((r) => toAdminCoupon(r, now)), total, page: query.page, pageSize: query.pageSize };
    },

    get: view,

    async create(input: CreateCoupon): Promise<AdminCoupon> {
      await db.transaction(async (tx) => {
        const row = await repo.insertCoupon(tx, { code: input.code, ...(await rulesOf(tx, input)) });
        if (!row) {
          const message = `There is a coupon ${input.code} already. Choose another code.`;
          throw new AppError('CONFLICT', message, { fields: { code: message } });
        }
        await audit.record(tx, {
          action: 'coupon.create',
          entityType: 'coupon',
          entityId: row.code,
          vendorId: row.vendorId,
          summary: `Created coupon ${row.code}: ${row.kind === 'percent' ? `${row.value}% off` : `${formatPaise(row.value)} off`}`,
          after: audited(row),
        });
      });
      return view(input.code);
    },

    /**
     * Replaces a coupon's rules for orders from now on. The total limit cannot go below the uses
     * counted, and a coupon already used keeps its kind (its redemptions would read wrongly).
     */
    async update(code: string, input: UpdateCoupon): Promise<AdminCoupon> {
      await db.transaction(async (tx) => {
        const before = await repo.lockCoupon(tx, code);
        if (!before) throw notFound(code);
        const fields: Record<string, string> = {};
        if (input.usageLimit !== null && input.usageLimit < before.usedCount) {
          fields.usageLimit = `Coupon ${code} has been used ${before.usedCount} times: the total limit cannot be lower`;
        }
        if (input.kind !== before.kind && before.usedCount > 0) {
          fields.kind = `Coupon ${code} has been used; it stays ${before.kind === 'percent' ? 'a percent' : 'a flat'} coupon. Create a new code instead`;
        }
        const first = Object.values(fields)[0];
        if (first) throw new AppError('VALIDATION', first, { fields });
        const after = (await repo.updateCoupon(tx, code, await rulesOf(tx, input)))!;
        await audit.record(tx, {
          action: 'coupon.update',
          entityType: 'coupon',
          entityId: code,
          vendorId: after.vendorId ?? before.vendorId,
          summary: `Edited coupon ${code} (for orders from now on)`,
          before: audited(before),
          after: audited(after),
        });
      });
      return view(code);
    },

    pause: (code: string) => step(code, 'pause'),
    resume: (code: string) => step(code, 'resume'),
    expire: (code: string) => step(code, 'expire'),

    /** Orders holding a use of the coupon, newest first, with the customer and the discount given. */
    async redemptions(code: string, page: number, pageSize: number): Promise<CouponRedemptionsResponse> {
      if (!(await repo.findCoupon(db, code))) throw notFound(code);
      const { rows, total } = await repo.listRedemptions(db, code, page, pageSize);
      const discounts = await deps.orderDiscounts(rows.map((r) => r.orderId));
      return {
        items: rows.map((r) => ({
          orderId: r.orderId,
          orderNumber: r.orderNumber,
          orderStatus: r.orderStatus,
          customerName: r.customerName,
          customerEmail: r.customerEmail,
          redeemedAt: iso(r.redeemedAt)!,
          discountPaise: discounts.get(r.orderId) ?? 0,
        })),
        total,
        page,
        pageSize,
      };
    },

    /** Approved sellers, for limiting a coupon to one. */
    async vendors(): Promise<CouponVendors> {
      return { items: (await repo.sellers(db)).map(({ id, name }) => ({ id, name })) };
    },
  };
}
