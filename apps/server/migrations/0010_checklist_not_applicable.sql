CREATE TABLE "checklist_not_applicable" (
	"user_id" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"category_id" integer NOT NULL,
	"reason" text NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checklist_not_applicable_user_id_tax_year_category_id_pk" PRIMARY KEY("user_id","tax_year","category_id")
);
--> statement-breakpoint
ALTER TABLE "checklist_not_applicable" ADD CONSTRAINT "checklist_not_applicable_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;