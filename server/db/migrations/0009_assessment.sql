ALTER TABLE "profiles" ADD COLUMN "assessment_deferred_until" timestamp with time zone;--> statement-breakpoint
-- Hand-written (drizzle-kit does not emit these): the Reading Assessment (docs/decisions/0038-reading-assessment.md).
-- "Not now" (POST /api/assessment/defer) is the reader's own choice, made as the reader (app_user): their own row
-- only (policy profiles_own_rows). The assessment's results stay server work (0002).
GRANT UPDATE ("assessment_deferred_until") ON "profiles" TO app_user;--> statement-breakpoint
-- check_assessment_eligibility (spec §7.4, §4.2 step 4), replacing 0002's: { eligible, reason, readingSessions }.
-- The spec's conditions first, in the same order; then who the one-minute read-aloud is not for:
-- - not_a_reader: teachers and guardians (the guard would otherwise ask a teacher to read aloud);
-- - pre_reader: Pre-K and K, or no grade and under 6 (DIBELS 8 oral reading fluency starts in grade 1; such
--   children have the letter game instead);
-- - deferred: put off with "Not now" until assessment_deferred_until.
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
    WHEN p.user_type IN ('teacher', 'guardian') THEN 'not_a_reader'
    WHEN p.grade IN ('Pre-K', 'K') OR (p.grade IS NULL AND p.age IS NOT NULL AND p.age < 6) THEN 'pre_reader'
    WHEN p.assessment_deferred_until > now() THEN 'deferred'
    ELSE 'eligible'
  END;
  RETURN jsonb_build_object('eligible', reason = 'eligible', 'reason', reason, 'readingSessions', session_count);
END
$$;--> statement-breakpoint
REVOKE ALL ON FUNCTION check_assessment_eligibility(text) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION check_assessment_eligibility(text) TO app_user, app_system;
