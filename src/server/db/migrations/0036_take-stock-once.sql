-- Decision 70: the copy of a product's row into its own variant and offer (products_to_legacy_offer) fires only
-- when a column it copies changes. Units sold, ratings and the last update's time are not copied, so a checkout
-- counting the units sold of a product no longer runs the copy's two comparing updates on every line.
DROP TRIGGER "products_to_legacy_offer" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_to_legacy_offer" AFTER UPDATE OF "price_paise", "stock", "sku", "warranty", "warranty_months",
    "mrp_paise", "hsn_code", "gst_rate_bp", "processor", "processor_family", "ram_gb", "storage_gb", "storage_type",
    "graphics", "operating_system", "screen_size_in", "resolution", "resolution_name", "panel_type", "refresh_rate_hz",
    "ports", "weight_grams", "length_mm", "width_mm", "height_mm", "spec_terms" ON "products"
  FOR EACH ROW WHEN ((OLD.price_paise, OLD.stock, OLD.sku, OLD.warranty, OLD.warranty_months, OLD.mrp_paise, OLD.hsn_code,
      OLD.gst_rate_bp, OLD.processor, OLD.processor_family, OLD.ram_gb, OLD.storage_gb, OLD.storage_type, OLD.graphics,
      OLD.operating_system, OLD.screen_size_in, OLD.resolution, OLD.resolution_name, OLD.panel_type, OLD.refresh_rate_hz,
      OLD.ports, OLD.weight_grams, OLD.length_mm, OLD.width_mm, OLD.height_mm, OLD.spec_terms)
    IS DISTINCT FROM (NEW.price_paise, NEW.stock, NEW.sku, NEW.warranty, NEW.warranty_months, NEW.mrp_paise, NEW.hsn_code,
      NEW.gst_rate_bp, NEW.processor, NEW.processor_family, NEW.ram_gb, NEW.storage_gb, NEW.storage_type, NEW.graphics,
      NEW.operating_system, NEW.screen_size_in, NEW.resolution, NEW.resolution_name, NEW.panel_type, NEW.refresh_rate_hz,
      NEW.ports, NEW.weight_grams, NEW.length_mm, NEW.width_mm, NEW.height_mm, NEW.spec_terms))
  EXECUTE FUNCTION "products_to_legacy_offer"();
