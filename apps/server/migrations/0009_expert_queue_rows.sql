CREATE TABLE "expert_queue_rows" (
	"user_id" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"status" text NOT NULL,
	"grp" integer NOT NULL,
	"sort_at" timestamp (6) with time zone NOT NULL,
	"transmitted_at" timestamp with time zone,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"canton" text,
	"assignee_user_id" integer,
	"assignee_first_name" text,
	"assignee_last_name" text,
	"open_requests" integer NOT NULL,
	"unread_messages" integer NOT NULL,
	CONSTRAINT "expert_queue_rows_user_id_tax_year_pk" PRIMARY KEY("user_id","tax_year")
);
--> statement-breakpoint
DROP INDEX "tax_year_statuses_submitted_idx";--> statement-breakpoint
DROP INDEX "transmissions_queue_idx";--> statement-breakpoint
DROP INDEX "users_search_idx";--> statement-breakpoint
ALTER TABLE "expert_queue_rows" ADD CONSTRAINT "expert_queue_rows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expert_queue_rows_order_idx" ON "expert_queue_rows" USING btree ("grp","sort_at","user_id","tax_year");--> statement-breakpoint
CREATE INDEX "expert_queue_rows_status_idx" ON "expert_queue_rows" USING btree ("status","grp","sort_at","user_id","tax_year");--> statement-breakpoint
CREATE INDEX "expert_queue_rows_assignee_idx" ON "expert_queue_rows" USING btree ("assignee_user_id","grp","sort_at","user_id","tax_year");--> statement-breakpoint
CREATE INDEX "expert_queue_rows_search_idx" ON "expert_queue_rows" USING gin (lower("first_name" || ' ' || "last_name" || E'\x01' || "email") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The queue's row of one person and year, computed from the tables its parts come from: inserted or
-- updated while the year is at status 3–6, deleted otherwise. Every trigger below calls it for the
-- year its change touches, in the change's own transaction.
CREATE FUNCTION expert_queue_refresh(p_user integer, p_year integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
  v_changed timestamptz;
  v_latest timestamptz;
BEGIN
  SELECT status, updated_at INTO v_status, v_changed FROM tax_year_statuses WHERE user_id = p_user AND tax_year = p_year;
  IF v_status IS NULL OR v_status NOT IN ('documents_submitted', 'processing', 'review_required', 'completed') THEN
    DELETE FROM expert_queue_rows WHERE user_id = p_user AND tax_year = p_year;
    RETURN;
  END IF;
  SELECT max(transmitted_at) INTO v_latest FROM transmissions WHERE user_id = p_user AND tax_year = p_year;
  INSERT INTO expert_queue_rows AS q (user_id, tax_year, status, grp, sort_at, transmitted_at, first_name, last_name, email, canton,
    assignee_user_id, assignee_first_name, assignee_last_name, open_requests, unread_messages)
  SELECT p_user, p_year, v_status,
    CASE WHEN v_status = 'documents_submitted' THEN 1 WHEN v_latest IS NOT NULL THEN 0 ELSE 2 END,
    CASE WHEN v_status <> 'documents_submitted' AND v_latest IS NOT NULL THEN v_latest ELSE v_changed END,
    v_latest, u.first_name, u.last_name, u.email,
    (SELECT nullif(tp.answers->>'cantonOfResidence', '') FROM tax_profiles tp WHERE tp.user_id = p_user AND tp.tax_year = p_year),
    rc.assignee_user_id, eu.first_name, eu.last_name,
    (SELECT count(*)::int FROM document_requests dr WHERE dr.user_id = p_user AND dr.tax_year = p_year AND dr.fulfilled_at IS NULL),
    (SELECT count(*)::int FROM messages m WHERE m.user_id = p_user AND m.tax_year = p_year AND m.from_expert = false AND m.read_at IS NULL)
  FROM users u
  LEFT JOIN return_cases rc ON rc.user_id = p_user AND rc.tax_year = p_year
  LEFT JOIN users eu ON eu.id = rc.assignee_user_id
  WHERE u.id = p_user
  ON CONFLICT (user_id, tax_year) DO UPDATE SET
    status = excluded.status, grp = excluded.grp, sort_at = excluded.sort_at, transmitted_at = excluded.transmitted_at,
    first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email, canton = excluded.canton,
    assignee_user_id = excluded.assignee_user_id, assignee_first_name = excluded.assignee_first_name,
    assignee_last_name = excluded.assignee_last_name, open_requests = excluded.open_requests, unread_messages = excluded.unread_messages;
END $$;
--> statement-breakpoint
-- For the tables keyed by person and year: the year of the new row, and of the old one when it moved.
CREATE FUNCTION expert_queue_refresh_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.tax_year IS NOT NULL THEN
    PERFORM expert_queue_refresh(NEW.user_id, NEW.tax_year);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.tax_year IS NOT NULL AND (TG_OP = 'DELETE' OR (OLD.user_id, OLD.tax_year) IS DISTINCT FROM (NEW.user_id, NEW.tax_year)) THEN
    PERFORM expert_queue_refresh(OLD.user_id, OLD.tax_year);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A person's or an expert's name or e-mail: copied into every row that shows it.
CREATE FUNCTION expert_queue_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE expert_queue_rows SET first_name = NEW.first_name, last_name = NEW.last_name, email = NEW.email WHERE user_id = NEW.id;
  UPDATE expert_queue_rows SET assignee_first_name = NEW.first_name, assignee_last_name = NEW.last_name WHERE assignee_user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER expert_queue_statuses AFTER INSERT OR UPDATE OR DELETE ON tax_year_statuses FOR EACH ROW EXECUTE FUNCTION expert_queue_refresh_row();--> statement-breakpoint
CREATE TRIGGER expert_queue_transmissions AFTER INSERT OR UPDATE OR DELETE ON transmissions FOR EACH ROW EXECUTE FUNCTION expert_queue_refresh_row();--> statement-breakpoint
CREATE TRIGGER expert_queue_return_cases AFTER INSERT OR UPDATE OR DELETE ON return_cases FOR EACH ROW EXECUTE FUNCTION expert_queue_refresh_row();--> statement-breakpoint
CREATE TRIGGER expert_queue_document_requests AFTER INSERT OR UPDATE OR DELETE ON document_requests FOR EACH ROW EXECUTE FUNCTION expert_queue_refresh_row();--> statement-breakpoint
CREATE TRIGGER expert_queue_messages AFTER INSERT OR UPDATE OR DELETE ON messages FOR EACH ROW EXECUTE FUNCTION expert_queue_refresh_row();--> statement-breakpoint
-- A tax profile counts for its canton only: a wizard's draft saves do not touch the queue.
CREATE TRIGGER expert_queue_tax_profiles_insert AFTER INSERT OR DELETE ON tax_profiles FOR EACH ROW EXECUTE FUNCTION expert_queue_refresh_row();--> statement-breakpoint
CREATE TRIGGER expert_queue_tax_profiles_canton AFTER UPDATE ON tax_profiles FOR EACH ROW
  WHEN (OLD.answers->>'cantonOfResidence' IS DISTINCT FROM NEW.answers->>'cantonOfResidence') EXECUTE FUNCTION expert_queue_refresh_row();--> statement-breakpoint
CREATE TRIGGER expert_queue_users AFTER UPDATE OF first_name, last_name, email ON users FOR EACH ROW
  WHEN ((OLD.first_name, OLD.last_name, OLD.email) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email)) EXECUTE FUNCTION expert_queue_rename();--> statement-breakpoint
-- The rows of the years already in the queue.
SELECT expert_queue_refresh(user_id, tax_year) FROM tax_year_statuses WHERE status IN ('documents_submitted', 'processing', 'review_required', 'completed');
--> statement-breakpoint
-- Backups leave it out (backup/database-catalog.ts): a restore's inserts into its sources fill it again.
COMMENT ON TABLE expert_queue_rows IS 'derived: kept by triggers from the tables it shows';
