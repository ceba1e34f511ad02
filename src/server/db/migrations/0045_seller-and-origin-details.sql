-- Decision 73: what the product page discloses of a seller and of where a product is made.
ALTER TABLE "products" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maker_name" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "maker_address" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "care_phone" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "care_email" text;--> statement-breakpoint
CREATE VIEW "public"."seller_review_record" AS (select b.vendor_id, count(*)::int as reviews, avg(r.rating)::float8 as average
    from "product_reviews" r
    join (select distinct o.user_id, l.product_id, l.vendor_id from order_line_directory l
            join order_directory o on o.id = l.order_id
           where o.status in ('delivered', 'return_requested', 'returned', 'refunded') and l.quantity > l.cancelled_quantity) b
      on b.user_id = r.user_id and b.product_id = r.product_id
    where r.hidden_at is null
    group by b.vendor_id);--> statement-breakpoint
CREATE VIEW "public"."seller_disclosure" AS (select "vendors"."id", coalesce("vendors"."legal_name", "vendors"."business_name") as legal_name,
    "vendors"."pickup_line1" as address_line1, "vendors"."pickup_line2" as address_line2, "vendors"."pickup_city" as city,
    "vendors"."pickup_state" as state, "vendors"."pickup_pin_code" as pin_code,
    coalesce("vendors"."care_phone", "vendors"."mobile") as care_phone, coalesce("vendors"."care_email", "vendors"."contact_email") as care_email,
    "vendors"."gstin"
    from "vendors");