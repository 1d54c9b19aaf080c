-- Every instance keeps a cache of lead reads (the lead with its redemptions), keyed by lead id.
-- Any change to what a lead read shows (the lead row; a redemption added, changed or removed)
-- NOTIFYs nu_forms_leads with that lead's id, after commit; TRUNCATE sends an empty payload
-- ("everything"). A new lead needs none: no instance caches a lead it could not find.
CREATE FUNCTION nu_forms_lead_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('nu_forms_leads', '');
  ELSIF TG_TABLE_NAME = 'leads' THEN
    PERFORM pg_notify('nu_forms_leads', OLD.id);
    IF TG_OP = 'UPDATE' AND NEW.id IS DISTINCT FROM OLD.id THEN
      PERFORM pg_notify('nu_forms_leads', NEW.id);
    END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('nu_forms_leads', OLD.lead_id);
    END IF;
    IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.lead_id IS DISTINCT FROM OLD.lead_id) THEN
      PERFORM pg_notify('nu_forms_leads', NEW.lead_id);
    END IF;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER leads_changed AFTER UPDATE OR DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION nu_forms_lead_changed();
CREATE TRIGGER leads_truncated AFTER TRUNCATE ON leads
  FOR EACH STATEMENT EXECUTE FUNCTION nu_forms_lead_changed();
CREATE TRIGGER redemptions_changed AFTER INSERT OR UPDATE OR DELETE ON redemptions
  FOR EACH ROW EXECUTE FUNCTION nu_forms_lead_changed();
CREATE TRIGGER redemptions_truncated AFTER TRUNCATE ON redemptions
  FOR EACH STATEMENT EXECUTE FUNCTION nu_forms_lead_changed();
