CREATE TABLE "document_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"category_id" integer NOT NULL,
	"note" text NOT NULL,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fulfilled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "prepared_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"version" integer NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"wrapped_key" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepared_returns_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "return_cases" (
	"user_id" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"assignee_user_id" integer,
	"assigned_at" timestamp with time zone,
	"filed_on" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_cases_user_id_tax_year_pk" PRIMARY KEY("user_id","tax_year")
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "tax_year" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "expert_user_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "from_expert" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_returns" ADD CONSTRAINT "prepared_returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prepared_returns" ADD CONSTRAINT "prepared_returns_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cases" ADD CONSTRAINT "return_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_cases" ADD CONSTRAINT "return_cases_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_requests_user_year_idx" ON "document_requests" USING btree ("user_id","tax_year");--> statement-breakpoint
CREATE UNIQUE INDEX "prepared_returns_version_idx" ON "prepared_returns" USING btree ("user_id","tax_year","version");--> statement-breakpoint
CREATE INDEX "return_cases_assignee_idx" ON "return_cases" USING btree ("assignee_user_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_expert_user_id_users_id_fk" FOREIGN KEY ("expert_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("user_id","tax_year","id");