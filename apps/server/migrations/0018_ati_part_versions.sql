ALTER TABLE "tax_year_sections" ADD COLUMN "spouse_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_year_sections" ADD COLUMN "children_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_year_sections" ADD COLUMN "authorization_version" integer DEFAULT 0 NOT NULL;