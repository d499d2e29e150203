-- The expert queue (issue 27): its search uses trigrams, PostgreSQL's pg_trgm (a trusted extension: the
-- database's owner may create it; PGlite loads it in db/client.ts). The indexes serve
-- read-models/expert-queue.repository.ts: see docs/architecture.md, "Who owns which table".
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "document_requests_open_idx" ON "document_requests" USING btree ("user_id","tax_year") WHERE "document_requests"."fulfilled_at" is null;--> statement-breakpoint
CREATE INDEX "messages_unread_from_person_idx" ON "messages" USING btree ("user_id","tax_year") WHERE "messages"."from_expert" = false and "messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "tax_year_statuses_submitted_idx" ON "tax_year_statuses" USING btree ("updated_at","user_id","tax_year") WHERE "tax_year_statuses"."status" = 'documents_submitted';--> statement-breakpoint
CREATE INDEX "transmissions_queue_idx" ON "transmissions" USING btree ("transmitted_at","user_id","tax_year");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (lower("first_name" || ' ' || "last_name" || E'\x01' || "email") gin_trgm_ops) WITH (fastupdate=false);