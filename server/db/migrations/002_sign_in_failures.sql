-- Failed staff sign-ins per client address (an attempt counter, kept apart from rate_events, which
-- counts things that were done); `bucket` is an HMAC of the address.
CREATE TABLE sign_in_failures (
  bucket text NOT NULL,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX sign_in_failures_bucket ON sign_in_failures (bucket, at);
