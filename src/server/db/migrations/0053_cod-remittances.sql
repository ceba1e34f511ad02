CREATE TABLE "cod_remittances" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"reference" text NOT NULL,
	"remitted_on" date NOT NULL,
	"amount_paise" bigint DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"file_name" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittances_provider_reference_key" UNIQUE("provider","reference"),
	CONSTRAINT "cod_remittances_source_check" CHECK ("cod_remittances"."source" in ('upload', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "cod_remittance_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"remittance_id" text NOT NULL,
	"courier_shipment_id" text NOT NULL,
	"awb" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_remittance_lines_shipment_key" UNIQUE("courier_shipment_id"),
	CONSTRAINT "cod_remittance_lines_amount_check" CHECK ("cod_remittance_lines"."amount_paise" > 0)
);
--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_courier_shipment_id_courier_shipments_id_fk" FOREIGN KEY ("courier_shipment_id") REFERENCES "public"."courier_shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_remittance_lines_remittance_idx" ON "cod_remittance_lines" USING btree ("remittance_id");--> statement-breakpoint
CREATE INDEX "cod_remittances_created_idx" ON "cod_remittances" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "cod_cash_holds" (
	"order_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"held_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "cod_cash_holds_order_id_vendor_id_pk" PRIMARY KEY("order_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "cod_cash_holds" ADD CONSTRAINT "cod_cash_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_cash_holds" ADD CONSTRAINT "cod_cash_holds_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ALTER COLUMN "order_item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD COLUMN "courier_shipment_id" text;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD COLUMN "courier_charge_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD COLUMN "courier_charge_gst_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" DROP CONSTRAINT "vendor_ledger_net_check";--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" DROP CONSTRAINT "vendor_ledger_kind_check";--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_net_check" CHECK ("vendor_ledger_entries"."net_paise" = "vendor_ledger_entries"."sale_paise" - "vendor_ledger_entries"."commission_paise" - "vendor_ledger_entries"."commission_gst_paise" - "vendor_ledger_entries"."tcs_paise" - "vendor_ledger_entries"."tds_paise" - "vendor_ledger_entries"."courier_charge_paise");--> statement-breakpoint
ALTER TABLE "vendor_ledger_entries" ADD CONSTRAINT "vendor_ledger_kind_check" CHECK (("vendor_ledger_entries"."kind" = 'sale' and "vendor_ledger_entries"."quantity" > 0 and "vendor_ledger_entries"."refund_of" is null and "vendor_ledger_entries"."order_item_id" is not null and "vendor_ledger_entries"."courier_charge_paise" = 0) or ("vendor_ledger_entries"."kind" = 'refund' and "vendor_ledger_entries"."quantity" < 0 and "vendor_ledger_entries"."refund_of" is not null and "vendor_ledger_entries"."order_item_id" is not null and "vendor_ledger_entries"."courier_charge_paise" = 0) or ("vendor_ledger_entries"."kind" = 'courier' and "vendor_ledger_entries"."quantity" = 0 and "vendor_ledger_entries"."refund_of" is null and "vendor_ledger_entries"."order_item_id" is null and "vendor_ledger_entries"."courier_shipment_id" is not null and "vendor_ledger_entries"."sale_paise" = 0 and "vendor_ledger_entries"."courier_charge_paise" >= 0));--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_ledger_courier_shipment_key" ON "vendor_ledger_entries" USING btree ("courier_shipment_id") WHERE kind = 'courier';--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "courier_charge_paise" integer DEFAULT 0 NOT NULL;
