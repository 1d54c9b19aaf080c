-- One invoice per invoice number: the same number entered twice is refused (409
-- INVOICE_EXISTS), also when both arrive at once. Invoices saved before this rule that repeat an
-- earlier number are kept, marked with the id of the first one, and left out of the rule.
UPDATE invoices AS later
SET details = later.details || jsonb_build_object('duplicate_of', first.id::text)
FROM invoices AS first
WHERE later.details->>'invoice_no' IS NOT NULL
  AND later.details->>'invoice_no' = first.details->>'invoice_no'
  AND (first.created_at, first.id::text) < (later.created_at, later.id::text)
  AND NOT EXISTS (
    SELECT 1 FROM invoices AS earlier
    WHERE earlier.details->>'invoice_no' = first.details->>'invoice_no'
      AND (earlier.created_at, earlier.id::text) < (first.created_at, first.id::text)
  );

CREATE UNIQUE INDEX invoices_invoice_no ON invoices ((details->>'invoice_no'))
  WHERE details->>'invoice_no' IS NOT NULL AND NOT (details ? 'duplicate_of');
