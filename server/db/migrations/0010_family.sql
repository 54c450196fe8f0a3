CREATE TABLE "guardian_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"guardian_id" text NOT NULL,
	"child_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_links_not_self_check" CHECK (guardian_id <> child_id)
);
--> statement-breakpoint
ALTER TABLE "guardian_links" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "link_codes" (
	"child_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "link_codes_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "link_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_guardian_id_user_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_child_id_user_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_codes" ADD CONSTRAINT "link_codes_child_id_user_id_fk" FOREIGN KEY ("child_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_links_guardian_child_key" ON "guardian_links" USING btree ("guardian_id","child_id");--> statement-breakpoint
CREATE INDEX "guardian_links_child_idx" ON "guardian_links" USING btree ("child_id");--> statement-breakpoint
CREATE POLICY "guardian_links_either_side_reads" ON "guardian_links" AS PERMISSIVE FOR SELECT TO "app_user" USING (guardian_id = app_current_user_id() or child_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "guardian_links_either_side_deletes" ON "guardian_links" AS PERMISSIVE FOR DELETE TO "app_user" USING (guardian_id = app_current_user_id() or child_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "guardian_links_system" ON "guardian_links" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "link_codes_own_rows" ON "link_codes" AS PERMISSIVE FOR ALL TO "app_user" USING (child_id = app_current_user_id()) WITH CHECK (child_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "link_codes_system" ON "link_codes" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit these): family links (docs/decisions/0041-family-links.md). Forced RLS
-- as on every per-user table (0002). A signed-in user reads and removes the links they are a side of, and never
-- makes or changes one: a link is made by server work (app_system) in the transaction that consumes the reader's
-- code, because the guardian cannot see the reader's code row. A reader sees and removes only their own code row,
-- and never writes one: a code is made by server work after the reader's account type is checked, so no account
-- (a guardian's, a teacher's) can store a code or stretch one's expiry by itself.
ALTER TABLE "guardian_links" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "link_codes" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, DELETE ON "guardian_links" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "guardian_links" TO app_system;--> statement-breakpoint
GRANT SELECT, DELETE ON "link_codes" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "link_codes" TO app_system;
