ALTER TABLE "tax_profiles" ADD COLUMN "personal_draft" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "salutation" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "date_of_birth" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "job_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_house_number" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_zip_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tax_gemeinde" text;