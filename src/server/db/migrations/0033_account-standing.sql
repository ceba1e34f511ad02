-- The auth module publishes an account's standing in account_directory (decision 65): whether it is suspended
-- (banned, with the reason) and whether its e-mail is verified, for the admin's list of accounts, which reads
-- no longer the users table. Only adds (decision 31): the same columns first, the new ones at the end.
CREATE OR REPLACE VIEW "public"."account_directory" AS (select "id", "name", "email", "role", "created_at", "banned", "ban_reason", "email_verified" from "users");
