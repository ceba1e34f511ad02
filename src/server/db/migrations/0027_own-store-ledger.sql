-- Decision 51: the shop's own store (the seller whose GSTIN is the shop's own, in its saved settings or,
-- when none were saved, the default of src/shared/constants.ts) was charged commission, GST on it, TCS
-- and TDS on its sales. The law never allowed it (TCS under section 52 of the CGST Act and TDS under
-- section 194-O are on supplies of other suppliers), so its recorded lines are corrected, not kept as
-- history: every one of its entries, sale or refund, paid out or not, becomes first-party with no
-- deduction and a net equal to its sale; its payouts' totals are summed again from their entries. The
-- payouts are the shop paying itself, so no seller is paid differently from what it was told.
UPDATE "vendor_ledger_entries" e
   SET "first_party" = true, "commission_rate_bp" = 0, "commission_paise" = 0, "commission_gst_paise" = 0,
       "tcs_paise" = 0, "tds_paise" = 0, "net_paise" = e."sale_paise"
  FROM "vendors" v
 WHERE v."id" = e."vendor_id" AND NOT e."first_party"
   AND upper(btrim(v."gstin")) = upper(btrim(coalesce((SELECT s."value"->'invoice'->>'gstin' FROM "shop_settings" s WHERE s."id" = 1), '27AAUFS4821K1ZK')));
--> statement-breakpoint
UPDATE "payouts" p
   SET "commission_paise" = t."commission", "commission_gst_paise" = t."commission_gst", "tcs_paise" = t."tcs",
       "tds_paise" = t."tds", "net_paise" = t."net"
  FROM (SELECT "payout_id", sum("commission_paise")::int AS "commission", sum("commission_gst_paise")::int AS "commission_gst",
               sum("tcs_paise")::int AS "tcs", sum("tds_paise")::int AS "tds", sum("net_paise")::int AS "net"
          FROM "vendor_ledger_entries" WHERE "payout_id" IS NOT NULL
         GROUP BY "payout_id" HAVING bool_and("first_party")) t
 WHERE t."payout_id" = p."id" AND p."net_paise" <> t."net";
