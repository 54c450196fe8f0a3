CREATE TABLE "class_codes" (
	"class_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "class_codes_code_check" CHECK (code ~ '^[0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "class_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "class_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_members" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"teacher_id" text NOT NULL,
	"name" text NOT NULL,
	"grade" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classes_name_check" CHECK (char_length(name) between 1 and 60),
	CONSTRAINT "classes_grade_check" CHECK (grade is null or grade in ('Pre-K', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'))
);
--> statement-breakpoint
ALTER TABLE "classes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "class_codes" ADD CONSTRAINT "class_codes_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_members" ADD CONSTRAINT "class_members_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classes" ADD CONSTRAINT "classes_teacher_id_user_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_members_class_student_key" ON "class_members" USING btree ("class_id","student_id");--> statement-breakpoint
CREATE INDEX "class_members_student_idx" ON "class_members" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "classes_teacher_idx" ON "classes" USING btree ("teacher_id","created_at");--> statement-breakpoint
CREATE POLICY "class_codes_teacher_reads" ON "class_codes" AS PERMISSIVE FOR SELECT TO "app_user" USING (exists (select 1 from classes c where c.id = class_codes.class_id and c.teacher_id = app_current_user_id()));--> statement-breakpoint
CREATE POLICY "class_codes_teacher_deletes" ON "class_codes" AS PERMISSIVE FOR DELETE TO "app_user" USING (exists (select 1 from classes c where c.id = class_codes.class_id and c.teacher_id = app_current_user_id()));--> statement-breakpoint
CREATE POLICY "class_codes_system" ON "class_codes" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "class_members_teacher_reads" ON "class_members" AS PERMISSIVE FOR SELECT TO "app_user" USING (exists (select 1 from classes c where c.id = class_members.class_id and c.teacher_id = app_current_user_id()));--> statement-breakpoint
CREATE POLICY "class_members_teacher_deletes" ON "class_members" AS PERMISSIVE FOR DELETE TO "app_user" USING (exists (select 1 from classes c where c.id = class_members.class_id and c.teacher_id = app_current_user_id()));--> statement-breakpoint
CREATE POLICY "class_members_reader_reads" ON "class_members" AS PERMISSIVE FOR SELECT TO "app_user" USING (student_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "class_members_reader_deletes" ON "class_members" AS PERMISSIVE FOR DELETE TO "app_user" USING (student_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "class_members_system" ON "class_members" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "classes_teacher_reads" ON "classes" AS PERMISSIVE FOR SELECT TO "app_user" USING (teacher_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "classes_teacher_updates" ON "classes" AS PERMISSIVE FOR UPDATE TO "app_user" USING (teacher_id = app_current_user_id()) WITH CHECK (teacher_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "classes_teacher_deletes" ON "classes" AS PERMISSIVE FOR DELETE TO "app_user" USING (teacher_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "classes_system" ON "classes" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit these): classes (docs/decisions/0046-classes.md). Forced RLS as on every
-- per-user table (0002). A teacher reads, renames and deletes their own classes, and reads and deletes their
-- classes' codes and memberships; a reader reads and deletes (leaves) their own memberships. Nobody makes a class,
-- a code or a membership as themselves: each is server work (app_system) after the checks made as the user (the
-- teacher's account type and bounds; the code and the bounds of a join), so no account can put itself in a class
-- or stretch a code's life by itself. A teacher may change a class's name and grade only, never its teacher.
-- classes' policies read no other table, so the policies of class_codes and class_members may read classes
-- without a cycle of policies (PostgreSQL refuses one: "infinite recursion detected in policy").
ALTER TABLE "classes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "class_codes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "class_members" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, DELETE ON "classes" TO app_user;--> statement-breakpoint
GRANT UPDATE ("name", "grade") ON "classes" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "classes" TO app_system;--> statement-breakpoint
GRANT SELECT, DELETE ON "class_codes" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "class_codes" TO app_system;--> statement-breakpoint
GRANT SELECT, DELETE ON "class_members" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "class_members" TO app_system;
