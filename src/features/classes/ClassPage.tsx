import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  CLASS_CODE_TTL_DAYS,
  CLASS_NAME_MAX_CHARS,
  groupedClassCode,
  UpdateClassRequestSchema,
  type ClassDetail,
  type ClassSummary,
} from '#core/api/classes.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths, protectedPatterns } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import {
  isNotATeacher,
  isNotFound,
  useClassDetail,
  useDeleteClass,
  useMakeClassCode,
  useRemovePupil,
  useTurnOffClassCode,
  useUpdateClass,
} from '../../lib/api/classes.ts';
import { gradeLabel } from '../../lib/api/profile-options.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import {
  CLASS_GRADE_OPTIONS,
  classActionFailure,
  classFormRefusal,
  classSize,
  codeExpiry,
  gradeOfChoice,
  NO_GRADE,
  spelledClassCode,
  type ClassFormErrors,
} from './class-text.ts';
import {
  CLASS_NOT_FOUND_GUIDANCE,
  classGuidance,
  codeLine,
  NOT_A_TEACHER_GUIDANCE,
} from './classes.guidance.ts';
import { PupilTable, type PupilRow } from './PupilTable.tsx';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';

/** Focus to `target` after a dialog closed: react-aria puts focus back where the dialog was opened a frame later. */
function useFocusAfterDialog(target: RefObject<HTMLElement | null>) {
  const [times, setTimes] = useState(0);
  useEffect(() => {
    if (times === 0) return;
    let second = 0;
    const first = requestAnimationFrame(() => {
      second = requestAnimationFrame(() => target.current?.focus());
    });
    return () => {
      cancelAnimationFrame(first);
      cancelAnimationFrame(second);
    };
  }, [times, target]);
  return () => setTimes((n) => n + 1);
}

/** What the teacher is told when a change finds the class gone (deleted in another tab): 404 `not_found`. */
export const CLASS_GONE_LINE = 'This class was deleted.';

/**
 * After a change on the class page found the class gone (404): say so, and go to Class Management, where the
 * teacher's classes are (the mutation dropped the class's query and refreshed the list).
 */
function useClassGone() {
  const navigate = useNavigate();
  return () => {
    showToast({ title: 'Class not found', description: CLASS_GONE_LINE, variant: 'default' });
    void navigate(protectedPaths.classManagement);
  };
}

/**
 * The question before the class's code stops working: "Make a new code? 482 913 stops working.", "Turn joining
 * off? 482 913 stops working." (just the question if the code went meanwhile).
 */
export function codeStopsQuestion(act: 'new-code' | 'turn-off', code: string | null): string {
  const question = act === 'new-code' ? 'Make a new code?' : 'Turn joining off?';
  return code ? `${question} ${groupedClassCode(code)} stops working.` : question;
}

/**
 * The class's code: big, in two groups of three, spelled a digit at a time for a screen reader, with when it
 * stops; "Make a new code" (or "Make a class code" when joining is off), "Turn joining off", "Hear the code".
 * Making a new code and turning joining off stop the code on the board: each asks first ("Make a new code?
 * 482 913 stops working."), with Cancel focused. A class found gone goes to Class Management.
 */
function ClassCode({ summary, onClassGone }: { summary: ClassSummary; onClassGone: () => void }) {
  const audio = useAudioQueue();
  const makeCode = useMakeClassCode();
  const turnOff = useTurnOffClassCode();
  const codeRef = useRef<HTMLParagraphElement>(null);
  const makeRef = useRef<HTMLButtonElement>(null);
  // The new code is what the teacher came for: focus goes to it, so a screen reader says it.
  const focusCode = useFocusAfterDialog(codeRef);
  // "Turn joining off" is gone with the code: focus goes to the button that makes one.
  const focusMake = useFocusAfterDialog(makeRef);
  // Always mounted, so what is put in it is announced.
  const [announcement, setAnnouncement] = useState('');
  // Which question is open: a new code, or joining off (both stop the code on the board).
  const [asking, setAsking] = useState<'new-code' | 'turn-off' | null>(null);
  const code = summary.code;

  const make = () =>
    makeCode.mutate(summary.id, {
      onSuccess: () => {
        setAsking(null);
        setAnnouncement('New class code made.');
        focusCode();
      },
      onError: (error) => {
        setAsking(null);
        if (isNotFound(error)) return onClassGone();
        showToast({
          title: 'No code this time',
          description: classActionFailure(error),
          variant: 'destructive',
        });
      },
    });
  const turnJoiningOff = () =>
    turnOff.mutate(summary.id, {
      onSuccess: () => {
        setAsking(null);
        setAnnouncement('Joining is off. The code no longer works.');
        focusMake();
      },
      onError: (error) => {
        setAsking(null);
        if (isNotFound(error)) return onClassGone();
        showToast({
          title: 'Joining is still on',
          description: classActionFailure(error),
          variant: 'destructive',
        });
      },
    });
  // With no code there is nothing to stop: the code is made at once.
  const onMake = () => (code ? setAsking('new-code') : make());

  return (
    <section className="page__card" aria-labelledby="class-code-title">
      <h2 id="class-code-title">Class code</h2>
      {code ? (
        <div className="classes__code-box">
          <p className="classes__code" ref={codeRef} tabIndex={-1}>
            <span aria-hidden="true">{groupedClassCode(code.code)}</span>
            <span className="visually-hidden">Class code: {spelledClassCode(code.code)}</span>
          </p>
          <p>
            Write it on the board. Readers type it on My Classroom to join. It works until{' '}
            {codeExpiry(code.expiresAt)}.
          </p>
        </div>
      ) : (
        <p>
          Joining is off: no code works for this class. Make a code so readers can join; it works for{' '}
          {CLASS_CODE_TTL_DAYS} days.
        </p>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div className="classes__actions">
        <Button ref={makeRef} icon="plus" onPress={onMake} isPending={makeCode.isPending}>
          {code ? 'Make a new code' : 'Make a class code'}
        </Button>
        {code ? (
          <>
            <Button variant="secondary" onPress={() => setAsking('turn-off')} isPending={turnOff.isPending}>
              Turn joining off
            </Button>
            <Button
              variant="secondary"
              icon="speaker"
              onPress={() => audio.speak({ text: codeLine(spelledClassCode(code.code)), type: 'sparky' })}
            >
              Hear the code
            </Button>
          </>
        ) : null}
      </div>
      {code ? <p>A new code stops the old one.</p> : null}
      <ConfirmDialog
        isOpen={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={codeStopsQuestion(asking ?? 'new-code', code?.code ?? null)}
        description={
          <p>
            {code ? `The code ${spelledClassCode(code.code)} stops working. ` : ''}
            {asking === 'turn-off'
              ? 'No reader can join until you make a new code.'
              : 'Readers who have not joined yet need the new code.'}{' '}
            Readers already in the class stay.
          </p>
        }
        confirmLabel={asking === 'turn-off' ? 'Turn joining off' : 'Make a new code'}
        isPending={asking === 'turn-off' ? turnOff.isPending : makeCode.isPending}
        onConfirm={asking === 'turn-off' ? turnJoiningOff : make}
      />
    </section>
  );
}

/**
 * The class's readers, each with "Remove {name}" after a question; focus goes to the heading after a removal. A
 * reader who already left (404) is said plainly, and the roster is asked for again so their row goes.
 */
function Roster({ detail }: { detail: ClassDetail }) {
  const remove = useRemovePupil();
  // The reader being asked about, with their name in the table ("Mia (2nd grade)" beside another Mia).
  const [removing, setRemoving] = useState<{ pupil: PupilRow; name: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusHeading = useFocusAfterDialog(headingRef);
  const { class: summary, pupils } = detail;
  return (
    <section className="page__card" aria-labelledby="roster-title">
      <h2 id="roster-title" ref={headingRef} tabIndex={-1}>
        Readers
      </h2>
      <p>{classSize(summary)}</p>
      {pupils.length === 0 ? (
        <p>No reader has joined yet. Give readers the class code: they type it on My Classroom.</p>
      ) : (
        <PupilTable
          pupils={pupils}
          caption={`Readers in ${summary.name}`}
          onRemove={(pupil, name) => setRemoving({ pupil, name })}
        />
      )}
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={removing ? `Remove ${removing.name} from ${summary.name}?` : 'Remove the reader?'}
        description={
          <p>
            They leave the class, and you no longer see their reading unless they are in another of your
            classes. Their readings stay theirs, and they can join again with a code.
          </p>
        }
        confirmLabel="Remove"
        isPending={remove.isPending}
        onConfirm={() => {
          if (!removing) return;
          const { name } = removing;
          remove.mutate(
            { classId: summary.id, studentId: removing.pupil.userId },
            {
              onSuccess: () => {
                setRemoving(null);
                focusHeading();
                showToast({
                  title: 'Reader removed',
                  description: `${name} is no longer in ${summary.name}.`,
                  variant: 'default',
                });
              },
              onError: (error) => {
                setRemoving(null);
                if (isNotFound(error)) {
                  // They left from their side (or the class is gone): the roster was asked for again.
                  focusHeading();
                  showToast({
                    title: 'Already gone',
                    description: `${name} is no longer in ${summary.name}.`,
                    variant: 'default',
                  });
                  return;
                }
                showToast({
                  title: 'Could not remove the reader',
                  description: classActionFailure(error),
                  variant: 'destructive',
                });
              },
            },
          );
        }}
      />
    </section>
  );
}

/**
 * Rename the class or change its grade; delete it after a question, then go to Class Management. A class found
 * gone (deleted in another tab) goes to Class Management too.
 */
function ClassSettings({ summary, onClassGone }: { summary: ClassSummary; onClassGone: () => void }) {
  const audio = useAudioQueue();
  const navigate = useNavigate();
  const update = useUpdateClass();
  const remove = useDeleteClass();
  const [name, setName] = useState(summary.name);
  const [grade, setGrade] = useState(summary.grade ?? NO_GRADE);
  const [errors, setErrors] = useState<ClassFormErrors>({});
  const [deleting, setDeleting] = useState(false);
  const nameRef = useRef<HTMLInputElement>(null);

  const refuse = (found: ClassFormErrors) => {
    setErrors(found);
    const first = found.name ?? found.form;
    if (first) audio.speak({ text: first, type: 'sparky' });
    if (found.name) nameRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const checked = UpdateClassRequestSchema.safeParse({ name, grade: gradeOfChoice(grade) });
    if (!checked.success) {
      const issue = checked.error.issues.find((i) => i.path[0] === 'name') ?? checked.error.issues[0];
      refuse({ name: issue?.message ?? 'Give the class a name.' });
      return;
    }
    setErrors({});
    update.mutate(
      { classId: summary.id, ...checked.data },
      {
        onSuccess: ({ class: saved }) => {
          setName(saved.name);
          showToast({ title: 'Class saved', description: `The class is ${saved.name}.`, variant: 'default' });
        },
        onError: (error) => (isNotFound(error) ? onClassGone() : refuse(classFormRefusal(error))),
      },
    );
  };

  return (
    <section className="page__card" aria-labelledby="class-settings-title">
      <h2 id="class-settings-title">Rename or delete</h2>
      <form className="page__form" noValidate onSubmit={onSubmit} aria-label="Rename the class">
        <TextField
          inputRef={nameRef}
          label="Class name"
          description={`At most ${CLASS_NAME_MAX_CHARS} characters.`}
          value={name}
          onChange={(value) => {
            setName(value);
            if (errors.name) setErrors({});
          }}
          errorMessage={errors.name}
          autoComplete="off"
        />
        <Select label="Grade" isOptional options={CLASS_GRADE_OPTIONS} value={grade} onChange={setGrade} />
        {errors.form ? (
          <p className="classes__error" role="alert">
            {errors.form}
          </p>
        ) : null}
        <div className="page__form-row">
          <Button type="submit" icon="check" isPending={update.isPending}>
            Save changes
          </Button>
          <Button variant="secondary" onPress={() => setDeleting(true)}>
            Delete the class
          </Button>
        </div>
      </form>
      <ConfirmDialog
        isOpen={deleting}
        onOpenChange={setDeleting}
        title={`Delete ${summary.name}?`}
        description={
          <p>
            Its readers leave the class and its code stops working. Their readings stay theirs. This cannot be
            undone.
          </p>
        }
        confirmLabel="Delete the class"
        isPending={remove.isPending}
        onConfirm={() =>
          remove.mutate(summary.id, {
            onSuccess: () => {
              showToast({
                title: 'Class deleted',
                description: `${summary.name} is deleted.`,
                variant: 'default',
              });
              void navigate(protectedPaths.classManagement);
            },
            onError: (error) => {
              setDeleting(false);
              if (isNotFound(error)) return onClassGone();
              showToast({
                title: 'Could not delete the class',
                description: classActionFailure(error),
                variant: 'destructive',
              });
            },
          })
        }
      />
    </section>
  );
}

/**
 * /class/:classId, 'Class' (spec §2.2; docs/decisions/0046-classes.md): one of the teacher's classes. Its code,
 * big and spelled for a screen reader, to write on the board, with a new code or joining turned off; its readers
 * with their figures, each a link to Student Progress and removable after a question; renaming and deleting the
 * class. A class that is not the teacher's (or was deleted) says so.
 */
export function ClassPage() {
  const { classId = '' } = useParams();
  const screen = screenName(protectedPatterns.class);
  const viewer = useViewer();
  const onClassGone = useClassGone();
  const detail = useClassDetail(classId, { enabled: viewer === 'teacher' && classId !== '' });
  const refused = isNotATeacher(detail.error);
  const missing = classId === '' || isNotFound(detail.error);
  const summary = detail.data?.class;
  useDocumentTitle(summary ? `${summary.name} · ${screen}` : screen);
  let guidance: PageGuidance | null = null;
  if (viewer === 'not-teacher' || refused) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (missing) guidance = CLASS_NOT_FOUND_GUIDANCE;
  else if (summary) guidance = classGuidance(summary.code !== null);
  usePageGuidance(guidance);

  if (viewer === 'error') return <AccountError title={screen} />;
  if (viewer === 'not-teacher' || refused) return <NotATeacher title={screen} />;
  if (missing)
    return (
      <div className="page">
        <h1>{screen}</h1>
        <p role="alert">This class is not one of yours, or it was deleted.</p>
        <p>
          <Link href={protectedPaths.classManagement} variant="secondary">
            {screenName(protectedPaths.classManagement)}
          </Link>
        </p>
      </div>
    );
  if (detail.isError)
    return (
      <div className="page">
        <h1>{screen}</h1>
        <p role="alert">We could not load this class right now. Please try again later.</p>
      </div>
    );
  if (!detail.data || !summary) return <LoadingIndicator size="page" message="Loading the class…" />;

  const grade = gradeLabel(summary.grade);
  return (
    <div className="page classes-page">
      <h1>
        <bdi>{summary.name}</bdi>
      </h1>
      <p className="page__lead">
        {grade ? `${grade}. ` : ''}
        {classSize(summary)}.
      </p>
      <p>
        <Link
          href={`${protectedPaths.createAssignment}?class=${encodeURIComponent(summary.id)}`}
          variant="secondary"
        >
          Set an assignment
        </Link>
      </p>
      <ClassCode summary={summary} onClassGone={onClassGone} />
      <Roster detail={detail.data} />
      <ClassSettings key={summary.id} summary={summary} onClassGone={onClassGone} />
      <p>
        <Link href={protectedPaths.classManagement}>All your classes</Link>
      </p>
    </div>
  );
}
