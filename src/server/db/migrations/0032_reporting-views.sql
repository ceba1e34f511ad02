-- The orders and payouts modules publish what the reporting module reads (decision 66): the orders' and their
-- lines' views made again with more columns, and views of the orders' timeline kinds, credit notes, shipments,
-- packings and the vendor ledger. Only adds (decision 31): views dropped and made again in this transaction, and
-- new views.
DROP VIEW "public"."order_directory";--> statement-breakpoint
DROP VIEW "public"."order_line_directory";--> statement-breakpoint
CREATE VIEW "public"."credit_note_directory" AS (select "id", "order_id", "number", "reason", "lines", "shipping_paise", "created_at" from "credit_notes");--> statement-breakpoint
CREATE VIEW "public"."order_event_directory" AS (select "id", "order_id", "kind", "created_at" from "order_events");--> statement-breakpoint
CREATE VIEW "public"."packing_directory" AS (select "order_id", "vendor_id", "packed_at" from "packings");--> statement-breakpoint
CREATE VIEW "public"."shipment_directory" AS (select "id", "order_id", "vendor_id", "status", "return_received_at", "return_condition", "refunded_at" from "shipments");--> statement-breakpoint
CREATE VIEW "public"."ledger_directory" AS (select "vendor_ledger_entries"."id", "vendor_ledger_entries"."vendor_id", "vendor_ledger_entries"."kind", "vendor_ledger_entries"."first_party", "vendor_ledger_entries"."intra_state", "vendor_ledger_entries"."delivered_at", "vendor_ledger_entries"."reversed_at", "vendor_ledger_entries"."sale_paise", "vendor_ledger_entries"."taxable_paise", "vendor_ledger_entries"."commission_paise", "vendor_ledger_entries"."commission_gst_paise", "vendor_ledger_entries"."tcs_paise", "vendor_ledger_entries"."tds_paise", "vendor_ledger_entries"."net_paise", "vendor_ledger_entries"."payout_id", "payouts"."status" as "payout_status" from "vendor_ledger_entries" left join "payouts" on "payouts"."id" = "vendor_ledger_entries"."payout_id");--> statement-breakpoint
CREATE VIEW "public"."order_directory" AS (select "id", "order_number", "user_id", "status", "order_date", ("address"->>'state') as "delivery_state", "shipping_paise", "total_paise", "return_reason", "return_requested_at", ("status" in ('placed', 'processing', 'partly_shipped', 'partly_delivered')) as "awaiting_shipment", ("status" in ('placed', 'processing', 'partly_shipped', 'partly_delivered')
  and "order_date" < now() - interval '2 days'
  and exists (select 1 from order_items li where li.order_id = orders.id and li.quantity > li.cancelled_quantity
    and not exists (select 1 from shipments ls where ls.order_id = orders.id and ls.vendor_id = li.vendor_id) offset 0)) as "late_to_ship" from "orders");--> statement-breakpoint
CREATE VIEW "public"."order_line_directory" AS (select "id", "order_id", "vendor_id", "quantity", "line_total_paise", "discount_paise", "product_id", "position", "name", "category", "hsn_code", "seller_name", "seller_state", "cancelled_quantity", "taxable_paise", "gst_rate_bp", "cgst_paise", "sgst_paise", "igst_paise" from "order_items");