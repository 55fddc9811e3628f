-- A credit note's lines now come with it from the refund that queues it (invoicing no longer reads aftersale's
-- refunds and return_lines). Credit notes queued before this, for a return, get their return's lines stored here.
UPDATE "invoices" AS i
SET "lines" = (
  SELECT jsonb_agg(jsonb_build_object('orderLineId', rl."order_line_id", 'quantity', rl."quantity") ORDER BY rl."id")
  FROM "refunds" r
  JOIN "return_lines" rl ON rl."return_id" = r."return_id"
  WHERE r."id" = i."refund_id"
)
WHERE i."kind" = 'credit_note'
  AND i."lines" IS NULL
  AND EXISTS (
    SELECT 1 FROM "refunds" r JOIN "return_lines" rl ON rl."return_id" = r."return_id" WHERE r."id" = i."refund_id"
  );
