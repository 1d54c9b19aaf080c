-- A used one-time code remembers the session its use started (`use_sid`): the same request sent
-- again after its answer was lost gets that session back, and only while it lives; never a new one.
ALTER TABLE one_time_codes ADD COLUMN use_sid uuid;
-- The staff code step is bound to the password step that issued the code: an HMAC of the ticket
-- that step handed out (cookie or header). A code try without it checks nothing.
ALTER TABLE one_time_codes ADD COLUMN ticket_hash text;

-- When an unsent code stops working; its code and text are dropped then (housekeeping).
ALTER TABLE outbox ADD COLUMN expires_at timestamptz;
UPDATE outbox SET code = NULL, text = NULL WHERE sent_at IS NULL AND created_at < now() - interval '10 minutes';

-- Client addresses a staff member has signed in from (an HMAC of staff id and address): they stay
-- exempt from the account-wide ceiling on failed sign-ins, so guessing spread over many addresses
-- cannot lock the owner out of a known counter.
CREATE TABLE sign_in_known (
  bucket text PRIMARY KEY,
  last_at timestamptz NOT NULL
);
CREATE INDEX sign_in_known_last ON sign_in_known (last_at);

-- Idempotency scopes kept a customer's e-mail in clear (`lead:<e-mail>`); now they keep an HMAC.
-- Older rows live a day at most and cannot be re-keyed here (no server secret in SQL): dropped.
DELETE FROM idempotency_keys WHERE scope LIKE 'lead:%@%';
