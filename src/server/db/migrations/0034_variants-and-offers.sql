-- Products, variants and offers (decision 70). Only adds (decision 31). Written by drizzle-kit, then by hand
-- from "Backfill" on: each product listed before becomes a model with one variant and one offer, both with the
-- product's id, and triggers keep the previous release's columns and the new tables in step while both run.
CREATE TABLE "offers" (
	"id" text PRIMARY KEY NOT NULL,
	"variant_id" text NOT NULL,
	"product_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"seller_sku" text,
	"price_paise" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"dispatch_days" integer DEFAULT 1 NOT NULL,
	"warranty" text NOT NULL,
	"warranty_months" integer NOT NULL,
	"condition" text DEFAULT 'new' NOT NULL,
	"grade" text,
	"status" text DEFAULT 'active' NOT NULL,
	"vendor_active" boolean DEFAULT false NOT NULL,
	"sold_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_price_check" CHECK ("offers"."price_paise" > 0),
	CONSTRAINT "offers_stock_check" CHECK ("offers"."stock" >= 0),
	CONSTRAINT "offers_dispatch_check" CHECK ("offers"."dispatch_days" between 0 and 30),
	CONSTRAINT "offers_status_check" CHECK ("offers"."status" in ('active', 'paused')),
	CONSTRAINT "offers_condition_check" CHECK (("offers"."condition" = 'new' and "offers"."grade" is null) or ("offers"."condition" = 'refurbished' and "offers"."grade" in ('A', 'B', 'C')))
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sku" text,
	"ean" text,
	"status" text DEFAULT 'active' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"mrp_paise" integer NOT NULL,
	"hsn_code" text NOT NULL,
	"gst_rate_bp" integer DEFAULT 1800 NOT NULL,
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
	"colour" text,
	"weight_grams" integer,
	"length_mm" integer,
	"width_mm" integer,
	"height_mm" integer,
	"spec_terms" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_status_check" CHECK ("product_variants"."status" in ('active', 'archived')),
	CONSTRAINT "product_variants_mrp_check" CHECK ("product_variants"."mrp_paise" > 0),
	CONSTRAINT "product_variants_gst_rate_check" CHECK ("product_variants"."gst_rate_bp" in (0, 500, 1200, 1800, 2800, 4000)),
	CONSTRAINT "product_variants_ean_check" CHECK ("product_variants"."ean" is null or "product_variants"."ean" ~ '^[0-9]{8,14}$'),
	CONSTRAINT "product_variants_shipping_check" CHECK (coalesce("product_variants"."weight_grams", 1) > 0 and coalesce("product_variants"."length_mm", 1) > 0 and coalesce("product_variants"."width_mm", 1) > 0 and coalesce("product_variants"."height_mm", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "option_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "merged_into" text;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "offer_id" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_vendor_sku_key" ON "offers" USING btree ("vendor_id","seller_sku");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_vendor_variant_key" ON "offers" USING btree ("vendor_id","variant_id","condition",coalesce("grade", ''));--> statement-breakpoint
CREATE INDEX "offers_variant_idx" ON "offers" USING btree ("variant_id","price_paise");--> statement-breakpoint
CREATE INDEX "offers_product_idx" ON "offers" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "offers_vendor_idx" ON "offers" USING btree ("vendor_id","status","stock");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_options_key" ON "product_variants" USING btree ("product_id","options");--> statement-breakpoint
CREATE INDEX "product_variants_ean_idx" ON "product_variants" USING btree ("ean") WHERE "product_variants"."ean" is not null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merged_into_products_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- Backfill: one variant per product, with the product's id and its typed specifications, MRP, HSN/GST and parcel.
INSERT INTO "product_variants" ("id", "product_id", "options", "status", "position", "mrp_paise", "hsn_code", "gst_rate_bp",
    "processor", "processor_family", "ram_gb", "storage_gb", "storage_type", "graphics", "operating_system", "screen_size_in",
    "resolution", "resolution_name", "panel_type", "refresh_rate_hz", "ports", "weight_grams", "length_mm", "width_mm",
    "height_mm", "spec_terms", "created_at", "updated_at")
  SELECT "id", "id", '{}'::jsonb, 'active', 0, "mrp_paise", "hsn_code", "gst_rate_bp",
    "processor", "processor_family", "ram_gb", "storage_gb", "storage_type", "graphics", "operating_system", "screen_size_in",
    "resolution", "resolution_name", "panel_type", "refresh_rate_hz", "ports", "weight_grams", "length_mm", "width_mm",
    "height_mm", "spec_terms", "created_at", "updated_at"
  FROM "products"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Backfill: the product's seller's offer of it, with the product's id, SKU, price, stock and warranty.
INSERT INTO "offers" ("id", "variant_id", "product_id", "vendor_id", "seller_sku", "price_paise", "stock", "dispatch_days",
    "warranty", "warranty_months", "condition", "status", "vendor_active", "sold_count", "created_at", "updated_at")
  SELECT "id", "id", "id", "vendor_id", "sku", "price_paise", "stock", 1,
    "warranty", "warranty_months", 'new', 'active', "vendor_active", "sold_count", "created_at", "updated_at"
  FROM "products"
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Backfill: the lines of earlier orders name the variant and the offer they were bought as.
UPDATE "order_items" SET "variant_id" = "product_id", "offer_id" = "product_id" WHERE "variant_id" IS NULL;
--> statement-breakpoint
-- offers.vendor_active follows vendors.status ('approved' sells), as products.vendor_active does (migration 0001);
-- the function reads only NEW.vendor_id and sets NEW.vendor_active.
CREATE TRIGGER "offers_vendor_active" BEFORE INSERT OR UPDATE OF "vendor_id", "vendor_active" ON "offers"
  FOR EACH ROW EXECUTE FUNCTION "products_set_vendor_active"();
--> statement-breakpoint
CREATE FUNCTION "vendors_status_to_offers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers SET vendor_active = (NEW.status = 'approved')
    WHERE vendor_id = NEW.id AND vendor_active IS DISTINCT FROM (NEW.status = 'approved');
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "vendors_status_to_offers" AFTER UPDATE OF "status" ON "vendors"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "vendors_status_to_offers"();
--> statement-breakpoint
-- While the previous release runs (until the contract): what it writes to a product reaches the variant and the
-- offer of the same id, and what this release writes to them reaches the product, so neither sells stock the
-- other took. Each copies only a value that differs, so the two triggers stop at once.
CREATE FUNCTION "products_to_legacy_offer"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE offers SET price_paise = NEW.price_paise, stock = NEW.stock, seller_sku = NEW.sku, warranty = NEW.warranty,
      warranty_months = NEW.warranty_months
    WHERE id = NEW.id
      AND (price_paise, stock, seller_sku, warranty, warranty_months)
        IS DISTINCT FROM (NEW.price_paise, NEW.stock, NEW.sku, NEW.warranty, NEW.warranty_months);
  UPDATE product_variants SET mrp_paise = NEW.mrp_paise, hsn_code = NEW.hsn_code, gst_rate_bp = NEW.gst_rate_bp,
      processor = NEW.processor, processor_family = NEW.processor_family, ram_gb = NEW.ram_gb, storage_gb = NEW.storage_gb,
      storage_type = NEW.storage_type, graphics = NEW.graphics, operating_system = NEW.operating_system,
      screen_size_in = NEW.screen_size_in, resolution = NEW.resolution, resolution_name = NEW.resolution_name,
      panel_type = NEW.panel_type, refresh_rate_hz = NEW.refresh_rate_hz, ports = NEW.ports, weight_grams = NEW.weight_grams,
      length_mm = NEW.length_mm, width_mm = NEW.width_mm, height_mm = NEW.height_mm, spec_terms = NEW.spec_terms
    WHERE id = NEW.id
      AND (mrp_paise, hsn_code, gst_rate_bp, processor, processor_family, ram_gb, storage_gb, storage_type, graphics,
        operating_system, screen_size_in, resolution, resolution_name, panel_type, refresh_rate_hz, ports, weight_grams,
        length_mm, width_mm, height_mm, spec_terms)
      IS DISTINCT FROM (NEW.mrp_paise, NEW.hsn_code, NEW.gst_rate_bp, NEW.processor, NEW.processor_family, NEW.ram_gb,
        NEW.storage_gb, NEW.storage_type, NEW.graphics, NEW.operating_system, NEW.screen_size_in, NEW.resolution,
        NEW.resolution_name, NEW.panel_type, NEW.refresh_rate_hz, NEW.ports, NEW.weight_grams, NEW.length_mm, NEW.width_mm,
        NEW.height_mm, NEW.spec_terms);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_to_legacy_offer" AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (OLD IS DISTINCT FROM NEW) EXECUTE FUNCTION "products_to_legacy_offer"();
--> statement-breakpoint
CREATE FUNCTION "legacy_offer_to_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET price_paise = NEW.price_paise, stock = NEW.stock
    WHERE id = NEW.id AND (price_paise, stock) IS DISTINCT FROM (NEW.price_paise, NEW.stock);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "legacy_offer_to_products" AFTER UPDATE OF "price_paise", "stock" ON "offers"
  FOR EACH ROW WHEN (NEW.id = NEW.product_id) EXECUTE FUNCTION "legacy_offer_to_products"();
--> statement-breakpoint
-- A product the previous release lists gets its variant and offer at once. This release writes its products with
-- their variants itself and says so in its transaction (set_config('shop.writes_variants', 'on', true)).
CREATE FUNCTION "products_to_legacy_variant"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.writes_variants', true) IS DISTINCT FROM 'on' THEN
    INSERT INTO product_variants (id, product_id, mrp_paise, hsn_code, gst_rate_bp, processor, processor_family, ram_gb,
        storage_gb, storage_type, graphics, operating_system, screen_size_in, resolution, resolution_name, panel_type,
        refresh_rate_hz, ports, weight_grams, length_mm, width_mm, height_mm, spec_terms)
      VALUES (NEW.id, NEW.id, NEW.mrp_paise, NEW.hsn_code, NEW.gst_rate_bp, NEW.processor, NEW.processor_family, NEW.ram_gb,
        NEW.storage_gb, NEW.storage_type, NEW.graphics, NEW.operating_system, NEW.screen_size_in, NEW.resolution,
        NEW.resolution_name, NEW.panel_type, NEW.refresh_rate_hz, NEW.ports, NEW.weight_grams, NEW.length_mm, NEW.width_mm,
        NEW.height_mm, NEW.spec_terms)
      ON CONFLICT DO NOTHING;
    INSERT INTO offers (id, variant_id, product_id, vendor_id, seller_sku, price_paise, stock, warranty, warranty_months)
      VALUES (NEW.id, NEW.id, NEW.id, NEW.vendor_id, NEW.sku, NEW.price_paise, NEW.stock, NEW.warranty, NEW.warranty_months)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_to_legacy_variant" AFTER INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_to_legacy_variant"();
