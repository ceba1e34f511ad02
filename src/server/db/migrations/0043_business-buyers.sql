-- Decision 71: the businesses customers buy for (the address book's), the business an order was bought for,
-- and the orders' view with the buyer's GSTIN and the place of supply appended (CREATE OR REPLACE: only adds).
CREATE TABLE "buyer_businesses" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"gstin" text NOT NULL,
	"legal_name" text NOT NULL,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"pin_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "business" jsonb;
--> statement-breakpoint
ALTER TABLE "buyer_businesses" ADD CONSTRAINT "buyer_businesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "buyer_businesses_user_gstin_idx" ON "buyer_businesses" USING btree ("user_id","gstin");
--> statement-breakpoint
CREATE OR REPLACE VIEW "public"."order_directory" AS (select "id", "order_number", "user_id", "status", "order_date", ("address"->>'state') as "delivery_state", "shipping_paise", "total_paise", "return_reason", "return_requested_at", ("status" in ('placed', 'processing', 'partly_shipped', 'partly_delivered')) as "awaiting_shipment", ("status" in ('placed', 'processing', 'partly_shipped', 'partly_delivered')
  and "order_date" < now() - interval '2 days'
  and exists (select 1 from order_items li where li.order_id = orders.id and li.quantity > li.cancelled_quantity
    and not exists (select 1 from shipment_directory ls where ls.order_id = orders.id and ls.vendor_id = li.vendor_id) offset 0)) as "late_to_ship", ("business"->>'gstin') as "buyer_gstin", ("business"->>'legalName') as "buyer_legal_name", coalesce("business"->'billingAddress'->>'state', "address"->>'state') as "place_of_supply" from "orders");
