-- Every instance remembers the staff rows of signed-in staff (role, name) next to its cache of
-- live sessions. Any change to `staff` (a role, a name, a password, a removal; the CLI or SQL by
-- hand) sends the same notification as a revoked session, after commit: every instance empties
-- both, and the next request reads the row again.
CREATE TRIGGER staff_changed AFTER UPDATE OR DELETE OR TRUNCATE ON staff
  FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_notify();

-- The published versions of the legal documents are held in memory too (lead consents are
-- checked against them): a change notifies nu_forms_reference, like the reference lists.
CREATE TRIGGER legal_documents_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON legal_documents
  FOR EACH STATEMENT EXECUTE FUNCTION nu_forms_reference_changed();
