-- A vendor's registration asked for one mobile and kept it on the business only, so the seller's
-- "Account and security" page showed no mobile. New registrations keep it on the account too; the
-- vendors registered before get theirs now (an account erased on request stays without one).
UPDATE "users" SET "phone" = "vendors"."mobile"
FROM "vendors"
WHERE "vendors"."user_id" = "users"."id" AND "users"."phone" IS NULL AND "users"."deleted_at" IS NULL;
