-- Sign-in sessions. Every token carries the `sid` of its row; a token is honoured only
-- while its row exists, is not revoked and has not reached `expires_at`. Revocation is permanent.
-- `subject` is the staff id, or for customers an HMAC of the e-mail (no address kept here).
CREATE TABLE auth_sessions (
  sid uuid PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('staff', 'customer')),
  subject text NOT NULL,
  created_at timestamptz NOT NULL,
  -- The absolute end (staff 12 h, customer 2 h); idle expiry lives in each token's own exp.
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  -- sign-out, everywhere, admin:<staff id>, password, staff-removed
  revoked_reason text
);
CREATE INDEX auth_sessions_subject ON auth_sessions (kind, subject) WHERE revoked_at IS NULL;
CREATE INDEX auth_sessions_expires ON auth_sessions (expires_at);

-- Every instance keeps a small cache of live sessions and empties it on this notification, so a
-- revocation made anywhere (an API call, a password change, SQL by hand) reaches all of them.
CREATE FUNCTION auth_sessions_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nu_forms_sessions', 'revoked');
  RETURN NULL;
END $$;
CREATE TRIGGER auth_sessions_revoked AFTER UPDATE OF revoked_at OR DELETE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_notify();

-- A changed password, or a removed staff member, ends that staff member's sessions wherever the
-- change is made (the CLI, a future API, SQL by hand).
CREATE FUNCTION staff_sessions_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_sessions
    SET revoked_at = clock_timestamp(),
        revoked_reason = CASE WHEN TG_OP = 'DELETE' THEN 'staff-removed' ELSE 'password' END
    WHERE kind = 'staff' AND subject = OLD.staff_id AND revoked_at IS NULL;
  RETURN NULL;
END $$;
CREATE TRIGGER staff_password_changed AFTER UPDATE OF password_hash ON staff
  FOR EACH ROW WHEN (OLD.password_hash IS DISTINCT FROM NEW.password_hash)
  EXECUTE FUNCTION staff_sessions_end();
CREATE TRIGGER staff_removed AFTER DELETE ON staff
  FOR EACH ROW EXECUTE FUNCTION staff_sessions_end();
