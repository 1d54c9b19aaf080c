-- The confirmation a customer is mailed once their lead is created (its reference and where to
-- see the member QR code), through the same outbox as the codes. It has no code: `code` stays null.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('customer-code', 'staff-code', 'lead-confirmation'));
