import { useState, type FormEvent } from 'react';
import { ProfileUpdateSchema, type MeResponse, type ProfileUpdate } from '#core/api/account.ts';
import { parseAge } from '#core/auth/sign-up.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { useUpdateProfile } from '../../lib/api/profile.ts';
import { GENDER_OPTIONS, GRADE_OPTIONS, userTypeLabel } from '../../lib/api/profile-options.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { Avatar, outfitDescription } from '../../ui/avatar/Avatar.tsx';
import { Link } from '../../ui/Link.tsx';
import { protectedPaths } from '../../app/paths.ts';
import '../../ui/page.css';

/** Toasts of the profile page (not spec texts; §8 names only the load errors). */
export const PROFILE_TOASTS = {
  saved: { title: 'Profile saved', description: 'Your changes are saved.' },
  failed: { title: 'Profile not saved' },
} as const;

/** The form's fields, as typed. */
interface ProfileForm {
  displayName: string;
  age: string;
  grade: string;
  gender: string;
  petsName: string;
}

function formFrom(me: MeResponse): ProfileForm {
  const p = me.profile;
  return {
    displayName: p?.display_name ?? me.user.name,
    age: p?.age != null ? String(p.age) : '',
    grade: p?.grade ?? '',
    gender: p?.gender ?? '',
    petsName: p?.pets_name ?? '',
  };
}

/**
 * The update sent for a form: every field, empty optional ones as null (cleared).
 * Exported for tests.
 */
export function toProfileUpdate(form: ProfileForm): ProfileUpdate {
  return {
    display_name: form.displayName.trim(),
    age: parseAge(form.age) ?? null,
    grade: (form.grade || null) as ProfileUpdate['grade'],
    gender: (form.gender || null) as ProfileUpdate['gender'],
    pets_name: form.petsName.trim() || null,
  };
}

/** Field-level problems from the shared schema, by field. */
function problems(form: ProfileForm): Partial<Record<keyof ProfileForm, string>> {
  const out: Partial<Record<keyof ProfileForm, string>> = {};
  if (form.age.trim() !== '' && parseAge(form.age) === undefined)
    out.age = 'Please enter the age as a number, like 8.';
  const parsed = ProfileUpdateSchema.safeParse(toProfileUpdate(form));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (key === 'display_name') out.displayName ??= issue.message;
      if (key === 'age') out.age ??= 'Please enter an age between 2 and 120.';
      if (key === 'pets_name') out.petsName ??= issue.message;
    }
  }
  return out;
}

/**
 * /profile: edit the profile fields a user may change (display name, age, grade, gender, pet's
 * name; core/api/account.ts ProfileUpdateSchema). Role, e-mail and tokens are shown, not edited.
 */
export function ProfilePage() {
  useDocumentTitle('Profile');
  const me = useMe();
  if (!me.data) return <LoadingIndicator size="page" />;
  return <ProfileEditor me={me.data} />;
}

function ProfileEditor({ me }: { me: MeResponse }) {
  const [form, setForm] = useState<ProfileForm>(() => formFrom(me));
  const [tried, setTried] = useState(false);
  const update = useUpdateProfile();
  const errors = tried ? problems(form) : {};
  const set = (key: keyof ProfileForm) => (value: string) => setForm((f) => ({ ...f, [key]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (Object.keys(problems(form)).length > 0) return;
    update.mutate(toProfileUpdate(form), {
      onSuccess: () => showToast({ ...PROFILE_TOASTS.saved, variant: 'default' }),
      onError: (error) =>
        showToast({
          title: PROFILE_TOASTS.failed.title,
          description:
            error instanceof ApiError && error.message
              ? error.message
              : 'Something went wrong. Please try again.',
          variant: 'destructive',
        }),
    });
  };

  return (
    <div className="page">
      <h1>Profile</h1>
      <section className="page__card profile__avatar" aria-labelledby="profile-avatar-title">
        <h2 id="profile-avatar-title">Your avatar</h2>
        <Avatar
          outfit={me.profile?.avatar_outfit ?? {}}
          size={128}
          label={['Your avatar', outfitDescription(me.profile?.avatar_outfit ?? {})]
            .filter(Boolean)
            .join(', ')}
        />
        <p>
          <Link href={protectedPaths.avatarShop}>Dress up your avatar in the Avatar Shop</Link>
        </p>
      </section>
      <dl className="page__card profile__facts">
        <div>
          <dt>E-mail</dt>
          <dd>{me.user.email}</dd>
        </div>
        <div>
          <dt>Account type</dt>
          <dd>{me.profile ? userTypeLabel(me.profile.user_type) : '—'}</dd>
        </div>
        <div>
          <dt>Tokens</dt>
          <dd>{me.profile?.tokens ?? 0}</dd>
        </div>
      </dl>
      <form className="page__form" noValidate onSubmit={onSubmit} aria-labelledby="profile-form-title">
        <h2 id="profile-form-title">About you</h2>
        <TextField
          label="Display name"
          isRequired
          validationBehavior="aria"
          value={form.displayName}
          onChange={set('displayName')}
          errorMessage={errors.displayName ?? null}
        />
        <div className="page__form-row">
          <TextField
            label="Age"
            inputMode="numeric"
            placeholder="8"
            isOptional
            value={form.age}
            onChange={set('age')}
            errorMessage={errors.age ?? null}
          />
          <Select
            label="Grade"
            options={GRADE_OPTIONS}
            isOptional
            value={form.grade}
            onChange={set('grade')}
          />
        </div>
        <Select
          label="Gender"
          options={GENDER_OPTIONS}
          isOptional
          value={form.gender}
          onChange={set('gender')}
        />
        <TextField
          label="Pet's name"
          isOptional
          description="Used to personalize stories"
          value={form.petsName}
          onChange={set('petsName')}
          errorMessage={errors.petsName ?? null}
        />
        <Button type="submit" isPending={update.isPending}>
          Save changes
        </Button>
      </form>
    </div>
  );
}
