-- The queue's row as the API's JSON, written with the row (read-models/expert-queue.repository.ts):
-- a page then joins 50 texts, where building them at each read cost PostgreSQL more than the scan.
ALTER TABLE "expert_queue_rows" ADD COLUMN "row_json" text;--> statement-breakpoint
CREATE OR REPLACE FUNCTION expert_queue_refresh(p_user integer, p_year integer) RETURNS void LANGUAGE plpgsql AS $$
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
    assignee_user_id, assignee_first_name, assignee_last_name, open_requests, unread_messages, row_json)
  SELECT r.*, json_build_object(
      'userId', r.user_id, 'taxYear', r.tax_year, 'firstName', r.first_name, 'lastName', r.last_name, 'email', r.email,
      'canton', r.canton,
      'status', CASE r.status WHEN 'documents_submitted' THEN 3 WHEN 'processing' THEN 4 WHEN 'review_required' THEN 5 ELSE 6 END,
      'transmittedAt', to_char(r.transmitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'assignee', CASE WHEN r.assignee_user_id IS NULL THEN NULL
        ELSE json_build_object('userId', r.assignee_user_id, 'firstName', coalesce(r.assignee_first_name, ''), 'lastName', coalesce(r.assignee_last_name, '')) END,
      'openRequests', r.open_requests, 'unreadMessages', r.unread_messages)::text
  FROM (
    SELECT p_user AS user_id, p_year AS tax_year, v_status AS status,
      CASE WHEN v_status = 'documents_submitted' THEN 1 WHEN v_latest IS NOT NULL THEN 0 ELSE 2 END AS grp,
      CASE WHEN v_status <> 'documents_submitted' AND v_latest IS NOT NULL THEN v_latest ELSE v_changed END AS sort_at,
      v_latest AS transmitted_at, u.first_name, u.last_name, u.email,
      (SELECT nullif(tp.answers->>'cantonOfResidence', '') FROM tax_profiles tp WHERE tp.user_id = p_user AND tp.tax_year = p_year) AS canton,
      rc.assignee_user_id, eu.first_name AS assignee_first_name, eu.last_name AS assignee_last_name,
      (SELECT count(*)::int FROM document_requests dr WHERE dr.user_id = p_user AND dr.tax_year = p_year AND dr.fulfilled_at IS NULL) AS open_requests,
      (SELECT count(*)::int FROM messages m WHERE m.user_id = p_user AND m.tax_year = p_year AND m.from_expert = false AND m.read_at IS NULL) AS unread_messages
    FROM users u
    LEFT JOIN return_cases rc ON rc.user_id = p_user AND rc.tax_year = p_year
    LEFT JOIN users eu ON eu.id = rc.assignee_user_id
    WHERE u.id = p_user
  ) r
  ON CONFLICT (user_id, tax_year) DO UPDATE SET
    status = excluded.status, grp = excluded.grp, sort_at = excluded.sort_at, transmitted_at = excluded.transmitted_at,
    first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email, canton = excluded.canton,
    assignee_user_id = excluded.assignee_user_id, assignee_first_name = excluded.assignee_first_name,
    assignee_last_name = excluded.assignee_last_name, open_requests = excluded.open_requests, unread_messages = excluded.unread_messages,
    row_json = excluded.row_json;
END $$;
--> statement-breakpoint
-- A person's or an expert's name or e-mail: every row that shows it is written again, JSON included.
CREATE OR REPLACE FUNCTION expert_queue_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM expert_queue_refresh(q.user_id, q.tax_year) FROM expert_queue_rows q WHERE q.user_id = NEW.id OR q.assignee_user_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT expert_queue_refresh(user_id, tax_year) FROM expert_queue_rows;--> statement-breakpoint
ALTER TABLE "expert_queue_rows" ALTER COLUMN "row_json" SET NOT NULL;
