CREATE TABLE "reading_goals" (
	"child_id" text PRIMARY KEY NOT NULL,
	"days_per_week" smallint NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_goals_days_check" CHECK ("reading_goals"."days_per_week" between 1 and 7)
);
--> statement-breakpoint
ALTER TABLE "reading_goals" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_child_id_user_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_goals" ADD CONSTRAINT "reading_goals_set_by_user_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "reading_goals_own_row_reads" ON "reading_goals" AS PERMISSIVE FOR SELECT TO "app_user" USING (child_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "reading_goals_system" ON "reading_goals" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit these): reading goals (docs/decisions/0042-reading-goals.md). Forced RLS
-- as on every per-user table (0002). A reader reads their own goal and writes none: a goal is set, changed and
-- removed by server work after the guardian's link to the reader is found (server/routes/goals/).
ALTER TABLE "reading_goals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT ON "reading_goals" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "reading_goals" TO app_system;
