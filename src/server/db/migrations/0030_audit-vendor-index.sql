-- The audit log's Seller filter: everything about one seller, newest first, a page at a time, and its count.
-- An index on the seller and the entry's number, holding only the entries that name a seller. Built in the
-- migration's transaction, as drizzle applies migrations, so not CONCURRENTLY: it adds and removes nothing
-- (decision 31), and audit entries wait only while it is built. The plain bank columns stay (decision 52's
-- third release drops them).
CREATE INDEX "audit_log_vendor_idx" ON "audit_log" USING btree ("vendor_id","id") WHERE "audit_log"."vendor_id" is not null;
