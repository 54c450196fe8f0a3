CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"teacher_id" text NOT NULL,
	"story_id" uuid NOT NULL,
	"note" text,
	"due_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_note_check" CHECK (note is null or char_length(note) between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "assignments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_teacher_id_user_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignments" ADD CONSTRAINT "assignments_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assignments_class_idx" ON "assignments" USING btree ("class_id");--> statement-breakpoint
CREATE INDEX "assignments_teacher_created_idx" ON "assignments" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE INDEX "assignments_story_idx" ON "assignments" USING btree ("story_id");--> statement-breakpoint
CREATE POLICY "assignments_teacher_reads" ON "assignments" AS PERMISSIVE FOR SELECT TO "app_user" USING (teacher_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "assignments_teacher_deletes" ON "assignments" AS PERMISSIVE FOR DELETE TO "app_user" USING (teacher_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "assignments_system" ON "assignments" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit these): assignments (docs/decisions/0047-assignments.md). Forced RLS as on
-- every per-user table (0002). A teacher reads and deletes their own assignments; nobody makes one as themselves:
-- it is server work (app_system) after the checks made as the teacher (the account type, the class read under RLS,
-- a library story, MAX_ASSIGNMENTS_PER_CLASS under the class's lock), so no account can set work for a class that
-- is not theirs or point readers at a private story. Nobody changes one (no UPDATE grant). A reader's list is read
-- by server work naming the class ids of the reader's own memberships. The policies read no other table.
ALTER TABLE "assignments" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, DELETE ON "assignments" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "assignments" TO app_system;
