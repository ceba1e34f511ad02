ALTER TABLE "shipments" DROP CONSTRAINT "shipments_status_check";--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "return_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('shipped', 'delivered', 'return_received', 'refunded'));