CREATE TABLE "einvoice_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"vendor_id" text,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"document_date" date NOT NULL,
	"document_ref" text NOT NULL,
	"supplier_gstin" text NOT NULL,
	"buyer_gstin" text NOT NULL,
	"buyer_name" text NOT NULL,
	"total_paise" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"irn" text,
	"ack_no" text,
	"ack_date" timestamp with time zone,
	"signed_invoice" text,
	"signed_qr_code" text,
	"last_error_code" text,
	"last_error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_registrations_status_check" CHECK ("einvoice_registrations"."status" in ('pending', 'registered', 'failed', 'cancelled')),
	CONSTRAINT "einvoice_registrations_type_check" CHECK ("einvoice_registrations"."document_type" in ('INV', 'CRN')),
	CONSTRAINT "einvoice_registrations_reason_check" CHECK ("einvoice_registrations"."cancel_reason" is null or "einvoice_registrations"."cancel_reason" in ('1', '2', '3', '4'))
);
--> statement-breakpoint
CREATE TABLE "test_irp_documents" (
	"irn" text PRIMARY KEY NOT NULL,
	"gstin" text NOT NULL,
	"document_type" text NOT NULL,
	"document_number" text NOT NULL,
	"ack_no" text NOT NULL,
	"ack_date" timestamp with time zone NOT NULL,
	"signed_invoice" text NOT NULL,
	"signed_qr_code" text NOT NULL,
	"status" text DEFAULT 'ACT' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_remark" text,
	CONSTRAINT "test_irp_documents_status_check" CHECK ("test_irp_documents"."status" in ('ACT', 'CNL'))
);
--> statement-breakpoint
CREATE TABLE "test_irp_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_irp_keys_one_row" CHECK ("test_irp_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "e_invoicing_from" date;--> statement-breakpoint
ALTER TABLE "einvoice_registrations" ADD CONSTRAINT "einvoice_registrations_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_registrations_document_idx" ON "einvoice_registrations" USING btree ("supplier_gstin","document_type","document_number");--> statement-breakpoint
CREATE INDEX "einvoice_registrations_status_idx" ON "einvoice_registrations" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "einvoice_registrations_vendor_idx" ON "einvoice_registrations" USING btree ("vendor_id","created_at");
