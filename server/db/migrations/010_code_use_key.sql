-- The request that used a one-time code: an HMAC of its Idempotency-Key (never the key itself, and
-- no token). The same request sent again after its answer was lost (same code, same key, the code
-- still the newest and unexpired) is let in once more with a fresh token; any other use of a used
-- code is refused as before.
ALTER TABLE one_time_codes ADD COLUMN use_key_hash text;
