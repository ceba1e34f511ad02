CREATE TABLE "product_imports" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"requested_by" text,
	"file_name" text NOT NULL,
	"file_bytes" integer NOT NULL,
	"csv" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"total_rows" integer NOT NULL,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created_rows" integer,
	"updated_rows" integer,
	"skipped_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"failure" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_imports_status_check" CHECK ("product_imports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "product_imports_failure_check" CHECK ("product_imports"."failure" is null or "product_imports"."failure" in ('refused', 'fault')),
	CONSTRAINT "product_imports_rows_check" CHECK ("product_imports"."total_rows" >= 0 and "product_imports"."rows_done" between 0 and "product_imports"."total_rows")
);
--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_imports" ADD CONSTRAINT "product_imports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_imports_vendor_idx" ON "product_imports" USING btree ("vendor_id","created_at","id");