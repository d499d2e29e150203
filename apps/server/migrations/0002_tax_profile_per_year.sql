CREATE TABLE "tax_declarations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"version" integer NOT NULL,
	"file_name" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_profiles" (
	"user_id" integer NOT NULL,
	"tax_year" integer NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_profiles_user_id_tax_year_pk" PRIMARY KEY("user_id","tax_year")
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "subscription_plan" SET DEFAULT 'basic';--> statement-breakpoint
UPDATE "users" SET "subscription_plan" = 'basic' WHERE "subscription_plan" IS NULL;--> statement-breakpoint
ALTER TABLE "tax_declarations" ADD CONSTRAINT "tax_declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_profiles" ADD CONSTRAINT "tax_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_declarations_version_idx" ON "tax_declarations" USING btree ("user_id","tax_year","version");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_tax_profile_complete";