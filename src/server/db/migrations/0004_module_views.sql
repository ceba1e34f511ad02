CREATE VIEW "public"."account_directory" AS (select "id", "name", "email", "role", "created_at" from "users");--> statement-breakpoint
CREATE VIEW "public"."product_directory" AS (select "id", "vendor_id", "name", "status", ("status" = 'active' and "vendor_active") as "on_sale" from "products");--> statement-breakpoint
CREATE VIEW "public"."product_image_directory" AS (select "id", "product_id", "position", "alt", "width", "height" from "product_images");--> statement-breakpoint
CREATE VIEW "public"."order_directory" AS (select "id", "order_number", "user_id", "status", "order_date" from "orders");--> statement-breakpoint
CREATE VIEW "public"."rating_counts" AS (select "product_id", "rating", count(*)::int as "count" from "product_reviews" group by "product_reviews"."product_id", "product_reviews"."rating");--> statement-breakpoint
CREATE VIEW "public"."seller_directory" AS (select "id", "user_id", "business_name", "gstin", "pickup_city", "pickup_state", "status" from "vendors");