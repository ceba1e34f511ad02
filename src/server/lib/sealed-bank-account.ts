import pg from 'pg';
import { fullBankAccountSchema, type FullBankAccount } from '~/shared/schemas/bank-account';
import { SealedValueError, type Sealer } from './sealed';

/**
 * What each sealed account is bound to (decision 52): it opens on its own row only, so an account
 * copied onto another seller's row or another order does not open there.
 */
export const sealedAccountContext = {
  vendor: (vendorId: string) => `vendors.bank_account:${vendorId}`,
  order: (orderId: string) => `orders.refund_account:${orderId}`,
};

/** The account a row keeps sealed (holder, number and IFSC as one value), opened; null when none. */
export function openBankAccount(sealer: Sealer, sealed: string | null, context: string): FullBankAccount | null {
  if (sealed === null) return null;
  const parsed = fullBankAccountSchema.safeParse(JSON.parse(sealer.open(sealed, context)));
  if (!parsed.success) throw new SealedValueError(`The sealed bank account of ${context} is not an account`);
  return parsed.data;
}

/** The sealed value to keep for `account` (null: none). */
export const sealBankAccount = (sealer: Sealer, account: FullBankAccount | null, context: string): string | null =>
  account
    ? sealer.seal(JSON.stringify({ holderName: account.holderName, accountNumber: account.accountNumber, ifsc: account.ifsc }), context)
    : null;

export const sameBankAccount = (a: FullBankAccount | null, b: FullBankAccount | null): boolean =>
  a?.accountNumber === b?.accountNumber && a?.ifsc === b?.ifsc && a?.holderName === b?.holderName;

/**
 * The plain columns of before decision 52, still in the tables until the release after this one
 * drops them. Only `sealPlainBankAccounts` names them: the schema the app's queries are built from
 * no longer has them, so no statement the app sends while it serves reads or writes them.
 */
const PLAIN_ACCOUNTS = {
  vendors: {
    sealed: 'bank_account_sealed',
    plain: ['bank_account_name', 'bank_account_number', 'bank_ifsc'],
    context: sealedAccountContext.vendor,
  },
  orders: {
    sealed: 'refund_account_sealed',
    plain: ['refund_account_name', 'refund_account_number', 'refund_ifsc'],
    context: sealedAccountContext.order,
  },
} as const;

/** How many plain accounts are sealed per transaction. */
const SEAL_BATCH = 200;

/**
 * Seals the accounts still kept in plain (a database restored from a backup taken before decision
 * 52 has them), 200 rows per transaction, and empties the plain columns; returns how many rows of
 * each table it sealed. A plain number wins over a sealed value on the same row: only the release
 * before decision 52 wrote plain, after any sealed value. Rows another transaction holds are
 * skipped (the start that holds them seals them).
 *
 * On a connection of its own, not the app's pool: the shop runs it at start (main.ts), before it
 * serves. It first asks the catalogue whether the plain columns are there, so a process of this
 * release that starts beside the next one, which drops them, finds none and does nothing; for the
 * same reason its statements are not among those the next release's migrations must keep valid
 * (decision 31's corpus is captured from the app's pool).
 */
export async function sealPlainBankAccounts(databaseUrl: string, sealer: Sealer): Promise<Record<keyof typeof PLAIN_ACCOUNTS, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const sealed = { vendors: 0, orders: 0 };
    for (const table of Object.keys(PLAIN_ACCOUNTS) as (keyof typeof PLAIN_ACCOUNTS)[]) {
      const columns = PLAIN_ACCOUNTS[table];
      const { rows: present } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_attribute where attrelid = to_regclass($1) and attname = any($2) and not attisdropped`,
        [table, columns.plain],
      );
      if (present[0]!.n !== columns.plain.length) continue;
      const [holderName, accountNumber, ifsc] = columns.plain.map((c) => client.escapeIdentifier(c));
      for (;;) {
        await client.query('begin');
        try {
          const { rows } = await client.query<{ id: string; holder_name: string | null; account_number: string; ifsc: string | null }>(
            `select id, ${holderName} as holder_name, ${accountNumber} as account_number, ${ifsc} as ifsc from ${client.escapeIdentifier(table)}
              where ${accountNumber} is not null order by id limit ${SEAL_BATCH} for update skip locked`,
          );
          // A plain account without its holder or IFSC was never shown as one: it is none.
          const values = rows.map((r) =>
            sealBankAccount(
              sealer,
              r.holder_name && r.ifsc ? { holderName: r.holder_name, accountNumber: r.account_number, ifsc: r.ifsc } : null,
              columns.context(r.id),
            ),
          );
          // Not through the owner's update: sealing is no change of the order or the seller, so updated_at stays.
          await client.query(
            `update ${client.escapeIdentifier(table)} t
                set ${client.escapeIdentifier(columns.sealed)} = v.sealed, ${holderName} = null, ${accountNumber} = null, ${ifsc} = null
               from unnest($1::text[], $2::text[]) as v(id, sealed) where t.id = v.id`,
            [rows.map((r) => r.id), values],
          );
          await client.query('commit');
          sealed[table] += rows.length;
          if (rows.length < SEAL_BATCH) break;
        } catch (error) {
          await client.query('rollback').catch(() => undefined);
          throw error;
        }
      }
    }
    return sealed;
  } finally {
    await client.end().catch(() => undefined);
  }
}
