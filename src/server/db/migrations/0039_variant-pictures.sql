-- Decision 70: a picture may show one configuration; the media module's view names it (added at its end).
CREATE OR REPLACE VIEW "public"."product_image_directory" AS (select "id", "product_id", "position", "alt", "width", "height", "source_url", "variant_id" from "product_images");
