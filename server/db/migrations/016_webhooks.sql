-- Webhook delivery (docs/webhooks.md). Each event of webhook_events (migration 013) is fanned out
-- by the delivery worker into one row per configured endpoint; a row is claimed with
-- FOR UPDATE SKIP LOCKED and leased by moving next_at ahead while it is sent, so with several
-- instances one sends it at a time, and a crash mid-send sends it again later (at least once).
ALTER TABLE webhook_events ADD COLUMN fanned_out_at timestamptz;
CREATE INDEX webhook_events_to_fan_out ON webhook_events (created_at) WHERE fanned_out_at IS NULL;

CREATE TABLE webhook_deliveries (
  id bigserial PRIMARY KEY,
  event_id text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  -- The endpoint's URL as configured (WEBHOOK_URLS).
  endpoint text NOT NULL,
  state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'failed', 'stopped')),
  attempts integer NOT NULL DEFAULT 0,
  -- Due time while pending (or the lease's end while being sent); null once settled.
  next_at timestamptz,
  -- Retries end 24 hours after this: the fan-out, or an admin's retry.
  window_from timestamptz NOT NULL,
  last_status integer,
  -- At most 200 characters: a connection error's name, or the start of the receiver's answer.
  last_error text CHECK (length(last_error) <= 200),
  last_duration_ms integer,
  last_at timestamptz,
  created_at timestamptz NOT NULL,
  UNIQUE (event_id, endpoint)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (endpoint, next_at) WHERE state = 'pending';

-- An endpoint that answered 410 Gone gets nothing more until an admin retries one of its deliveries.
CREATE TABLE webhook_endpoints_stopped (
  endpoint text PRIMARY KEY,
  stopped_at timestamptz NOT NULL
);

-- Wakes every instance's worker after the commit of a new event.
CREATE FUNCTION nu_forms_webhook_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nu_forms_webhooks', '');
  RETURN NULL;
END $$;
CREATE TRIGGER webhook_events_written AFTER INSERT ON webhook_events
  FOR EACH STATEMENT EXECUTE FUNCTION nu_forms_webhook_event();
