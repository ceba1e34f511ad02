DROP INDEX "products_vendor_idx";--> statement-breakpoint
CREATE INDEX "products_vendor_idx" ON "products" USING btree ("vendor_id","status","stock");