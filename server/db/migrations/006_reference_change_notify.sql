-- Every change to a reference list (hospitals, clinics, products) notifies the channel
-- nu_forms_reference with the table's name, after commit: each server instance LISTENs on it
-- and drops its in-memory copy of that list.
CREATE OR REPLACE FUNCTION nu_forms_reference_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nu_forms_reference', TG_TABLE_NAME);
  RETURN NULL;
END
$$;

CREATE TRIGGER hospitals_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON hospitals
  FOR EACH STATEMENT EXECUTE FUNCTION nu_forms_reference_changed();
CREATE TRIGGER clinics_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clinics
  FOR EACH STATEMENT EXECUTE FUNCTION nu_forms_reference_changed();
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION nu_forms_reference_changed();
