CREATE TABLE "expert_queue_changes" (
	"slot" integer PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
COMMENT ON TABLE expert_queue_changes IS 'derived: counts the changes of expert_queue_rows, kept by a trigger';--> statement-breakpoint
INSERT INTO expert_queue_changes (slot) SELECT generate_series(0, 15);--> statement-breakpoint
-- Every transaction that writes the queue's rows writes one slot row, once. A reader takes the
-- slots' transaction ids (xmin) as the queue's version: its snapshot sees the version change exactly
-- when a change it did not see commits, whatever order concurrent transactions commit in, and a
-- transaction id is never given twice, so a version never comes back (not even after a TRUNCATE).
-- The slot is one no other transaction holds (SKIP LOCKED): a change never waits here for another,
-- so this lock cannot close a deadlock between transactions that never met before; only when all
-- sixteen are held does it wait for its connection's own. Once per transaction: a transaction that
-- writes 20 000 queue rows leaves one row version, not 20 000 that readers would step over.
CREATE FUNCTION expert_queue_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  free_slot integer;
BEGIN
  IF EXISTS (SELECT 1 FROM expert_queue_changes WHERE xmin = pg_current_xact_id()::xid) THEN
    RETURN NULL;
  END IF;
  SELECT slot INTO free_slot FROM expert_queue_changes
    ORDER BY (slot + 16 - pg_backend_pid() % 16) % 16 LIMIT 1 FOR UPDATE SKIP LOCKED;
  INSERT INTO expert_queue_changes (slot, changes) VALUES (coalesce(free_slot, pg_backend_pid() % 16), 1)
    ON CONFLICT (slot) DO UPDATE SET changes = expert_queue_changes.changes + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER expert_queue_changes_count AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON expert_queue_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expert_queue_count_change();
