-- Mail in the requester's language: each mail is composed when queued (the form's or staff page's
-- language then), so its subject and HTML part are kept with its text, and cleared with it once mailed.
ALTER TABLE outbox ADD COLUMN lang text;
ALTER TABLE outbox ADD COLUMN subject text;
ALTER TABLE outbox ADD COLUMN html text;

-- The confirmation mail names the flow's offer: offers are held in memory like the reference
-- lists, and a change notifies nu_forms_reference.
CREATE TRIGGER redemption_offers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON redemption_offers
  FOR EACH STATEMENT EXECUTE FUNCTION nu_forms_reference_changed();
