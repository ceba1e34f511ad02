CREATE TABLE "mail_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"to_name" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"template" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_messages_status_check" CHECK ("mail_messages"."status" in ('queued', 'sent', 'kept', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "gateway_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"receipt" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_orders_status_check" CHECK ("gateway_orders"."status" in ('created', 'attempted', 'paid')),
	CONSTRAINT "gateway_orders_amount_check" CHECK ("gateway_orders"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"error_code" text,
	"error_description" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount_refunded_paise" integer DEFAULT 0 NOT NULL,
	"captured_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_payments_method_check" CHECK ("gateway_payments"."method" in ('card', 'upi', 'netbanking', 'emi')),
	CONSTRAINT "gateway_payments_status_check" CHECK ("gateway_payments"."status" in ('created', 'authorized', 'captured', 'failed', 'refunded')),
	CONSTRAINT "gateway_payments_refund_check" CHECK ("gateway_payments"."amount_refunded_paise" between 0 and "gateway_payments"."amount_paise")
);
--> statement-breakpoint
CREATE TABLE "gateway_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"status" text DEFAULT 'processed' NOT NULL,
	"notes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_refunds_amount_check" CHECK ("gateway_refunds"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "gateway_webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"payload" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "gateway_payments" ADD CONSTRAINT "gateway_payments_order_id_gateway_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."gateway_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gateway_refunds" ADD CONSTRAINT "gateway_refunds_payment_id_gateway_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."gateway_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_messages_pending_idx" ON "mail_messages" USING btree ("next_attempt_at") WHERE "mail_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_messages_created_idx" ON "mail_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "gateway_payments_order_idx" ON "gateway_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "gateway_refunds_payment_idx" ON "gateway_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "gateway_webhook_pending_idx" ON "gateway_webhook_deliveries" USING btree ("next_attempt_at") WHERE "gateway_webhook_deliveries"."delivered_at" is null;