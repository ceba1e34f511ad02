CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"position" integer NOT NULL,
	"storage_key" text NOT NULL,
	"alt" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_images_position_key" UNIQUE("product_id","position")
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_once_key" UNIQUE("product_id","user_id"),
	CONSTRAINT "product_reviews_rating_check" CHECK ("product_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"model" text,
	"description" text NOT NULL,
	"price_paise" integer NOT NULL,
	"mrp_paise" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"vendor_active" boolean DEFAULT false NOT NULL,
	"hsn_code" text NOT NULL,
	"warranty" text NOT NULL,
	"warranty_months" integer NOT NULL,
	"processor" text,
	"processor_family" text,
	"ram_gb" integer,
	"storage_gb" integer,
	"storage_type" text,
	"graphics" text,
	"operating_system" text,
	"screen_size_in" numeric(4, 1),
	"resolution" text,
	"resolution_name" text,
	"panel_type" text,
	"refresh_rate_hz" integer,
	"ports" text[],
	"extra_specs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"spec_terms" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '') || ' ' || coalesce(model, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(spec_terms, '')), 'C') || setweight(to_tsvector('english', coalesce(description, '')), 'D')) STORED,
	"rating_avg" numeric(3, 2) DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug"),
	CONSTRAINT "products_category_check" CHECK ("products"."category" in ('Laptop', 'Desktop', 'Monitor')),
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('draft', 'pending_review', 'active', 'archived')),
	CONSTRAINT "products_price_check" CHECK ("products"."price_paise" > 0 and "products"."mrp_paise" >= "products"."price_paise"),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock" >= 0),
	CONSTRAINT "products_rating_check" CHECK ("products"."rating_avg" between 0 and 5 and "products"."rating_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "search_lexicon" (
	"word" text PRIMARY KEY NOT NULL,
	"frequency" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"user_id" text NOT NULL,
	"product_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_reviews_product_idx" ON "product_reviews" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_id","status");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_lexicon_trgm_idx" ON "search_lexicon" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "search_lexicon_prefix_idx" ON "search_lexicon" USING btree ("word" collate "C");--> statement-breakpoint
CREATE INDEX "wishlist_items_user_idx" ON "wishlist_items" USING btree ("user_id","created_at");--> statement-breakpoint
-- Hand-written (Drizzle cannot declare INCLUDE): every column that a product list, its count or a facet reads,
-- for the products customers can see, so those queries are index-only scans of a small index.
CREATE INDEX "products_listing_idx" ON "products" USING btree ("category", "price_paise")
  INCLUDE ("id", "brand", "ram_gb", "storage_gb", "processor_family", "screen_size_in", "resolution_name", "panel_type",
    "refresh_rate_hz", "stock", "mrp_paise", "rating_avg", "rating_count", "sold_count", "created_at")
  WHERE "status" = 'active' AND "vendor_active";
--> statement-breakpoint
-- products.vendor_active follows vendors.status ('approved' sells), whatever code writes either table.
CREATE FUNCTION "products_set_vendor_active"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.vendor_active := coalesce((SELECT v.status = 'approved' FROM vendors v WHERE v.id = NEW.vendor_id), false);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_vendor_active" BEFORE INSERT OR UPDATE OF "vendor_id", "vendor_active" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_set_vendor_active"();
--> statement-breakpoint
CREATE FUNCTION "vendors_status_to_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET vendor_active = (NEW.status = 'approved')
    WHERE vendor_id = NEW.id AND vendor_active IS DISTINCT FROM (NEW.status = 'approved');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vendors_status_to_products" AFTER UPDATE OF "status" ON "vendors"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "vendors_status_to_products"();
