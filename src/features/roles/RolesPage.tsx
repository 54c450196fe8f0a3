import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  PEOPLE_QUERY_MAX_LENGTH,
  PeopleQuerySchema,
  type MeResponse,
  type Person,
} from '#core/api/account.ts';
import { changeableRoles, sortRoles, type Role } from '#core/auth/roles.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { useFocusWhenLost } from '../../lib/use-focus-when-lost.ts';
import { useChangeRole, usePeople } from './api/roles.ts';
import { rolesGuidance } from './roles.guidance.ts';
import {
  assignLabel,
  changedLine,
  failureToast,
  foundLine,
  removeLabel,
  ROLE_WORDS,
  roleWord,
  saidList,
} from './roles-text.ts';
import '../../ui/page.css';
import './roles.css';

/**
 * /role-test, 'Roles' (spec §2.2, §6, §7.5; docs/decisions/0054-roles-screen.md). Everyone signed in sees "Your
 * roles": each of their roles with its picture and what it lets them do, in plain words Sparky also says. An owner
 * or admin also gets "People and roles": a search by name or e-mail (on the server, 2 characters at least, 20 people
 * a page) and, for each person found, one button per role they may change (core/auth/roles.ts, the server's own
 * rule), named with the person ("Make Ana Lopez a teacher", "Remove teacher from Ana Lopez"). A change that fails
 * says the spec's words (§8); taking away one's own owner role asks first. After a change of one's own roles the
 * signed-in user is read again (§4.10), so the menu follows.
 */
export function RolesPage() {
  const title = screenName(protectedPaths.roleTest);
  useDocumentTitle(title);
  const me = useMe();
  const roles = me.data ? sortRoles(me.data.roles) : null;
  usePageGuidance(rolesGuidance(roles));
  if (!me.data || !roles) return <LoadingIndicator size="page" />;
  const changeable = changeableRoles(roles);
  return (
    <div className="page roles">
      <h1>{title}</h1>
      <YourRoles roles={roles} manages={changeable.length > 0} />
      {changeable.length > 0 ? <PeopleAndRoles me={me.data} changeable={changeable} /> : null}
    </div>
  );
}

/**
 * "Your roles": each role, its picture and what it lets you do. When one's own change took away the buttons that
 * had the focus (the last owner or admin role gone, and with it "People and roles"), the focus comes here.
 */
function YourRoles({ roles, manages }: { roles: readonly Role[]; manages: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenLost(heading, manages);
  return (
    <section className="page__card" aria-labelledby="your-roles-title">
      <h2 id="your-roles-title" ref={heading} tabIndex={-1}>
        Your roles
      </h2>
      {roles.length === 0 ? (
        <p>You have no role yet. Ask the person who runs Sparky Reads if you need one.</p>
      ) : (
        <ul className="roles__mine">
          {roles.map((role) => (
            <li key={role} className="roles__mine-item">
              <Icon name={ROLE_WORDS[role].icon} size={32} className="roles__mine-icon" />
              <span>
                <strong>{ROLE_WORDS[role].name}:</strong> {ROLE_WORDS[role].yours}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the search field says is wrong with `text`, or null when it may be sent. */
function queryProblem(text: string): string | null {
  const parsed = PeopleQuerySchema.shape.q.safeParse(text);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Type a name or e-mail.');
}

/** What the page says when a search failed: the server's own words when it asks to wait (429), else try again. */
function searchFailure(error: unknown): string {
  return error instanceof ApiError && error.code === 'rate_limited'
    ? error.message
    : 'The list could not be loaded. Please try again.';
}

/** "People and roles" (owners and admins): find people, then give or take the roles the actor may change. */
function PeopleAndRoles({ me, changeable }: { me: MeResponse; changeable: readonly Role[] }) {
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const people = usePeople(query);
  const problem = tried ? queryProblem(text) : null;
  // "Show more people" moves the focus to the first person it adds (by their name), so it is not lost when the
  // button goes after the last page, and a keyboard or screen reader user carries on where the new people start.
  const focusFrom = useRef<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    focusFrom.current = null;
    if (queryProblem(text)) return;
    setQuery(text.trim());
  };
  const found = people.data?.pages.flatMap((p) => p.people) ?? [];
  const count = found.length;
  const moreFailed = people.isFetchNextPageError;
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null) return;
    if (count > from) {
      listRef.current?.querySelectorAll<HTMLElement>('.roles__person-name')[from]?.focus();
      focusFrom.current = null;
    } else if (moreFailed) focusFrom.current = null;
  }, [count, moreFailed]);
  return (
    <section className="page__card" aria-labelledby="people-roles-title">
      <h2 id="people-roles-title">People and roles</h2>
      <p>
        Find a person by typing at least 2 letters of their name or e-mail. You can give and take the roles of{' '}
        {saidList(changeable.map(roleWord))}.
      </p>
      <form className="roles__search" role="search" noValidate onSubmit={onSubmit}>
        <TextField
          label="Name or e-mail"
          type="search"
          maxLength={PEOPLE_QUERY_MAX_LENGTH}
          value={text}
          onChange={(value) => setText(value)}
          validationBehavior="aria"
          errorMessage={problem}
          className="roles__search-field"
        />
        <Button type="submit" icon="user" isPending={people.isFetching && !people.isFetchingNextPage}>
          Find people
        </Button>
      </form>
      <p role="status" className="roles__count">
        {query === null || people.isPending || people.isError
          ? ''
          : foundLine(query, found.length, people.hasNextPage)}
      </p>
      {query !== null && people.isPending ? <LoadingIndicator message="Finding people..." /> : null}
      {people.isError ? (
        <p role="alert" className="roles__error">
          {searchFailure(people.error)}
        </p>
      ) : null}
      {found.length > 0 ? (
        <ul className="roles__people" aria-label="People found" ref={listRef}>
          {found.map((person) => (
            <PersonCard key={person.id} person={person} me={me} changeable={changeable} />
          ))}
        </ul>
      ) : null}
      {people.hasNextPage ? (
        <Button
          variant="secondary"
          icon="chevronDown"
          isPending={people.isFetchingNextPage}
          onPress={() => {
            focusFrom.current = count;
            void people.fetchNextPage();
          }}
        >
          Show more people
        </Button>
      ) : null}
    </section>
  );
}

/**
 * One person found: name, e-mail, roles in words and pictures, and a button for each role the actor may change.
 * Each role keeps its button as it flips between "Make … a teacher" and "Remove teacher from …", so focus stays on
 * the button just pressed.
 */
function PersonCard({
  person,
  me,
  changeable,
}: {
  person: Person;
  me: MeResponse;
  changeable: readonly Role[];
}) {
  const headingId = useId();
  // One's own owner role taken away removes its button, which had the focus: the focus goes to the person's name.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusWhenLost(heading, changeable.length);
  const change = useChangeRole(me.user.id);
  // Taking away one's own owner role asks first: it cannot be undone without another owner.
  const [confirming, setConfirming] = useState(false);
  const isSelf = person.id === me.user.id;
  const name = isSelf ? `${person.name} (you)` : person.name;

  const send = (action: 'assign' | 'remove', role: Role) =>
    change.mutate(
      { action, userId: person.id, role },
      {
        onSuccess: () => {
          setConfirming(false);
          showToast({
            title: action === 'assign' ? 'Role given' : 'Role removed',
            description: changedLine(person.name, { action, role }),
            variant: 'default',
          });
        },
        onError: (error) => {
          setConfirming(false);
          showToast({ ...failureToast(person.name, { action, role }, error), variant: 'destructive' });
        },
      },
    );

  return (
    <li className="roles__person" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} className="roles__person-name" tabIndex={-1}>
        {name}
      </h3>
      <p className="roles__email">{person.email}</p>
      <p className="roles__held">
        {person.roles.length === 0 ? (
          'No roles yet.'
        ) : (
          <>
            <span className="visually-hidden">Roles: </span>
            {person.roles.map((role) => (
              <span key={role} className="roles__badge">
                <Icon name={ROLE_WORDS[role].icon} size={18} />
                {ROLE_WORDS[role].name}
              </span>
            ))}
          </>
        )}
      </p>
      <div className="roles__controls">
        {changeable.map((role) => {
          const has = person.roles.includes(role);
          const pending = change.isPending && change.variables?.role === role;
          return (
            <Button
              key={role}
              variant={has ? 'secondary' : 'primary'}
              icon={has ? 'minus' : 'plus'}
              isPending={pending}
              onPress={() => {
                if (has && isSelf && role === 'owner') setConfirming(true);
                else send(has ? 'remove' : 'assign', role);
              }}
            >
              {has ? removeLabel(person.name, role) : assignLabel(person.name, role)}
            </Button>
          );
        })}
      </div>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title="Stop being an owner?"
        description={
          <p>
            You will no longer be able to give or take the owner and admin roles. Only another owner can make
            you an owner again.
          </p>
        }
        confirmLabel="Remove my owner role"
        isPending={change.isPending}
        onConfirm={() => send('remove', 'owner')}
      />
    </li>
  );
}
