import { MAX_ADDRESSES, pinStateProblem, type Address, type CreateAddress, type UpdateAddress } from '~/shared/schemas/address';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import * as repo from './addresses.repo';
import { deleteBusinessesOf } from './businesses.repo';

const NOT_FOUND_MESSAGE = 'This address is not in your address book. It may have been deleted.';

function toAddress(row: repo.AddressRow): Address {
  return {
    id: row.id,
    fullName: row.fullName,
    mobile: row.mobile,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    pinCode: row.pinCode,
    isDefault: row.isDefault,
  };
}

/**
 * A customer's address book (the seed's `addresses`). Every write runs in one transaction under a
 * per-customer lock, so there is never more than one default and never more than MAX_ADDRESSES.
 */
export function createAddressesService(deps: { db: Database }) {
  const { db } = deps;
  return {
    /** Default first, then newest first. */
    async list(userId: string): Promise<Address[]> {
      return (await repo.listAddresses(db, userId)).map(toAddress);
    },

    /** One of the customer's own addresses, or undefined (another customer's id finds nothing); in `tx` when given. */
    async findOwn(userId: string, addressId: string, tx: Executor = db): Promise<Address | undefined> {
      const row = await repo.findAddress(tx, userId, addressId);
      return row ? toAddress(row) : undefined;
    },

    /**
     * Adds an address. The first one becomes the default; `isDefault: true` moves the default to it.
     * Throws CONFLICT when the book already holds MAX_ADDRESSES.
     */
    async create(userId: string, input: CreateAddress): Promise<Address> {
      const { isDefault, ...values } = input;
      return db.transaction(async (tx) => {
        await repo.lockAddressBook(tx, userId);
        const existing = await repo.countAddresses(tx, userId);
        if (existing >= MAX_ADDRESSES) {
          throw new AppError(
            'CONFLICT',
            `Your address book is full: it holds at most ${MAX_ADDRESSES} addresses. Delete one to add another.`,
          );
        }
        const makeDefault = existing === 0 || isDefault === true;
        if (makeDefault) await repo.clearDefaultAddress(tx, userId);
        return toAddress(await repo.insertAddress(tx, { ...values, id: newId('adr'), userId, isDefault: makeDefault }));
      });
    },

    /**
     * Changes any fields and/or makes the address the default. Throws NOT_FOUND for an id not in the
     * customer's book, VALIDATION for a PIN code that does not fit the (stored or new) state.
     */
    async update(userId: string, id: string, input: UpdateAddress): Promise<Address> {
      const { isDefault, ...changes } = input;
      const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<repo.AddressValues>;
      return db.transaction(async (tx) => {
        await repo.lockAddressBook(tx, userId);
        const current = await repo.findAddress(tx, userId, id);
        if (!current) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
        const problem = pinStateProblem(values.pinCode ?? current.pinCode, values.state ?? current.state);
        if (problem) {
          throw new AppError('VALIDATION', 'Some fields in the request body are not valid.', {
            fields: values.pinCode !== undefined || values.state === undefined ? { pinCode: problem } : { state: problem },
          });
        }
        if (isDefault === false && current.isDefault) {
          throw new AppError('VALIDATION', 'To change your default address, make another address the default.', {
            fields: { isDefault: 'To change your default address, make another address the default.' },
          });
        }
        await repo.updateAddress(tx, userId, id, values);
        if (isDefault === true && !current.isDefault) await repo.setDefaultAddress(tx, userId, id);
        return toAddress((await repo.findAddress(tx, userId, id))!);
      });
    },

    /** Deletes an address; when it was the default, the newest remaining one becomes the default. */
    async remove(userId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        await repo.lockAddressBook(tx, userId);
        const deleted = await repo.deleteAddress(tx, userId, id);
        if (!deleted) throw new AppError('NOT_FOUND', NOT_FOUND_MESSAGE);
        if (!deleted.isDefault) return;
        const next = await repo.newestAddressId(tx, userId);
        if (next) await repo.setDefaultAddress(tx, userId, next);
      });
    },

    /**
     * Deletes the whole address book inside the caller's transaction (an account being erased), with the
     * businesses the account bought for (decision 71); returns how many addresses.
     */
    async eraseAllOf(tx: Executor, userId: string): Promise<number> {
      await deleteBusinessesOf(tx, userId);
      return repo.deleteAddressesOf(tx, userId);
    },

    /** Admin search: accounts with an address whose mobile contains these digits. */
    async userIdsWithMobile(digits: string, limit = 500): Promise<string[]> {
      return repo.userIdsWithMobile(db, digits, limit);
    },
  };
}

export type AddressesService = ReturnType<typeof createAddressesService>;
