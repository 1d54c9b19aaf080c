-- Who changed a lead, when, and which fields (names only: the values are the lead's own data).
-- staff_id is null when the customer changed their own lead. Kept for as long as the lead.
CREATE TABLE lead_changes (
  id bigserial PRIMARY KEY,
  lead_id text NOT NULL REFERENCES leads (id),
  staff_id text REFERENCES staff (staff_id),
  fields text[] NOT NULL,
  changed_at timestamptz NOT NULL
);
CREATE INDEX lead_changes_lead ON lead_changes (lead_id, changed_at);
