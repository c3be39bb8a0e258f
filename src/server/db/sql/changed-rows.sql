-- The rows a statement-level trigger adds (+1) and removes (-1), as SQL text the trigger functions run. Migrations copy this file's text.
CREATE OR REPLACE FUNCTION public.read_model_changed_rows(op text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT n.*, 1 AS s FROM new_rows n'
    WHEN 'DELETE' THEN 'SELECT o.*, -1 AS s FROM old_rows o'
    ELSE 'SELECT n.*, 1 AS s FROM new_rows n UNION ALL SELECT o.*, -1 AS s FROM old_rows o'
  END
$function$
;
--> statement-breakpoint
