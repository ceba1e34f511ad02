import { MAX_BUSINESSES, type Business, type CreateBusiness } from '~/shared/schemas/business';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './businesses.repo';

const NOT_FOUND_MESSAGE = 'This business is not in your account. It may have been deleted.';

function toBusiness(row: repo.BusinessRow): Business {
  return {
    id: row.id,
    gstin: row.gstin,
    legalName: row.legalName,
    billingAddress: { line1: row.line1, line2: row.line2, city: row.city, state: row.state, pinCode: row.pinCode },
  };
}

/**
 * The businesses a customer buys for (decision 71), kept beside the address book: a GSTIN (format,
 * check character and state code checked by the shared schema), the legal name and a billing
 * address in the GSTIN's state. Orders keep a snapshot; deleting a business changes no order.
 */
export function createBusinessesService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** Newest first. */
    async list(userId: string): Promise<Business[]> {
      return (await repo.listBusinesses(db, userId)).map(toBusiness);
    },

    /** One of the customer's own businesses, or undefined (another customer's id finds nothing); in `tx` when given. */
    async findOwn(userId: string, businessId: string, tx: Executor = db): Promise<Business | undefined> {
      const row = await repo.findBusiness(tx, userId, businessId);
      return row ? toBusiness(row) : undefined;
    },

    /** Adds a business. Throws CONFLICT when the GSTIN is already in the account or the account holds MAX_BUSINESSES. */
    async create(userId: string, input: CreateBusiness): Promise<Business> {
      return db.transaction(async (tx) => {
        await repo.lockBusinesses(tx, userId);
        if (await repo.findByGstin(tx, userId, input.gstin)) {
          const message = 'This GSTIN is already one of your businesses. Choose it from the list.';
          throw new AppError('CONFLICT', message, { fields: { gstin: message } });
        }
        if ((await repo.countBusinesses(tx, userId)) >= MAX_BUSINESSES) {
          throw new AppError('CONFLICT', `You can keep at most ${MAX_BUSINESSES} businesses. Delete one to add another.`);
        }
        return toBusiness(await repo.insertBusiness(tx, { ...input, id: newId('biz'), userId }));
      });
    },

    /**
     * Corrects a business: its GSTIN, legal name or billing address, checked as when it was added. Orders
     * bought for it keep what it was (their snapshot). NOT_FOUND for another customer's; CONFLICT when
     * the GSTIN is another of the customer's businesses.
     */
    async update(userId: string, id: string, input: CreateBusiness): Promise<Business> {
      return db.transaction(async (tx) => {
        await repo.lockBusinesses(tx, userId);
        if (!(await repo.findBusiness(tx, userId, id))) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
        const same = await repo.findByGstin(tx, userId, input.gstin);
        if (same && same.id !== id) {
          const message = 'This GSTIN is already another of your businesses.';
          throw new AppError('CONFLICT', message, { fields: { gstin: message } });
        }
        return toBusiness((await repo.updateBusiness(tx, userId, id, { ...input, line2: input.line2 ?? null }))!);
      });
    },

    /** Deletes a business from the account (orders bought for it keep their snapshot). */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await repo.deleteBusiness(db, userId, id))) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
    },

    /** Deletes every business of an account being erased, inside the caller's transaction; returns how many. */
    eraseAllOf(tx: Executor, userId: string): Promise<number> {
      return repo.deleteBusinessesOf(tx, userId);
    },
  };
}

export type BusinessesService = ReturnType<typeof createBusinessesService>;
