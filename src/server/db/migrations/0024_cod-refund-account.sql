ALTER TABLE "orders" ADD COLUMN "refund_account_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_account_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_ifsc" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_account_check" CHECK (("orders"."refund_account_number" is null and "orders"."refund_account_name" is null and "orders"."refund_ifsc" is null) or ("orders"."refund_account_number" is not null and "orders"."refund_account_name" is not null and "orders"."refund_ifsc" is not null));