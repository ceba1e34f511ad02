-- Decision 52: bank accounts sealed at rest (AES-256-GCM with the app's key). Expand only (decision 31):
-- the release before keeps reading and writing the plain columns, which this release writes empty
-- and the `bank-accounts.seal` job empties in batches (SQL cannot seal: the key is the app's).
ALTER TABLE "orders" ADD COLUMN "refund_account_sealed" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_account_sealed" text;
