CREATE TABLE "document_extractions" (
	"version_id" integer PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"kind" text,
	"source" text,
	"confidence" double precision,
	"fields" jsonb,
	"sealed_ahv_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"suggested_category_id" integer,
	"failure_code" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_category_id" integer,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_extractions" ADD CONSTRAINT "document_extractions_version_id_document_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."document_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_extractions" ADD CONSTRAINT "document_extractions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_extractions_pending_idx" ON "document_extractions" USING btree ("version_id") WHERE "document_extractions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "document_extractions_confirmed_idx" ON "document_extractions" USING btree ("user_id") WHERE "document_extractions"."confirmed_at" is not null;