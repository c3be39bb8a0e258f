-- What a write of businesses moves in the read model (docs/read-model.md). Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.read_model_business_added()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO business_figures (business_id) SELECT id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $function$
;
--> statement-breakpoint
CREATE TRIGGER read_model_business_added AFTER INSERT ON public.businesses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION read_model_business_added();
--> statement-breakpoint
