CREATE TABLE "audio_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audio_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "audio_settings" ADD CONSTRAINT "audio_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "audio_settings_own_rows" ON "audio_settings" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "audio_settings_system" ON "audio_settings" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit these): forced RLS as on every per-user table (0002), and the
-- grants of the request roles: a user reads and writes only their own row (policy above).
ALTER TABLE "audio_settings" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "audio_settings" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "audio_settings" TO app_system;
