ALTER TABLE "reading_sessions" ADD COLUMN "for_screening" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written: the readings saved for a screening before this column existed (docs/decisions/0049-reading-screening.md).
UPDATE "reading_sessions" SET "for_screening" = true WHERE "screening_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_for_screening_check" CHECK (screening_id is null or for_screening);
