-- Decision 70: the orders' published line names the configuration it was bought as (added at its end), for the
-- catalogue to keep a configuration an order names.
CREATE OR REPLACE VIEW "public"."order_line_directory" AS (select "id", "order_id", "vendor_id", "quantity", "line_total_paise", "discount_paise", "product_id", "position", "name", "category", "hsn_code", "seller_name", "seller_state", "cancelled_quantity", "taxable_paise", "gst_rate_bp", "cgst_paise", "sgst_paise", "igst_paise", "variant_id" from "order_items");
