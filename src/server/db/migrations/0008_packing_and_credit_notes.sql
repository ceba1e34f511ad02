CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"reason" text NOT NULL,
	"lines" jsonb NOT NULL,
	"shipping_paise" integer DEFAULT 0 NOT NULL,
	"taxable_paise" integer NOT NULL,
	"gst_paise" integer NOT NULL,
	"total_paise" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_order_seq_key" UNIQUE("order_id","seq"),
	CONSTRAINT "credit_notes_total_check" CHECK ("credit_notes"."total_paise" = "credit_notes"."taxable_paise" + "credit_notes"."gst_paise" + "credit_notes"."shipping_paise")
);
--> statement-breakpoint
CREATE TABLE "packings" (
	"order_id" text NOT NULL,
	"vendor_id" text NOT NULL,
	"packed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"packed_by" text,
	CONSTRAINT "packings_order_id_vendor_id_pk" PRIMARY KEY("order_id","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packings" ADD CONSTRAINT "packings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packings" ADD CONSTRAINT "packings_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "packings_vendor_idx" ON "packings" USING btree ("vendor_id");