ALTER TABLE "product_imports" ADD COLUMN "created_products" integer;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "new_product_configurations" integer;
