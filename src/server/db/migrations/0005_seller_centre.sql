CREATE TABLE "commission_rates" (
	"category" text PRIMARY KEY NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "commission_rates_rate_check" CHECK ("commission_rates"."rate_bp" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"period_start" date NOT NULL,
	"period_end" date NOT NULL,
	"entries" integer NOT NULL,
	"sale_paise" integer NOT NULL,
	"commission_paise" integer NOT NULL,
	"commission_gst_paise" integer NOT NULL,
	"tcs_paise" integer NOT NULL,
	"tds_paise" integer NOT NULL,
	"net_paise" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_reference" text,
	"paid_at" timestamp with time zone,
	"paid_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_vendor_period_key" UNIQUE("vendor_id","period_start"),
	CONSTRAINT "payouts_status_check" CHECK ("payouts"."status" in ('pending', 'paid')),
	CONSTRAINT "payouts_paid_check" CHECK ("payouts"."status" = 'pending' or ("payouts"."bank_reference" is not null and "payouts"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "vendor_ledger_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"order_id" text NOT NULL,
	"order_item_id" text NOT NULL,
	"category" text NOT NULL,
	"quantity" integer NOT NULL,
	"sale_paise" integer NOT NULL,
	"taxable_paise" integer NOT NULL,
	"commission_rate_bp" integer NOT NULL,
	"commission_paise" integer NOT NULL,
	"commission_gst_paise" integer NOT NULL,
	"tcs_paise" integer NOT NULL,
	"intra_state" boolean NOT NULL,
	"tds_paise" integer NOT NULL,
	"net_paise" integer NOT NULL,
	"delivered_at" timestamp with time zone NOT NULL,
	"payable_at" timestamp with time zone NOT NULL,
	"reversed_at" timestamp with time zone,
	"payout_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_ledger_entries_order_item_id_unique" UNIQUE("order_item_id"),
	CONSTRAINT "vendor_ledger_net_check" CHECK ("vendor_ledger_entries"."net_paise" = "vendor_ledger_entries"."sale_paise" - "vendor_ledger_entries"."commission_paise" - "vendor_ledger_entries"."commission_gst_paise" - "vendor_ledger_entries"."tcs_paise" - "vendor_ledger_entries"."tds_paise")
);
--> statement-breakpoint
CREATE TABLE "vendor_profile_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"field" text NOT NULL,
	"from_value" text,
	"to_value" text,
	"changed_by" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_profile_changes_field_check" CHECK ("vendor_profile_changes"."field" in ('bank_account', 'gstin'))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_bp" integer DEFAULT 1800 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "width_mm" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_mm" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancelled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "pan" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "contact_email" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "pickup_line1" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "pickup_line2" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_account_name" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_account_number" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "bank_ifsc" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_profile_changes" ADD CONSTRAINT "vendor_profile_changes_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_profile_changes" ADD CONSTRAINT "vendor_profile_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","period_start");--> statement-breakpoint
CREATE INDEX "vendor_ledger_vendor_idx" ON "vendor_ledger_entries" USING btree ("vendor_id","payable_at");--> statement-breakpoint
CREATE INDEX "vendor_ledger_payout_idx" ON "vendor_ledger_entries" USING btree ("payout_id");--> statement-breakpoint
CREATE INDEX "vendor_profile_changes_vendor_idx" ON "vendor_profile_changes" USING btree ("vendor_id","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "products_vendor_sku_key" ON "products" USING btree ("vendor_id","sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gst_rate_check" CHECK ("products"."gst_rate_bp" in (0, 500, 1200, 1800, 2800, 4000));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_check" CHECK (coalesce("products"."weight_grams", 1) > 0 and coalesce("products"."length_mm", 1) > 0 and coalesce("products"."width_mm", 1) > 0 and coalesce("products"."height_mm", 1) > 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_cancelled_check" CHECK ("order_items"."cancelled_quantity" between 0 and "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending_payment', 'placed', 'processing', 'partly_shipped', 'shipped', 'partly_delivered', 'delivered', 'cancelled', 'return_requested', 'returned', 'refunded'));--> statement-breakpoint
-- The marketplace's opening commission rates (admins change them later; docs/decisions/0015).
INSERT INTO "commission_rates" ("category", "rate_bp") VALUES ('Laptop', 500), ('Desktop', 600), ('Monitor', 700);
