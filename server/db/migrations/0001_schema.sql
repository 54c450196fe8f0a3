CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "achievements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"achievement_type" text NOT NULL,
	"achievement_name" text NOT NULL,
	"description" text NOT NULL,
	"icon_name" text,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "achievements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "daily_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"challenge_type" text NOT NULL,
	"challenge_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"target_count" integer NOT NULL,
	"current_count" integer DEFAULT 0 NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"challenge_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_challenges_counts_check" CHECK (target_count > 0 and current_count between 0 and target_count)
);
--> statement-breakpoint
ALTER TABLE "daily_challenges" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "lexile_norms" (
	"grade" text PRIMARY KEY NOT NULL,
	"min_lexile" integer NOT NULL,
	"max_lexile" integer NOT NULL,
	"target_lexile" integer NOT NULL,
	"expected_wpm" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passage_lexile_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"passage_text" text NOT NULL,
	"calculated_lexile" integer NOT NULL,
	"word_count" integer NOT NULL,
	"avg_sentence_length" real NOT NULL,
	"complexity_score" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" text PRIMARY KEY NOT NULL,
	"user_type" text DEFAULT 'student' NOT NULL,
	"display_name" text NOT NULL,
	"age" integer,
	"grade" text,
	"gender" text,
	"pets_name" text,
	"avatar_url" text,
	"tokens" integer DEFAULT 0 NOT NULL,
	"onboarding_completed" boolean DEFAULT false NOT NULL,
	"assessment_completed" boolean DEFAULT false NOT NULL,
	"lexile_level" integer,
	"estimated_lexile_range" text,
	"last_assessment_wpm" real,
	"last_assessment_accuracy" real,
	"reading_level" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_type_check" CHECK (user_type in ('student', 'teacher', 'guardian', 'other')),
	CONSTRAINT "profiles_grade_check" CHECK (grade is null or grade in ('Pre-K', 'K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12')),
	CONSTRAINT "profiles_gender_check" CHECK (gender is null or gender in ('girl', 'boy', 'other', 'prefer-not-to-say')),
	CONSTRAINT "profiles_age_check" CHECK (age is null or (age between 2 and 120)),
	CONSTRAINT "profiles_tokens_check" CHECK (tokens >= 0),
	CONSTRAINT "profiles_display_name_check" CHECK (length(display_name) between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "profiles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "progress_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"activity_type" text NOT NULL,
	"activity_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "progress_tracking" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "reading_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"story_id" uuid,
	"story_title" text NOT NULL,
	"fluency_score" real,
	"accuracy_percentage" real,
	"words_per_minute" real,
	"tokens_awarded" integer DEFAULT 0 NOT NULL,
	"mode" text DEFAULT 'practice' NOT NULL,
	"word_results" jsonb,
	"reading_seconds" real,
	"audio_path" text,
	"audio_expires_at" timestamp with time zone,
	"idempotency_key" text,
	CONSTRAINT "reading_sessions_mode_check" CHECK (mode in ('practice', 'assessment')),
	CONSTRAINT "reading_sessions_scores_check" CHECK ((fluency_score is null or fluency_score between 0 and 100) and (accuracy_percentage is null or accuracy_percentage between 0 and 100) and (words_per_minute is null or words_per_minute >= 0))
);
--> statement-breakpoint
ALTER TABLE "reading_sessions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" text,
	"slug" text,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"grade_band" text,
	"themes" text[] DEFAULT '{}'::text[] NOT NULL,
	"decodable" boolean DEFAULT false NOT NULL,
	"lexile" integer,
	"word_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "stories_title_check" CHECK (length(title) between 1 and 200),
	CONSTRAINT "stories_body_check" CHECK (length(body) between 1 and 20000)
);
--> statement-breakpoint
ALTER TABLE "stories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "token_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_ledger_amount_check" CHECK (amount between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "token_ledger" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_role_check" CHECK (role in ('owner', 'admin', 'teacher', 'student', 'guardian'))
);
--> statement-breakpoint
ALTER TABLE "user_roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenges" ADD CONSTRAINT "daily_challenges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "progress_tracking" ADD CONSTRAINT "progress_tracking_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_sessions" ADD CONSTRAINT "reading_sessions_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_owner_id_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_ledger" ADD CONSTRAINT "token_ledger_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "achievements_user_type_key" ON "achievements" USING btree ("user_id","achievement_type");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_challenges_user_date_type_key" ON "daily_challenges" USING btree ("user_id","challenge_date","challenge_type");--> statement-breakpoint
CREATE UNIQUE INDEX "passage_lexile_scores_passage_md5_key" ON "passage_lexile_scores" USING btree (md5("passage_text"));--> statement-breakpoint
CREATE INDEX "progress_tracking_user_completed_idx" ON "progress_tracking" USING btree ("user_id","completed_at");--> statement-breakpoint
CREATE INDEX "reading_sessions_user_created_idx" ON "reading_sessions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_sessions_user_idempotency_key" ON "reading_sessions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stories_owner_idx" ON "stories" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "token_ledger_user_idempotency_key" ON "token_ledger" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "user_roles_user_role_key" ON "user_roles" USING btree ("user_id","role");--> statement-breakpoint
CREATE POLICY "achievements_own_rows" ON "achievements" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "achievements_system" ON "achievements" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "daily_challenges_own_rows" ON "daily_challenges" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "daily_challenges_system" ON "daily_challenges" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "profiles_own_rows" ON "profiles" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "profiles_system" ON "profiles" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "progress_tracking_own_rows" ON "progress_tracking" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "progress_tracking_system" ON "progress_tracking" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "reading_sessions_own_rows" ON "reading_sessions" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "reading_sessions_system" ON "reading_sessions" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "stories_read_library_or_own" ON "stories" AS PERMISSIVE FOR SELECT TO "app_user" USING (owner_id is null or owner_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "stories_write_own" ON "stories" AS PERMISSIVE FOR ALL TO "app_user" USING (owner_id = app_current_user_id()) WITH CHECK (owner_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "stories_system" ON "stories" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "token_ledger_own_rows" ON "token_ledger" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "token_ledger_system" ON "token_ledger" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);--> statement-breakpoint
CREATE POLICY "user_roles_own_rows" ON "user_roles" AS PERMISSIVE FOR ALL TO "app_user" USING (user_id = app_current_user_id()) WITH CHECK (user_id = app_current_user_id());--> statement-breakpoint
CREATE POLICY "user_roles_system" ON "user_roles" AS PERMISSIVE FOR ALL TO "app_system" USING (true) WITH CHECK (true);