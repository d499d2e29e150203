CREATE TABLE "expert_queue_changes" (
	"slot" integer PRIMARY KEY NOT NULL,
	"changes" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
COMMENT ON TABLE expert_queue_changes IS 'derived: counts the changes of expert_queue_rows, kept by a trigger';--> statement-breakpoint
-- Every statement that writes the queue's rows writes the row of its connection's slot. A reader
-- takes the slots' transaction ids (xmin) as the queue's version: its snapshot sees the version change
-- exactly when a change it did not see commits, whatever order concurrent transactions commit in, and
-- a transaction id is never given twice, so a version never comes back (not even after a TRUNCATE).
-- Once per transaction: a transaction that writes 20 000 queue rows leaves one row version, not
-- 20 000 that every reader would step over until a vacuum.
CREATE FUNCTION expert_queue_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO expert_queue_changes (slot, changes) VALUES (pg_backend_pid() % 16, 1)
    ON CONFLICT (slot) DO UPDATE SET changes = expert_queue_changes.changes + 1
    WHERE expert_queue_changes.xmin <> pg_current_xact_id()::xid;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER expert_queue_changes_count AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON expert_queue_rows
  FOR EACH STATEMENT EXECUTE FUNCTION expert_queue_count_change();
