-- Picture addresses in the seller centre's CSV (decision 61): what an import still has to fetch and what came of it,
-- and where each picture was fetched from. Only adds (decision 31): columns with defaults or nullable, and the
-- media module's view made again with one more column.
DROP VIEW "public"."product_image_directory";--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "pictures" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "pictures_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "pictures_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "pictures_added" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "pictures_failed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "picture_errors" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "pictures_finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source_url" text;--> statement-breakpoint
CREATE VIEW "public"."product_image_directory" AS (select "id", "product_id", "position", "alt", "width", "height", "source_url" from "product_images");
