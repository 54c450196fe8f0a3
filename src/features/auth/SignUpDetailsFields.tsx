import type { LoginField } from '#core/auth/sign-up.ts';
import { GENDER_OPTIONS, GRADE_OPTIONS, ROLE_OPTIONS } from '../../lib/api/profile-options.ts';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';

/** Props of {@link SignUpDetailsFields}. */
export interface SignUpDetailsFieldsProps {
  /** The form's value and change handler for a field, from the login statechart's context. */
  field: (name: LoginField) => { value: string; onChange: (value: string) => void };
  /** The role's error after a refused submit (spec §7.7 "Please select your role"), or null. */
  roleError: string | null;
}

/**
 * The fields of sign-up step 2 (spec §2.3): role (required), age, grade, gender, pet's name. Its
 * own chunk (issue #15): the Select and RadioGroup it needs are a third of /login's JavaScript, and
 * most visitors only sign in. LoginPage fetches it as soon as sign-up step 1 is shown.
 */
export function SignUpDetailsFields({ field, roleError }: SignUpDetailsFieldsProps) {
  const role = field('role');
  return (
    <>
      <RadioGroup
        label="I am a…"
        isRequired
        validationBehavior="aria"
        value={role.value || null}
        onChange={role.onChange}
        errorMessage={roleError}
        className="login__roles"
      >
        {ROLE_OPTIONS.map((option) => (
          <Radio key={option.id} value={option.id}>
            {option.label}
          </Radio>
        ))}
      </RadioGroup>
      <div className="login__row">
        <TextField label="Age" inputMode="numeric" placeholder="8" isOptional {...field('age')} />
        <Select label="Grade" options={GRADE_OPTIONS} isOptional {...field('grade')} />
      </div>
      <Select label="Gender" options={GENDER_OPTIONS} isOptional {...field('gender')} />
      <TextField
        label="Pet's name"
        isOptional
        description="Used to personalize stories"
        {...field('petsName')}
      />
    </>
  );
}
