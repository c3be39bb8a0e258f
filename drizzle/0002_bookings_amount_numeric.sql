-- bookings.amount was text. Values that read as a number (an optional $ and thousands commas allowed,
-- at most 8 digits before the point and 2 after) keep their value; anything else takes amount_charged.
ALTER TABLE "bookings" ALTER COLUMN "amount" SET DATA TYPE numeric(10, 2) USING (
  CASE
    WHEN regexp_replace("amount", '[\s$,]', '', 'g') ~ '^-?[0-9]{1,8}(\.[0-9]{0,2})?$'
      THEN regexp_replace("amount", '[\s$,]', '', 'g')::numeric(10, 2)
    ELSE "amount_charged"
  END
);
