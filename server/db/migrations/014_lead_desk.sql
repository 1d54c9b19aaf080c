-- The lead desk (docs/lead-desk.md): indexes for its list, search and export, and the funnel.
--
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it. PGlite loads
-- it from @electric-sql/pglite/contrib/pg_trgm (server/db/db.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Newest first by (created_at, id): the desk's order and its keyset cursor, alone or after a
-- flow or a partner.
CREATE INDEX leads_newest ON leads (created_at DESC, id DESC);
CREATE INDEX leads_flow_newest ON leads (flow, created_at DESC, id DESC);
CREATE INDEX leads_partner_newest ON leads ((details ->> 'partner'), created_at DESC, id DESC);
-- A reference typed in part (`NU4K7`).
CREATE INDEX leads_id_prefix ON leads (id text_pattern_ops);
-- Substring search: e-mail, phone, and the name in both orders (the expression is
-- NAME_SEARCH_OF_L in server/services/leadDesk.ts: the two must stay the same text).
CREATE INDEX leads_email_trgm ON leads USING gin (lower(email) gin_trgm_ops);
CREATE INDEX leads_phone_trgm ON leads USING gin ((details ->> 'phone') gin_trgm_ops);
CREATE INDEX leads_name_trgm ON leads USING gin (lower((details ->> 'last_name') || (details ->> 'first_name') || ' '
  || (details ->> 'last_name') || ' ' || (details ->> 'first_name') || ' ' || (details ->> 'last_name')) gin_trgm_ops);

-- The funnel: counters per Hong Kong day, flow and partner ('' for none, or not known yet at that
-- step: codes and verifications are per flow only), incremented by the statement that does the
-- step (the triggers below; views by POST /api/beacon/view). Nothing personal, and nothing that
-- erasing a lead takes away.
CREATE TABLE funnel_days (
  day date NOT NULL,
  flow text NOT NULL,
  partner text NOT NULL DEFAULT '',
  views bigint NOT NULL DEFAULT 0,
  codes_sent bigint NOT NULL DEFAULT 0,
  verified bigint NOT NULL DEFAULT 0,
  leads bigint NOT NULL DEFAULT 0,
  redeemed bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (day, flow, partner)
);

CREATE FUNCTION funnel_count(at timestamptz, f text, p text, step text) RETURNS void LANGUAGE sql AS $$
  INSERT INTO funnel_days AS d (day, flow, partner, views, codes_sent, verified, leads, redeemed)
  VALUES ((at AT TIME ZONE 'Asia/Hong_Kong')::date, f, coalesce(p, ''), (step = 'views')::int,
          (step = 'codes_sent')::int, (step = 'verified')::int, (step = 'leads')::int, (step = 'redeemed')::int)
  ON CONFLICT (day, flow, partner) DO UPDATE SET
    views = d.views + excluded.views,
    codes_sent = d.codes_sent + excluded.codes_sent,
    verified = d.verified + excluded.verified,
    leads = d.leads + excluded.leads,
    redeemed = d.redeemed + excluded.redeemed
$$;

CREATE FUNCTION funnel_code_sent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM funnel_count(NEW.created_at, NEW.flow, NULL, 'codes_sent');
  RETURN NULL;
END $$;
CREATE TRIGGER one_time_codes_funnel_sent AFTER INSERT ON one_time_codes
  FOR EACH ROW WHEN (NEW.purpose = 'customer') EXECUTE FUNCTION funnel_code_sent();

CREATE FUNCTION funnel_code_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM funnel_count(NEW.used_at, NEW.flow, NULL, 'verified');
  RETURN NULL;
END $$;
CREATE TRIGGER one_time_codes_funnel_verified AFTER UPDATE OF used_at ON one_time_codes
  FOR EACH ROW WHEN (NEW.purpose = 'customer' AND OLD.used_at IS NULL AND NEW.used_at IS NOT NULL)
  EXECUTE FUNCTION funnel_code_verified();

CREATE FUNCTION funnel_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM funnel_count(NEW.created_at, NEW.flow, NEW.details ->> 'partner', 'leads');
  RETURN NULL;
END $$;
CREATE TRIGGER leads_funnel AFTER INSERT ON leads FOR EACH ROW EXECUTE FUNCTION funnel_lead();

-- `redeemed` counts leads at their first redemption (of any kind). The lead's row lock (not one
-- the foreign key's share lock conflicts with) orders two first redemptions of different kinds:
-- the second sees the first and does not count.
CREATE FUNCTION funnel_redeemed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lead record;
BEGIN
  SELECT flow, details ->> 'partner' AS partner INTO lead FROM leads WHERE id = NEW.lead_id FOR NO KEY UPDATE;
  IF NOT EXISTS (SELECT 1 FROM redemptions WHERE lead_id = NEW.lead_id AND kind <> NEW.kind) THEN
    PERFORM funnel_count(NEW.redeemed_at, lead.flow, lead.partner, 'redeemed');
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER redemptions_funnel AFTER INSERT ON redemptions FOR EACH ROW EXECUTE FUNCTION funnel_redeemed();

-- What happened before the funnel: leads and redemptions still held (codes were not kept long
-- enough to count).
INSERT INTO funnel_days (day, flow, partner, leads)
SELECT (created_at AT TIME ZONE 'Asia/Hong_Kong')::date, flow, coalesce(details ->> 'partner', ''), count(*)
FROM leads GROUP BY 1, 2, 3;
INSERT INTO funnel_days AS d (day, flow, partner, redeemed)
SELECT (first AT TIME ZONE 'Asia/Hong_Kong')::date, l.flow, coalesce(l.details ->> 'partner', ''), count(*)
FROM (SELECT lead_id, min(redeemed_at) AS first FROM redemptions GROUP BY lead_id) r JOIN leads l ON l.id = r.lead_id
GROUP BY 1, 2, 3
ON CONFLICT (day, flow, partner) DO UPDATE SET redeemed = d.redeemed + excluded.redeemed;
