ALTER TABLE "tax_year_sections" ADD COLUMN "section_toggles" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_year_sections" ADD COLUMN "document_relevance" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_year_sections" ADD COLUMN "spouse" jsonb;--> statement-breakpoint
ALTER TABLE "tax_year_sections" ADD COLUMN "children" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_year_sections" ADD COLUMN "authorization_settings" jsonb;