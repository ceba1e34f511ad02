CREATE TABLE "eway_bills" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"ewb_no" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"provider" text NOT NULL,
	"doc_no" text NOT NULL,
	"doc_date" text NOT NULL,
	"from_gstin" text NOT NULL,
	"to_gstin" text NOT NULL,
	"from_pin_code" text NOT NULL,
	"to_pin_code" text NOT NULL,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"value_paise" integer NOT NULL,
	"distance_km" integer NOT NULL,
	"trans_mode" text NOT NULL,
	"vehicle_no" text,
	"transporter_id" text,
	"request" jsonb NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"generated_by" text,
	"extensions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason_code" text,
	"cancel_remarks" text,
	CONSTRAINT "eway_bills_status_check" CHECK ("eway_bills"."status" in ('active', 'cancelled')),
	CONSTRAINT "eway_bills_trans_mode_check" CHECK ("eway_bills"."trans_mode" in ('1', '2', '3', '4')),
	CONSTRAINT "eway_bills_distance_check" CHECK ("eway_bills"."distance_km" between 1 and 4000)
);
--> statement-breakpoint
CREATE TABLE "eway_portal_bills" (
	"ewb_no" text PRIMARY KEY NOT NULL,
	"from_gstin" text NOT NULL,
	"doc_type" text NOT NULL,
	"doc_no" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"generated_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"request" jsonb NOT NULL,
	CONSTRAINT "eway_portal_bills_status_check" CHECK ("eway_portal_bills"."status" in ('active', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eway_bills" ADD CONSTRAINT "eway_bills_generated_by_users_id_fk" FOREIGN KEY ("generated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eway_bills_active_order_vendor_key" ON "eway_bills" USING btree ("order_id","vendor_id") WHERE "eway_bills"."status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "eway_bills_ewb_no_key" ON "eway_bills" USING btree ("ewb_no");--> statement-breakpoint
CREATE INDEX "eway_bills_vendor_idx" ON "eway_bills" USING btree ("vendor_id","generated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "eway_portal_bills_document_key" ON "eway_portal_bills" USING btree ("from_gstin","doc_type","doc_no") WHERE "eway_portal_bills"."status" = 'active';
