-- FORCE row-level security on every table holding a user's data, so that even the table owner is
-- subject to the policies; grants for the two NOLOGIN roles; the remote procedures of spec §7.4.
ALTER TABLE "profiles" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_roles" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "daily_challenges" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "achievements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "progress_tracking" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stories" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "reading_sessions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "token_ledger" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO app_user, app_system;--> statement-breakpoint
-- app_user: what a signed-in user's request may do. The balance (tokens), user_type, assessment results
-- and roles are not writable by the user: they change through server work (app_system).
GRANT SELECT ON "profiles" TO app_user;--> statement-breakpoint
GRANT UPDATE ("display_name", "age", "grade", "gender", "pets_name", "avatar_url", "onboarding_completed",
  "lexile_level", "estimated_lexile_range", "reading_level", "updated_at") ON "profiles" TO app_user;--> statement-breakpoint
GRANT SELECT ON "user_roles" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "daily_challenges" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT ON "achievements" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT ON "progress_tracking" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "stories" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT, DELETE ON "reading_sessions" TO app_user;--> statement-breakpoint
GRANT SELECT ON "token_ledger" TO app_user;--> statement-breakpoint
GRANT SELECT ON "lexile_norms" TO app_user;--> statement-breakpoint
GRANT SELECT, INSERT ON "passage_lexile_scores" TO app_user;--> statement-breakpoint
-- app_system: trusted server work (sign-up, seeding, jobs, awards).
GRANT SELECT, INSERT, UPDATE, DELETE ON "profiles", "user_roles", "daily_challenges", "achievements",
  "progress_tracking", "stories", "reading_sessions", "token_ledger", "lexile_norms", "passage_lexile_scores",
  "mail_outbox" TO app_system;--> statement-breakpoint
GRANT SELECT ON "user" TO app_system;--> statement-breakpoint
-- award_tokens (spec §7.4): adds token_amount to the user's balance and writes the ledger, once per
-- award_key (a retried award with the same key pays nothing more). Returns the new balance.
-- Only server work may call it (app_system): amounts are decided by the server, never by a client.
CREATE OR REPLACE FUNCTION award_tokens(target_user_id text, token_amount integer, award_reason text,
    award_key text DEFAULT NULL)
  RETURNS integer
  LANGUAGE plpgsql
  AS $$
#variable_conflict use_column
DECLARE
  inserted integer;
  balance integer;
BEGIN
  IF target_user_id IS NULL OR target_user_id = '' THEN
    RAISE EXCEPTION 'User not authenticated' USING ERRCODE = '28000';
  END IF;
  IF token_amount IS NULL OR token_amount < 1 OR token_amount > 1000 THEN
    RAISE EXCEPTION 'Token amount must be between 1 and 1000' USING ERRCODE = '22023';
  END IF;
  IF coalesce(btrim(award_reason), '') = '' THEN
    RAISE EXCEPTION 'Award reason required' USING ERRCODE = '22023';
  END IF;
  PERFORM 1 FROM profiles WHERE user_id = target_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'No user or profile found' USING ERRCODE = 'P0002';
  END IF;
  INSERT INTO token_ledger (user_id, amount, reason, idempotency_key)
    VALUES (target_user_id, token_amount, award_reason, award_key)
    ON CONFLICT (user_id, idempotency_key) DO NOTHING;
  GET DIAGNOSTICS inserted = ROW_COUNT;
  IF inserted = 1 THEN
    UPDATE profiles SET tokens = tokens + token_amount, updated_at = now()
      WHERE user_id = target_user_id RETURNING tokens INTO balance;
  ELSE
    SELECT tokens INTO balance FROM profiles WHERE user_id = target_user_id;
  END IF;
  RETURN balance;
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION award_tokens(text, integer, text, text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION award_tokens(text, integer, text, text) TO app_system;--> statement-breakpoint
-- check_assessment_eligibility (spec §7.4, §4.2 step 4): { eligible, reason, readingSessions }.
-- Runs with the caller's rights, so under app_user another user's id finds no profile.
CREATE OR REPLACE FUNCTION check_assessment_eligibility(user_uuid text)
  RETURNS jsonb
  LANGUAGE plpgsql
  STABLE
  AS $$
DECLARE
  p profiles%ROWTYPE;
  session_count integer;
  reason text;
BEGIN
  IF user_uuid IS NULL OR user_uuid = '' THEN
    RAISE EXCEPTION 'User not authenticated' USING ERRCODE = '28000';
  END IF;
  SELECT * INTO p FROM profiles WHERE user_id = user_uuid;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('eligible', false, 'reason', 'no_profile', 'readingSessions', 0);
  END IF;
  SELECT count(*) INTO session_count FROM reading_sessions WHERE user_id = user_uuid;
  reason := CASE
    WHEN NOT p.onboarding_completed THEN 'onboarding_incomplete'
    WHEN p.assessment_completed THEN 'assessment_completed'
    WHEN session_count > 0 THEN 'has_reading_sessions'
    ELSE 'eligible'
  END;
  RETURN jsonb_build_object('eligible', reason = 'eligible', 'reason', reason, 'readingSessions', session_count);
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION check_assessment_eligibility(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION check_assessment_eligibility(text) TO app_user, app_system;
