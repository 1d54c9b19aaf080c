-- Personal data the brand answers for (docs/privacy.md).
--
-- An erased lead (on request, or after RETENTION_DAYS untouched) keeps its row, id, flow, times
-- and redemptions, without the person: its e-mail becomes `erased:<id>`, its details lose every
-- personal field, and `erased_subject` keeps a keyed hash (HMAC under the server's secret) of the
-- e-mail it had, so that the same e-mail cannot take a second gift of a kind it already took.
ALTER TABLE leads ADD COLUMN erased_at timestamptz;
ALTER TABLE leads ADD COLUMN erased_subject text;
CREATE INDEX leads_erased_subject ON leads (erased_subject) WHERE erased_subject IS NOT NULL;
-- The retention job's candidates: leads not erased, oldest change first.
CREATE INDEX leads_retention ON leads (updated_at) WHERE erased_at IS NULL;
CREATE INDEX redemptions_lead_time ON redemptions (lead_id, redeemed_at);

-- A mail about a lead carries that lead's opt-out link (body, and the List-Unsubscribe headers
-- built from this column when it is sent); cleared with the text once mailed.
ALTER TABLE outbox ADD COLUMN lead_id text;
ALTER TABLE outbox ADD COLUMN unsubscribe_url text;
