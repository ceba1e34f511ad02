ALTER TABLE "vendor_ledger_entries" DROP CONSTRAINT "vendor_ledger_entries_order_item_id_unique";--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD COLUMN "kind" text DEFAULT 'sale' NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD COLUMN "refund_of" text;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD COLUMN "item_name" text;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_refund_of_vendor_ledger_entries_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."vendor_ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_items_order_open_idx" ON "order_items" USING btree ("order_id","vendor_id","quantity","cancelled_quantity");--> statement-breakpoint
CREATE INDEX "orders_awaiting_date_idx" ON "orders" USING btree ("order_date","seq","id") WHERE "orders"."status" in ('placed', 'processing', 'partly_shipped', 'partly_delivered');--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_sale_item_key" ON "vendor_ledger_entries" USING btree ("order_item_id") WHERE kind = 'sale';--> statement-breakpoint
CREATE INDEX "vendor_ledger_refund_of_idx" ON "vendor_ledger_entries" USING btree ("refund_of");--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_kind_check" CHECK (("vendor_ledger_entries"."kind" = 'sale' and "vendor_ledger_entries"."quantity" > 0 and "vendor_ledger_entries"."refund_of" is null) or ("vendor_ledger_entries"."kind" = 'refund' and "vendor_ledger_entries"."quantity" < 0 and "vendor_ledger_entries"."refund_of" is not null));