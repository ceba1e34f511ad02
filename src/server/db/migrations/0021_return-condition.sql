ALTER TABLE "shipments" ADD COLUMN "return_condition" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_return_condition_check" CHECK ("shipments"."return_condition" in ('resellable', 'damaged'));--> statement-breakpoint
-- Every return received before this column was put back into stock.
UPDATE "shipments" SET "return_condition" = 'resellable' WHERE "return_received_at" IS NOT NULL;
