-- A customer's code requested with the form's own ticket (`ticket_hash`) is reached only with that
-- ticket. `client_hash` (an HMAC of the client address) marks a code requested without one: those
-- answer a verify without a ticket, as before.
ALTER TABLE one_time_codes ADD COLUMN client_hash text;
CREATE INDEX one_time_codes_ticket ON one_time_codes (ticket_hash) WHERE ticket_hash IS NOT NULL;

-- Proof-of-work challenges already spent (an HMAC of each), kept until the challenge expires.
CREATE TABLE used_challenges (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX used_challenges_expires ON used_challenges (expires_at);
