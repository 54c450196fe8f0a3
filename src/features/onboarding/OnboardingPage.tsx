import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { ONBOARDING_GUIDANCE } from './onboarding.guidance.ts';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import type { MeResponse, OnboardingRequest } from '#core/api/account.ts';
import { parseAge } from '#core/auth/sign-up.ts';
import { redirectPathFor } from '#core/auth/redirect.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { useCompleteOnboarding } from '../../lib/api/profile.ts';
import { GRADE_OPTIONS } from '../../lib/api/profile-options.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import '../../ui/page.css';

/** The onboarding heading. */
export const ONBOARDING_TITLE = "Let's get to know you";

/**
 * /onboarding: the first screen after the first sign-in (spec §4.2 step 3). A reader is asked
 * for grade, age and pet's name (for levelled and personal stories); everyone can correct their
 * display name. 'Start reading' ('Go to my dashboard' for a teacher) saves with POST /api/onboarding, which sets onboarding_completed,
 * then goes to /home (/teacher-dashboard for teachers, §4.1).
 */
export function OnboardingPage() {
  useDocumentTitle('Welcome');
  usePageGuidance(ONBOARDING_GUIDANCE);
  const me = useMe();
  if (!me.data) return <LoadingIndicator size="page" />;
  return <OnboardingForm me={me.data} />;
}

function OnboardingForm({ me }: { me: MeResponse }) {
  const navigate = useNavigate();
  const complete = useCompleteOnboarding();
  const profile = me.profile;
  const isReader = !profile || profile.user_type === 'student' || profile.user_type === 'other';
  const [displayName, setDisplayName] = useState(profile?.display_name ?? me.user.name);
  const [grade, setGrade] = useState(profile?.grade ?? '');
  const [age, setAge] = useState(profile?.age != null ? String(profile.age) : '');
  const [petsName, setPetsName] = useState(profile?.pets_name ?? '');
  const [tried, setTried] = useState(false);

  const ageError =
    tried && age.trim() !== '' && parseAge(age) === undefined
      ? 'Please enter the age as a number, like 8.'
      : null;
  const nameError = tried && displayName.trim() === '' ? 'Please enter a display name.' : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (displayName.trim() === '' || (age.trim() !== '' && parseAge(age) === undefined)) return;
    const request: OnboardingRequest = { display_name: displayName.trim() };
    if (isReader) {
      request.grade = (grade || null) as OnboardingRequest['grade'];
      request.age = parseAge(age) ?? null;
      request.pets_name = petsName.trim() || null;
    }
    complete.mutate(request, {
      onSuccess: (saved) => void navigate(redirectPathFor(saved.user_type), { replace: true }),
      onError: (error) =>
        showToast({
          title: 'Could not save',
          description:
            error instanceof ApiError && error.message
              ? error.message
              : 'Something went wrong. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  // Onboarding is done (just now, or before): go on. After the save the route guard re-checks the route
  // and may remount this page, which drops the mutation's own onSuccess; the saved profile is in the
  // cache by then, so this redirect does not depend on that callback.
  if (profile?.onboarding_completed) return <Navigate to={redirectPathFor(profile.user_type)} replace />;

  return (
    <div className="page">
      <div className="home__hello">
        <SparkyLogo size={72} />
        <h1>{ONBOARDING_TITLE}</h1>
      </div>
      <p className="page__lead">
        {isReader
          ? 'Tell Sparky a little about yourself so your stories fit you. You can change this later on your profile.'
          : 'Check the name the children and families will see. You can change it later on your profile.'}
      </p>
      <form className="page__form page__card" noValidate onSubmit={onSubmit}>
        <TextField
          label="Display name"
          isRequired
          validationBehavior="aria"
          value={displayName}
          onChange={setDisplayName}
          errorMessage={nameError}
        />
        {isReader ? (
          <>
            <Select label="Grade" options={GRADE_OPTIONS} isOptional value={grade} onChange={setGrade} />
            <TextField
              label="Age"
              inputMode="numeric"
              placeholder="8"
              isOptional
              value={age}
              onChange={setAge}
              errorMessage={ageError}
            />
            <TextField
              label="Pet's name"
              isOptional
              description="Used to personalize stories"
              value={petsName}
              onChange={setPetsName}
            />
          </>
        ) : null}
        <Button type="submit" isPending={complete.isPending}>
          {profile?.user_type === 'teacher' ? 'Go to my dashboard' : 'Start reading'}
        </Button>
      </form>
    </div>
  );
}
