CREATE TABLE "erasures" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_created_at" timestamp (3) with time zone NOT NULL,
	"erased_at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"retained_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "purpose" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
CREATE INDEX "erasures_user_idx" ON "erasures" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "erasures_retained_idx" ON "erasures" USING btree ("retained_until") WHERE "erasures"."kind" = 'retained';