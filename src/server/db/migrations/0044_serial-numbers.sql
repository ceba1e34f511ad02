-- Decision 72: each packed unit's serial number (the fulfilment module's packed_units, one serial on one unit of a
-- configuration at a time), the serial hold of a return whose serials do not match, and the warranty months an
-- order line was bought with. The shipment_directory grows at its end, so it is replaced in place.
CREATE TABLE "packed_units" (
	"order_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"order_item_id" text NOT NULL,
	"unit" integer NOT NULL,
	"variant_key" text NOT NULL,
	"serial" text NOT NULL,
	"packed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_serial" text,
	"returned_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	CONSTRAINT "packed_units_order_item_id_unit_pk" PRIMARY KEY("order_item_id","unit"),
	CONSTRAINT "packed_units_unit_check" CHECK ("packed_units"."unit" > 0)
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "serial_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "serial_hold_released_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "serial_hold_released_by" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "warranty_months" integer;--> statement-breakpoint
ALTER TABLE "packed_units" ADD CONSTRAINT "packed_units_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packed_units" ADD CONSTRAINT "packed_units_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packed_units" ADD CONSTRAINT "packed_units_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packed_units_serial_key" ON "packed_units" USING btree ("variant_key","serial") WHERE "packed_units"."released_at" is null;--> statement-breakpoint
CREATE INDEX "packed_units_order_idx" ON "packed_units" USING btree ("order_id");--> statement-breakpoint
CREATE VIEW "public"."packed_unit_directory" AS (select "order_id", "vendor_id", "order_item_id", "unit", "serial", "returned_serial", "returned_at" from "packed_units");--> statement-breakpoint
CREATE OR REPLACE VIEW "public"."shipment_directory" AS (select "id", "order_id", "vendor_id", "status", "return_received_at", "return_condition", "refunded_at", "carrier", "tracking_number", "tracking_url", "shipped_at", "delivered_at", "serial_hold_at", "serial_hold_released_at" from "shipments");