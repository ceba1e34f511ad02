ALTER TABLE "courier_shipments" ADD COLUMN "tracking_status" text DEFAULT 'booked' NOT NULL;--> statement-breakpoint
ALTER TABLE "courier_shipments" ADD COLUMN "tracking_status_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE "courier_tracking_events" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"status" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"location" text,
	"detail" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_tracking_events_once_key" UNIQUE("shipment_id","status","occurred_at")
);
--> statement-breakpoint
ALTER TABLE "courier_tracking_events" ADD CONSTRAINT "courier_tracking_events_shipment_id_courier_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."courier_shipments"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "courier_reattempts" (
	"id" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"kind" text NOT NULL,
	"reattempt_on" date,
	"address_line" text,
	"phone" text,
	"answered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_reattempts" ADD CONSTRAINT "courier_reattempts_shipment_id_courier_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."courier_shipments"("id") ON DELETE cascade ON UPDATE no action;
