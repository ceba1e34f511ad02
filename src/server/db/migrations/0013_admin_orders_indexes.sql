CREATE INDEX "order_items_vendor_order_idx" ON "order_items" USING btree ("vendor_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_date_idx" ON "orders" USING btree ("order_date","seq");--> statement-breakpoint
CREATE INDEX "orders_status_date_idx" ON "orders" USING btree ("status","order_date","seq");--> statement-breakpoint
CREATE INDEX "orders_total_idx" ON "orders" USING btree ("total_paise","seq");--> statement-breakpoint
CREATE INDEX "orders_ship_state_idx" ON "orders" USING btree (("address"->>'state'),"order_date");--> statement-breakpoint
CREATE INDEX "orders_number_trgm_idx" ON "orders" USING gin ("order_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "shipments_tracking_trgm_idx" ON "shipments" USING gin ("tracking_number" gin_trgm_ops);