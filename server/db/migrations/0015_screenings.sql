CREATE TABLE "screenings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"grade" text NOT NULL,
	"season" text NOT NULL,
	"school_year" integer NOT NULL,
	"story_ids" uuid[] NOT NULL,
	"wpm" real,
	"accuracy" real,
	"words_correct" real,
	"errors" real,
	"band" text,
	"p50" real,
	CONSTRAINT "screenings_grade_check" CHECK (grade in ('1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12')),
	CONSTRAINT "screenings_season_check" CHECK (season in ('fall', 'winter', 'spring')),
	CONSTRAINT "screenings_story_ids_check" CHECK (cardinality(story_ids) between 1 and 3 and array_ndims(story_ids) = 1 and array_position(story_ids, null) is null),
	CONSTRAINT "screenings_band_check" CHECK (band is null or band in ('below', 'expected', 'above')),
	CONSTRAINT "screenings_score_check" CHECK ((completed_at is null and wpm is null and accuracy is null and words_correct is null and errors is null and band is null and p50 is null) or (completed_at is not null and wpm is not null and wpm >= 0 and accuracy is not null and accuracy between 0 and 100 and words_correct is not null and words_correct >= 0 and errors is not null and errors >= 0 and band is not null and p50 is not null and p50 > 0))
);
--> statement-breakpoint
ALTER TABLE "screenings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD COLUMN "screening_id" uuid;--> statement-breakpoint
ALTER TABLE "screenings" ADD CONSTRAINT "screenings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "screenings_user_created_idx" ON "screenings" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_screening_id_screenings_id_fk" FOREIGN KEY ("screening_id") REFERENCES "public"."screenings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reading_sessions_screening_story_key" ON "reading_sessions" USING btree ("screening_id","story_id");--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_screening_mode_check" CHECK (screening_id is null or mode = 'assessment');--> statement-breakpoint
CREATE POLICY "screenings_own_rows" ON "screenings" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "screenings_system" ON "screenings" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit these): the Reading Screening (docs/decisions/0049-reading-screening.md).
-- Forced RLS as on every per-user table (0002), with the "own rows" policies of the reader's other tables. The
-- reader starts, reads and deletes their own screenings as themselves, and completes one (the score columns only:
-- its grade, season, school year and passages never change once started; the row is locked FOR UPDATE while a
-- reading of it is saved, which needs an UPDATE grant). The profile's assessment results that a complete screening
-- sets stay server work (0002's grants). A screening's readings are reading_sessions rows (0002's grants).
ALTER TABLE "screenings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "screenings" TO app_user;--> statement-breakpoint
GRANT UPDATE ("completed_at", "wpm", "accuracy", "words_correct", "errors", "band", "p50") ON "screenings" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "screenings" TO app_system;
