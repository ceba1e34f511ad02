-- Decision 70: the buy box ranks sellers by their record of dispatch, published by the fulfilment module.
CREATE INDEX "shipments_vendor_shipped_idx" ON "shipments" USING btree ("vendor_id","shipped_at");--> statement-breakpoint
CREATE VIEW "public"."seller_dispatch_record" AS (select s.vendor_id, count(*)::int as shipments,
    (count(*) filter (where s.shipped_at <= o.order_date + interval '2 days'))::float8 / count(*) as on_time_share
    from "shipments" s join order_directory o on o.id = s.order_id
    where s.shipped_at > now() - interval '90 days'
    group by s.vendor_id);
