-- Issue 28: phone numbers were stored as typed ("0791234567" under +41). Since this release the
-- server stores one form, the national number under its country code (together the E.164 number,
-- +41791234567): the rule of packages/domain/src/phone-number.ts (normalisePhone), applied once here
-- to the rows written before it. Stored numbers are digits only already. First a country code typed
-- into the number ("0041…", or a Swiss "41…" of 11 digits) goes, then the trunk 0 of the countries
-- that dial one (not Italy's, which E.164 keeps).
UPDATE "users" SET "phone" = CASE
    WHEN "country_code" IN ('+41', '+49', '+33', '+43', '+32') AND "stripped" LIKE '0%' THEN substr("stripped", 2)
    ELSE "stripped"
  END
FROM (
  SELECT "id" AS "row_id", CASE
      WHEN "phone" LIKE '00' || substr("country_code", 2) || '%' THEN substr("phone", 3 + length("country_code") - 1)
      WHEN "country_code" = '+41' AND length("phone") = 11 AND "phone" LIKE '41%' THEN substr("phone", 3)
      ELSE "phone"
    END AS "stripped"
  FROM "users"
  WHERE "phone" <> ''
) AS "normal"
WHERE "users"."id" = "normal"."row_id" AND "users"."phone" <> '';
