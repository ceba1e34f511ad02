-- The admin's Returns report reads the shipments whose return was received in a month (every seller's or one's):
-- an index on when, holding only the shipments that came back (most never do). Built in the migration's
-- transaction, as drizzle applies migrations, so not CONCURRENTLY: it adds and removes nothing
-- (decision 31), and writes to shipments wait only while it is built.
CREATE INDEX "shipments_return_received_idx" ON "shipments" USING btree ("return_received_at") WHERE "shipments"."return_received_at" is not null;