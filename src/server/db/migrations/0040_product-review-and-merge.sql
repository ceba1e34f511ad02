-- Decision 70: the review queue of new products. A product of before the queue counts as approved (its seller's
-- later edits and publishing never hold it), so only products listed from now on wait for the shop.
ALTER TABLE "products" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "products" SET "approved_at" = "created_at" WHERE "status" <> 'pending_review';--> statement-breakpoint
UPDATE "products" SET "submitted_at" = "updated_at" WHERE "status" = 'pending_review';--> statement-breakpoint
CREATE INDEX "products_review_queue_idx" ON "products" USING btree ("submitted_at") WHERE "products"."status" = 'pending_review';
