CREATE TABLE "vendor_commission_rates" (
	"vendor_id" text NOT NULL,
	"category" text NOT NULL,
	"rate_bp" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "vendor_commission_rates_vendor_id_category_pk" PRIMARY KEY("vendor_id","category"),
	CONSTRAINT "vendor_commission_rates_rate_check" CHECK ("vendor_commission_rates"."rate_bp" between 0 and 5000)
);
--> statement-breakpoint
ALTER TABLE "vendor_commission_rates" ADD CONSTRAINT "vendor_commission_rates_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_commission_rates" ADD CONSTRAINT "vendor_commission_rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;