-- Decision 77: quantity limits per product (consumer and business) and the customers' quote requests to sellers.
ALTER TABLE "products" ADD COLUMN "max_consumer_quantity" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_business_quantity" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_quantity_limits_check" CHECK (("products"."max_consumer_quantity" is null or "products"."max_consumer_quantity" between 1 and 1000) and ("products"."max_business_quantity" is null or "products"."max_business_quantity" between 1 and 1000));
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"offer_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"business_id" text,
	"business" jsonb,
	"product_name" text NOT NULL,
	"image_id" text,
	"seller_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"note" text,
	"list_price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"unit_price_paise" integer,
	"valid_days" integer,
	"valid_until" timestamp with time zone,
	"answer_note" text,
	"answered_at" timestamp with time zone,
	"decline_reason" text,
	"order_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quote_requests_status_check" CHECK ("quote_requests"."status" in ('requested', 'answered', 'declined', 'ordered')),
	CONSTRAINT "quote_requests_quantity_check" CHECK ("quote_requests"."quantity" between 1 and 1000),
	CONSTRAINT "quote_requests_answer_check" CHECK ("quote_requests"."status" not in ('answered', 'ordered') or ("quote_requests"."unit_price_paise" > 0 and "quote_requests"."unit_price_paise" <= "quote_requests"."mrp_paise" and "quote_requests"."valid_until" is not null))
);
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_business_id_buyer_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."buyer_businesses"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "quote_requests_vendor_idx" ON "quote_requests" USING btree ("vendor_id","status","created_at");
--> statement-breakpoint
CREATE INDEX "quote_requests_user_idx" ON "quote_requests" USING btree ("user_id","created_at");
