import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { PROFILE_GUIDANCE } from './profile.guidance.ts';
import { MailOutbox } from './MailOutbox.tsx';
import { FamilySection } from './FamilySection.tsx';
import { useState, type FormEvent } from 'react';
import { ProfileUpdateSchema, type MeResponse, type ProfileUpdate } from '#core/api/account.ts';
import { parseAge } from '#core/auth/sign-up.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useDeleteAccount } from './api/delete-account.ts';
import { useDeleteRecordings } from './api/delete-recordings.ts';
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
import { navIcon } from '../../app/nav-icons.ts';
import { managesRoles } from '#core/auth/roles.ts';
import { Icon } from '../../ui/Icon.tsx';
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
/** Whether the account is a reader's (student or other), who can let a grown-up follow their progress (ADR 0041). */
function isReader(me: MeResponse): boolean {
  return me.profile?.user_type === 'student' || me.profile?.user_type === 'other';
}

export function ProfilePage() {
  useDocumentTitle('Profile');
  usePageGuidance(PROFILE_GUIDANCE);
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
      <p className="profile__roles">
        {/* Everyone sees their roles there; owners and admins also give and take them (ADR 0054). */}
        <Link href={protectedPaths.roleTest} className="profile__roles-link">
          <Icon name={navIcon(protectedPaths.roleTest)} />
          {managesRoles(me.roles) ? 'People and roles' : 'Your roles'}
        </Link>
      </p>
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
        <Button type="submit" icon="check" isPending={update.isPending}>
          Save changes
        </Button>
      </form>
      {me.roles.includes('owner') || me.roles.includes('admin') ? <MailOutbox /> : null}
      {isReader(me) ? <FamilySection /> : null}
      <YourData />
    </div>
  );
}

/** Toasts of deleting one's data (not spec texts: issue #14 item 11). */
export const DELETE_DATA_TOASTS = {
  recordingsDeleted: (n: number) => ({
    title: 'Recordings deleted',
    description:
      n === 0
        ? 'There were no recordings to delete.'
        : `${n} ${n === 1 ? 'recording' : 'recordings'} of your voice deleted. Your scores stay.`,
  }),
  recordingsFailed: { title: 'Recordings not deleted' },
  accountDeleted: { title: 'Account deleted', description: 'Your account and everything in it are gone.' },
  accountFailed: { title: 'Account not deleted' },
} as const;

const failureText = (error: unknown) =>
  error instanceof ApiError && error.message ? error.message : 'Something went wrong. Please try again.';

/**
 * "Your recordings and account": delete every recording of one's voice, or the whole account with
 * everything of it (issue #14 item 11). Each asks first in a ConfirmDialog (focus on Cancel); the
 * account also asks for its password. Outcomes are toasts, which screen readers announce.
 */
function YourData() {
  const [dialog, setDialog] = useState<'recordings' | 'account' | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const recordings = useDeleteRecordings();
  const account = useDeleteAccount();
  const close = () => {
    setDialog(null);
    setPassword('');
    setPasswordError(null);
  };
  return (
    <section className="page__card" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your recordings and account</h2>
      <p>
        Recordings of your voice are kept for 30 days so you can listen again. You can delete them sooner.
      </p>
      <div className="page__form-row">
        <Button variant="secondary" onPress={() => setDialog('recordings')}>
          Delete all my recordings
        </Button>
        <Button variant="secondary" onPress={() => setDialog('account')}>
          Delete my account
        </Button>
      </div>
      <ConfirmDialog
        isOpen={dialog === 'recordings'}
        onOpenChange={(open) => (open ? setDialog('recordings') : close())}
        title="Delete all your recordings?"
        description={
          <p>Every recording of your voice will be deleted for good. Your scores, tokens and badges stay.</p>
        }
        confirmLabel="Delete my recordings"
        isPending={recordings.isPending}
        onConfirm={() =>
          recordings.mutate(undefined, {
            onSuccess: (n) => {
              close();
              showToast({ ...DELETE_DATA_TOASTS.recordingsDeleted(n), variant: 'default' });
            },
            onError: (error) => {
              close();
              showToast({
                ...DELETE_DATA_TOASTS.recordingsFailed,
                description: failureText(error),
                variant: 'destructive',
              });
            },
          })
        }
      />
      <ConfirmDialog
        isOpen={dialog === 'account'}
        onOpenChange={(open) => (open ? setDialog('account') : close())}
        title="Delete your account?"
        description={
          <p>
            Your account, profile, stories, readings, recordings, tokens and badges will be deleted for good.
            This cannot be undone.
          </p>
        }
        confirmLabel="Delete my account"
        isPending={account.isPending}
        onConfirm={() =>
          account.mutate(password ? { password } : {}, {
            onSuccess: () => {
              close();
              showToast({ ...DELETE_DATA_TOASTS.accountDeleted, variant: 'default' });
            },
            onError: (error) => {
              if (error instanceof ApiError && error.code === 'wrong_password') {
                setPasswordError('That is not your password. Please try again.');
                return;
              }
              close();
              showToast({
                ...DELETE_DATA_TOASTS.accountFailed,
                description: failureText(error),
                variant: 'destructive',
              });
            },
          })
        }
      >
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          description="To be sure it is you. If you sign in with Google or another provider, leave it empty."
          value={password}
          onChange={(value) => {
            setPassword(value);
            setPasswordError(null);
          }}
          errorMessage={passwordError}
        />
      </ConfirmDialog>
    </section>
  );
}
