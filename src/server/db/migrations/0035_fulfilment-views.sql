-- Decision 67: the fulfilment module owns shipments and packings. Its published view carries what the
-- orders' pages and lists read (courier, tracking, dates), added at the view's end so that it is replaced in
-- place, and the orders' "late to ship" reads that view instead of the fulfilment's table (the same plan:
-- PostgreSQL inlines a simple view).
CREATE OR REPLACE VIEW "public"."shipment_directory" AS (select "id", "order_id", "vendor_id", "status", "return_received_at", "return_condition", "refunded_at", "carrier", "tracking_number", "tracking_url", "shipped_at", "delivered_at" from "shipments");--> statement-breakpoint
CREATE OR REPLACE VIEW "public"."order_directory" AS (select "id", "order_number", "user_id", "status", "order_date", ("address"->>'state') as "delivery_state", "shipping_paise", "total_paise", "return_reason", "return_requested_at", ("status" in ('placed', 'processing', 'partly_shipped', 'partly_delivered')) as "awaiting_shipment", ("status" in ('placed', 'processing', 'partly_shipped', 'partly_delivered')
  and "order_date" < now() - interval '2 days'
  and exists (select 1 from order_items li where li.order_id = orders.id and li.quantity > li.cancelled_quantity
    and not exists (select 1 from shipment_directory ls where ls.order_id = orders.id and ls.vendor_id = li.vendor_id) offset 0)) as "late_to_ship" from "orders");
