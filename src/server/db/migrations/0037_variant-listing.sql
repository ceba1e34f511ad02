-- Decision 70: lists, facets and search read a product's configurations and offers. Three columns of products,
-- kept by triggers of product_variants and offers whatever release writes them: the words of the other
-- configurations' specifications (in the search vector, weight C, beside the product's own), and what the lists
-- filter and sort by, the lowest price on sale (with stock first) and whether any offer on sale has stock.
ALTER TABLE "products" ADD COLUMN "variant_terms" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listing_price_paise" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listing_in_stock" boolean;--> statement-breakpoint
-- contract: the generated column is made again at once below, with its name, type and index, in this migration's
-- transaction: the previous release, which names its columns, reads it as before (and finds more).
ALTER TABLE "products" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce(name, '') || ' ' || coalesce(model, '')), 'A') || setweight(to_tsvector('english', coalesce(brand, '')), 'B') || setweight(to_tsvector('english', coalesce(spec_terms, '') || ' ' || coalesce(variant_terms, '')), 'C') || setweight(to_tsvector('english', coalesce(description, '')), 'D')) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- The words of a product's other active configurations; its own (the variant of its id) are the product's spec_terms.
CREATE FUNCTION "product_variant_terms"(product text) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET variant_terms = x.terms
    FROM (SELECT coalesce(string_agg(DISTINCT pv.spec_terms, ' '), '') AS terms
            FROM product_variants pv
           WHERE pv.product_id = product AND pv.id <> product AND pv.status = 'active' AND pv.spec_terms <> '') x
   WHERE p.id = product AND p.variant_terms IS DISTINCT FROM x.terms
$$;--> statement-breakpoint
-- What a product lists at: the lowest price of an offer that can be bought (its configuration active, the offer
-- active, its seller approved) with stock, else of one without, else the product's own price.
CREATE FUNCTION "product_listing"(product text) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET listing_price_paise = coalesce(x.price, p.price_paise), listing_in_stock = x.in_stock
    FROM (SELECT coalesce(min(o.price_paise) FILTER (WHERE o.stock > 0), min(o.price_paise)) AS price,
                 coalesce(bool_or(o.stock > 0), false) AS in_stock
            FROM offers o JOIN product_variants pv ON pv.id = o.variant_id AND pv.status = 'active'
           WHERE o.product_id = product AND o.status = 'active' AND o.vendor_active) x
   WHERE p.id = product
     AND (p.listing_price_paise, p.listing_in_stock) IS DISTINCT FROM (coalesce(x.price, p.price_paise), x.in_stock)
$$;--> statement-breakpoint
CREATE FUNCTION "offers_to_product_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM product_listing(OLD.product_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.product_id IS DISTINCT FROM OLD.product_id) THEN
    PERFORM product_listing(NEW.product_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "offers_to_product_listing" AFTER INSERT OR DELETE ON "offers"
  FOR EACH ROW EXECUTE FUNCTION "offers_to_product_listing"();--> statement-breakpoint
-- A checkout's stock taken fires it only when an offer sells out (or comes back): its price and stock's sign.
CREATE TRIGGER "offers_to_product_listing_update" AFTER UPDATE OF "price_paise", "stock", "status", "vendor_active", "variant_id", "product_id" ON "offers"
  FOR EACH ROW WHEN ((OLD.price_paise, OLD.stock > 0, OLD.status, OLD.vendor_active, OLD.variant_id, OLD.product_id)
    IS DISTINCT FROM (NEW.price_paise, NEW.stock > 0, NEW.status, NEW.vendor_active, NEW.variant_id, NEW.product_id))
  EXECUTE FUNCTION "offers_to_product_listing"();--> statement-breakpoint
CREATE FUNCTION "variants_to_product_listing"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  product text := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
BEGIN
  PERFORM product_variant_terms(product);
  PERFORM product_listing(product);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "variants_to_product_listing" AFTER INSERT OR DELETE ON "product_variants"
  FOR EACH ROW EXECUTE FUNCTION "variants_to_product_listing"();--> statement-breakpoint
CREATE TRIGGER "variants_to_product_listing_update" AFTER UPDATE OF "status", "spec_terms" ON "product_variants"
  FOR EACH ROW WHEN ((OLD.status, OLD.spec_terms) IS DISTINCT FROM (NEW.status, NEW.spec_terms))
  EXECUTE FUNCTION "variants_to_product_listing"();--> statement-breakpoint
-- A product inserted lists at its own price and stock until its offers say otherwise (they are inserted after it).
CREATE FUNCTION "products_listing_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.listing_price_paise := coalesce(NEW.listing_price_paise, NEW.price_paise);
  NEW.listing_in_stock := coalesce(NEW.listing_in_stock, NEW.stock > 0);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_listing_default" BEFORE INSERT ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_listing_default"();--> statement-breakpoint
UPDATE products SET listing_price_paise = price_paise, listing_in_stock = stock > 0;--> statement-breakpoint
SELECT product_listing(id) FROM products;--> statement-breakpoint
SELECT product_variant_terms(product_id) FROM product_variants WHERE id <> product_id GROUP BY product_id;--> statement-breakpoint
-- The lists' covering index, now on the price they sort by, with the stock they put first.
CREATE INDEX "products_listing_offers_idx" ON "products" USING btree ("category", "listing_price_paise")
  INCLUDE ("id", "brand", "ram_gb", "storage_gb", "processor_family", "screen_size_in", "resolution_name", "panel_type",
    "refresh_rate_hz", "listing_in_stock", "price_paise", "stock", "mrp_paise", "rating_avg", "rating_count", "sold_count", "created_at")
  WHERE "status" = 'active' AND "vendor_active";--> statement-breakpoint
DROP INDEX "products_listing_idx";
