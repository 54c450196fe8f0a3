import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { OwnerSetupRequest } from '#core/api/account.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths, publicPaths } from '../../app/paths.ts';
import { api } from '../../lib/api/client.ts';
import { ApiError, call } from '../../lib/api/http.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { OWNER_SETUP_GUIDANCE } from './owner-setup.guidance.ts';
import './login.css';

/** Texts of the set-up screen. */
export const OWNER_SETUP_TEXT = {
  title: 'Create the owner account',
  intro:
    'This one-time link was printed when the server started. The owner looks after this Sparky Reads: they can read the outbox of e-mails and manage roles.',
  invalidTitle: 'This set-up link does not work',
  invalidBody:
    'It was used already, or it has expired. If this server has no owner yet, restart it and open the new link it prints.',
  submit: 'Create the owner account',
  checking: 'Checking the set-up link…',
} as const;

type UserType = OwnerSetupRequest['data']['user_type'];

/** Where each refusal's message goes: beside a field, or above the form. */
type FieldName = 'name' | 'email' | 'password' | 'form';

function fieldOf(error: ApiError): FieldName {
  if (error.code === 'weak_password') return 'password';
  if (error.code === 'email_taken') return 'email';
  if (error.code === 'invalid_input') {
    const path = (error.details as { path?: string }[] | undefined)?.[0]?.path ?? '';
    if (path === 'email') return 'email';
    if (path === 'password') return 'password';
    if (path.startsWith('data.')) return 'name';
  }
  return 'form';
}

/**
 * /setup?token=… (issue #14 item 8): the operator makes the owner account with the one-time link the
 * server printed at start (server/auth/owner-setup.ts). A used or expired link says so. On success the
 * owner is signed in and taken home.
 */
export function OwnerSetupPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [userType, setUserType] = useState<UserType>('teacher');
  const [problem, setProblem] = useState<{ field: FieldName; message: string; reasons: readonly string[] }>();

  const status = useQuery({
    queryKey: ['setup', 'owner', token],
    queryFn: () => call(api.setup.owner.$get({ query: { token } })),
    enabled: token.length > 0 && token.length <= 64,
    retry: false,
  });
  const create = useMutation({
    mutationFn: (body: OwnerSetupRequest) => call(api.setup.owner.$post({ json: body })),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      void navigate(protectedPaths.home, { replace: true });
    },
    onError: (error) => {
      const refusal = error instanceof ApiError ? error : new ApiError(0, 'network_error', String(error));
      const reasons = (refusal.details as { reasons?: string[] } | undefined)?.reasons ?? [];
      setProblem({ field: fieldOf(refusal), message: refusal.message, reasons });
      if (refusal.code === 'setup_link_invalid' || refusal.code === 'owner_exists') void status.refetch();
    },
  });

  const invalid = token.length === 0 || token.length > 64 || status.data?.valid === false;
  useDocumentTitle(invalid ? OWNER_SETUP_TEXT.invalidTitle : OWNER_SETUP_TEXT.title);
  usePageGuidance(OWNER_SETUP_GUIDANCE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    if (!name.trim()) return setProblem({ field: 'name', message: 'Please enter your name.', reasons: [] });
    if (!email.trim())
      return setProblem({ field: 'email', message: 'Please enter your e-mail.', reasons: [] });
    if (!password)
      return setProblem({ field: 'password', message: 'Please choose a password.', reasons: [] });
    setProblem(undefined);
    create.mutate({
      token,
      email: email.trim(),
      password,
      data: { display_name: name.trim(), user_type: userType },
    });
  };
  const errorFor = (field: FieldName) => (problem?.field === field ? problem.message : null);

  let body;
  if (invalid) {
    body = (
      <>
        <h1 className="login__title" tabIndex={-1}>
          {OWNER_SETUP_TEXT.invalidTitle}
        </h1>
        <p className="login__subtitle">{OWNER_SETUP_TEXT.invalidBody}</p>
        <p className="confirm__links">
          <Link href={publicPaths.login} variant="primary">
            Sign in
          </Link>
        </p>
      </>
    );
  } else if (status.isPending) {
    body = <LoadingIndicator message={OWNER_SETUP_TEXT.checking} />;
  } else {
    body = (
      <>
        <h1 className="login__title" tabIndex={-1}>
          {OWNER_SETUP_TEXT.title}
        </h1>
        <p className="login__subtitle">{OWNER_SETUP_TEXT.intro}</p>
        <form className="login__form" noValidate onSubmit={submit}>
          {problem?.field === 'form' || status.isError ? (
            <p className="login__error" role="alert">
              {problem?.field === 'form'
                ? problem.message
                : 'The server could not check this link. Try again.'}
            </p>
          ) : null}
          <TextField
            label="Your name"
            autoComplete="name"
            isRequired
            validationBehavior="aria"
            value={name}
            onChange={setName}
            errorMessage={errorFor('name')}
          />
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            isRequired
            validationBehavior="aria"
            value={email}
            onChange={setEmail}
            errorMessage={errorFor('email')}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            isRequired
            validationBehavior="aria"
            description="At least 8 characters, hard to guess."
            value={password}
            onChange={setPassword}
            errorMessage={errorFor('password')}
          />
          {problem?.reasons.length ? (
            <ul className="login__error" aria-label="Why this password was refused">
              {problem.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : null}
          <RadioGroup label="I am" value={userType} onChange={(value) => setUserType(value as UserType)}>
            <Radio value="teacher">A teacher</Radio>
            <Radio value="guardian">A parent or guardian</Radio>
            <Radio value="other">Someone else</Radio>
          </RadioGroup>
          <Button type="submit" isPending={create.isPending}>
            {OWNER_SETUP_TEXT.submit}
          </Button>
        </form>
      </>
    );
  }

  return (
    <div className="container login">
      <div className="login__card">
        <SparkyLogo size={64} />
        {body}
      </div>
    </div>
  );
}
