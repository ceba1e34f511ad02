CREATE TABLE "stock_alerts" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"status" text NOT NULL,
	"confirm_token_hash" text,
	"confirm_expires_at" timestamp with time zone,
	"confirm_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_status_check" CHECK ("stock_alerts"."status" in ('pending', 'waiting', 'notified', 'stopped'))
);
--> statement-breakpoint
DROP VIEW "public"."product_directory";--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_account_key" ON "stock_alerts" USING btree ("product_id","user_id") WHERE "stock_alerts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_visitor_key" ON "stock_alerts" USING btree ("product_id","email") WHERE "stock_alerts"."user_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_confirm_token_key" ON "stock_alerts" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "stock_alerts_waiting_idx" ON "stock_alerts" USING btree ("product_id") WHERE "stock_alerts"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "stock_alerts_user_idx" ON "stock_alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_alerts_email_idx" ON "stock_alerts" USING btree ("email");--> statement-breakpoint
CREATE VIEW "public"."product_directory" AS (select "id", "vendor_id", "name", "status", ("status" = 'active' and "vendor_active") as "on_sale", ("stock" > 0) as "in_stock" from "products");