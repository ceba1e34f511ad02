CREATE TABLE "grievance_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"grievance_id" text NOT NULL,
	"author" text NOT NULL,
	"author_user_id" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grievance_messages_author_check" CHECK ("grievance_messages"."author" in ('customer', 'officer'))
);
--> statement-breakpoint
CREATE TABLE "grievance_ticket_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grievances" (
	"id" text PRIMARY KEY NOT NULL,
	"ticket_number" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text,
	"source" text NOT NULL,
	"order_id" text,
	"order_number" text,
	"order_item_id" text,
	"item_name" text,
	"category" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"resolution" text,
	"ip_address" text,
	CONSTRAINT "grievances_ticket_number_unique" UNIQUE("ticket_number"),
	CONSTRAINT "grievances_status_check" CHECK ("grievances"."status" in ('received', 'acknowledged', 'resolved', 'closed')),
	CONSTRAINT "grievances_source_check" CHECK ("grievances"."source" in ('order', 'contact')),
	CONSTRAINT "grievances_category_check" CHECK ("grievances"."category" in ('delivery', 'product_defect', 'refund', 'seller_conduct', 'other'))
);
--> statement-breakpoint
ALTER TABLE "grievance_messages" ADD CONSTRAINT "grievance_messages_grievance_id_grievances_id_fk" FOREIGN KEY ("grievance_id") REFERENCES "public"."grievances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievance_messages" ADD CONSTRAINT "grievance_messages_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grievances" ADD CONSTRAINT "grievances_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "grievance_messages_grievance_idx" ON "grievance_messages" USING btree ("grievance_id","created_at");--> statement-breakpoint
CREATE INDEX "grievances_received_idx" ON "grievances" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "grievances_status_idx" ON "grievances" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "grievances_user_idx" ON "grievances" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "grievances_order_idx" ON "grievances" USING btree ("order_id");
