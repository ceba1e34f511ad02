CREATE TABLE "courier_shipments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"provider" text NOT NULL,
	"courier_id" text NOT NULL,
	"courier_name" text NOT NULL,
	"awb" text NOT NULL,
	"provider_shipment_id" text NOT NULL,
	"tracking_url" text NOT NULL,
	"charge_paise" integer NOT NULL,
	"promised_days" integer NOT NULL,
	"cod_amount_paise" integer,
	"declared_value_paise" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"length_mm" integer NOT NULL,
	"width_mm" integer NOT NULL,
	"height_mm" integer NOT NULL,
	"chargeable_weight_grams" integer NOT NULL,
	"provider_label_url" text,
	"pickup_date" date,
	"pickup_reference" text,
	"booked_by" text,
	"booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_shipments_order_vendor_key" UNIQUE("order_id","vendor_id"),
	CONSTRAINT "courier_shipments_provider_awb_key" UNIQUE("provider","awb"),
	CONSTRAINT "courier_shipments_charge_check" CHECK ("courier_shipments"."charge_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD CONSTRAINT "courier_shipments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_shipments_vendor_booked_idx" ON "courier_shipments" USING btree ("vendor_id","booked_at");--> statement-breakpoint
CREATE VIEW "public"."parcel_directory" AS (select "products"."id" as product_id, null::text as variant_id, "products"."weight_grams" as weight_grams,
    "products"."length_mm" as length_mm, "products"."width_mm" as width_mm, "products"."height_mm" as height_mm from "products"
    union all
    select "product_variants"."product_id", "product_variants"."id", "product_variants"."weight_grams", "product_variants"."length_mm",
    "product_variants"."width_mm", "product_variants"."height_mm" from "product_variants");
