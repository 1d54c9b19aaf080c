-- The brand's side (docs/privacy.md, docs/webhooks.md, docs/lead-desk.md).
--
-- audit_log: who did what to personal data or to the staff area, written in the same transaction
-- as the act. Append-only: the product never updates or deletes a row (the triggers refuse it).
-- `actor` is a staff id, `customer`, `link` (an unsubscribe link), `cli` or `system`; `target` a
-- lead id, staff id or the keyed hash of an e-mail, never an address, a phone or a name.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT clock_timestamp(),
  actor text NOT NULL,
  action text NOT NULL,
  target text,
  ip text,
  detail jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_newest ON audit_log (at DESC, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

-- webhook_events: the transactional outbox of webhooks. A row is written by the statement or
-- transaction that makes the change it reports, so a rolled-back change sends nothing and a
-- committed one is never lost; delivery (per endpoint) is server/services/webhooks/.
-- `id` is the Standard Webhooks message id (`msg_…`), the same on every retry.
CREATE TABLE webhook_events (
  id text PRIMARY KEY,
  type text NOT NULL CHECK (type IN
    ('lead.created', 'lead.updated', 'lead.redeemed', 'consent.withdrawn', 'lead.erased', 'webhook.test')),
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX webhook_events_created ON webhook_events (created_at);

-- consent_events: the consent ledger. Each consent given or withdrawn, with the version of the
-- wording (sha256 of the text the customer saw, in the language shown), the channel and who.
-- A lead's current marketing consent is its latest row for `marketing`; leads.details.consents
-- is kept equal to it by every write.
CREATE TABLE consent_events (
  id bigserial PRIMARY KEY,
  lead_id text NOT NULL REFERENCES leads (id),
  purpose text NOT NULL CHECK (purpose IN ('marketing')),
  given boolean NOT NULL,
  wording_hash text,
  lang text,
  channel text NOT NULL CHECK (channel IN ('form', 'unsubscribe', 'staff', 'admin', 'migration')),
  actor text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX consent_events_lead ON consent_events (lead_id, purpose, at DESC, id DESC);
-- What leads held before the ledger: one row each, as of the lead's consent time.
INSERT INTO consent_events (lead_id, purpose, given, channel, actor, at)
SELECT id, 'marketing', coalesce((details -> 'consents' ->> 'marketing')::boolean, false), 'migration', 'system',
       coalesce((details -> 'consents' ->> 'accepted_at')::timestamptz, created_at)
FROM leads;
