import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { CLASS_CODE_LENGTH, ClassCodeSchema, groupedClassCode, type JoinedClass } from '#core/api/classes.ts';
import { useVoiceCommands } from '#voice/use-voice-commands.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import {
  isNotAReader,
  useClassroom,
  useJoinClass,
  useLeaveClass,
  useMyAssignments,
  usePreviewClass,
} from '../../lib/api/classroom.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useMe } from '../../lib/api/me.ts';
import { GRADE_OPTIONS } from '../../lib/api/profile-options.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import {
  alreadyInLine,
  classAndTeacher,
  classroomGuidance,
  CODE_FORMAT_TEXT,
  joinedLine,
  joinRefusalText,
  NOT_THIS_ONE_LINE,
  previewQuestion,
  SIX_NUMBERS_LINE,
  type ClassroomViewer,
} from './classroom.guidance.ts';
import { AssignmentList } from './AssignmentList.tsx';
import { CLASSROOM_ACTIONS, classroomQuestionVoiceCommands } from './classroom.voice-commands.ts';
import { NumberPad } from './NumberPad.tsx';
import '../../ui/page.css';
import './classroom.css';

/** The digits of what is in the code field (spaces, dashes and anything else left out). */
function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

/** "2nd grade", or null for a class without one. */
function gradeLabel(grade: string | null): string | null {
  if (!grade) return null;
  return GRADE_OPTIONS.find((o) => o.id === grade)?.label ?? grade;
}

/**
 * Moves focus to one of `targets` once it is drawn: the returned function asks for it, and the element gets focus
 * after the render that draws it (a request is a new object each time, so the same place can be asked for twice).
 */
function useFocusRequests<K extends string>(targets: Record<K, RefObject<HTMLElement | null>>) {
  const [request, setRequest] = useState<{ on: K } | null>(null);
  const latest = useRef(targets);
  useEffect(() => {
    latest.current = targets;
  });
  useEffect(() => {
    if (request) latest.current[request.on].current?.focus();
  }, [request]);
  return (on: K) => setRequest({ on });
}

/** A class the reader is in, and "Leave {class}". */
function ClassItem({ joined, onLeave }: { joined: JoinedClass; onLeave: () => void }) {
  const grade = gradeLabel(joined.grade);
  return (
    <li className="classroom__class">
      <div>
        <p className="classroom__class-name">
          <bdi>{joined.name}</bdi>
        </p>
        <p>
          {grade ? <>{grade}. </> : null}
          Teacher: <bdi>{joined.teacherName || 'not named'}</bdi>
        </p>
      </div>
      <Button variant="secondary" icon="close" onPress={onLeave}>
        Leave {joined.name}
      </Button>
    </li>
  );
}

/**
 * "This is Room 4, Ms Rivera's class. Join it?", with "Join the class" and "Not this one", pressed or said ("yes"
 * and "no" too: classroom.voice-commands.ts). Only "Join the class" joins.
 */
function JoinQuestion({
  joined,
  isPending,
  onJoin,
  onNotThisOne,
  questionRef,
}: {
  joined: JoinedClass;
  isPending: boolean;
  onJoin: () => void;
  onNotThisOne: () => void;
  questionRef: RefObject<HTMLHeadingElement | null>;
}) {
  useVoiceCommands(
    classroomQuestionVoiceCommands(),
    (target) => {
      if (target === CLASSROOM_ACTIONS.join) onJoin();
      else if (target === CLASSROOM_ACTIONS.notThisOne) onNotThisOne();
    },
    { answering: true },
  );
  const grade = gradeLabel(joined.grade);
  return (
    <section className="page__card classroom__preview" aria-labelledby="classroom-preview-title">
      <h2 id="classroom-preview-title" ref={questionRef} tabIndex={-1}>
        This is <bdi>{classAndTeacher(joined)}</bdi>. Join it?
      </h2>
      {grade ? <p>{grade}</p> : null}
      <p>Your teacher will see your reading: the stories you read and your scores.</p>
      <div className="classroom__choices">
        <Button icon="check" isPending={isPending} onPress={onJoin}>
          Join the class
        </Button>
        <Button variant="secondary" icon="close" onPress={onNotThisOne}>
          Not this one
        </Button>
      </div>
    </section>
  );
}

/**
 * The reader joins a class with its 6-digit code (ADR 0046), in two steps so that a typo never joins a wrong
 * class: the code, typed in the field or pressed (or said) on the number pad; then the class and its teacher,
 * shown and said, and "Join the class" or "Not this one". The look-up starts by itself when the 6th digit is in;
 * every look-up and join is one of the reader's tries (10 in 15 minutes), so a code refused is not looked up again
 * by itself, and nothing is sent while an answer is awaited.
 */
function JoinClass({ onJoined }: { onJoined: (joined: JoinedClass) => void }) {
  const audio = useAudioQueue();
  const previewClass = usePreviewClass();
  const joinClass = useJoinClass();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [preview, setPreview] = useState<{ code: string; joined: JoinedClass } | null>(null);
  // A request on its way: set at once (isPending comes a render later), so a second press sends nothing.
  const inFlight = useRef(false);
  // A code refused as unknown, and why: entered again, it is refused here without spending another try.
  const refusedCode = useRef<{ code: string; line: string } | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const questionRef = useRef<HTMLHeadingElement>(null);
  const focus = useFocusRequests({ field: fieldRef, question: questionRef });
  const digits = digitsOf(text);
  const busy = previewClass.isPending || joinClass.isPending;

  const say = (line: string) => audio.speak({ text: line, type: 'sparky' });

  const refuse = (code: string, failure: unknown) => {
    const line = joinRefusalText(failure);
    refusedCode.current =
      failure instanceof ApiError && failure.code === 'class_code_invalid' ? { code, line } : null;
    setError(line);
    say(line);
    focus('field');
  };

  const lookUp = (code: string) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setError(null);
    setNotice('');
    previewClass.mutate(
      { code },
      {
        onSuccess: ({ class: joined }) => {
          if (joined.joinedAt) {
            // Nothing to join: the reader is in it already.
            const line = alreadyInLine(joined);
            setText('');
            setNotice(line);
            say(line);
            return;
          }
          setPreview({ code, joined });
          say(previewQuestion(joined));
          focus('question');
        },
        onError: (failure) => refuse(code, failure),
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  /**
   * The code field or the pad changed what is entered: looked up as soon as it is a whole code, unless it is the
   * code just refused as unknown, which is refused again here (press "Find my class" to send it all the same).
   */
  const change = (next: string) => {
    if (inFlight.current) return;
    setText(next);
    setError(null);
    setNotice('');
    const parsed = ClassCodeSchema.safeParse(next);
    if (!parsed.success) return;
    const refused = refusedCode.current;
    if (refused?.code === parsed.data) {
      setError(refused.line);
      say(refused.line);
      return;
    }
    lookUp(parsed.data);
  };

  const onDigit = (digit: string) => {
    if (inFlight.current) return;
    if (digits.length >= CLASS_CODE_LENGTH) {
      setNotice(SIX_NUMBERS_LINE);
      say(SIX_NUMBERS_LINE);
      return;
    }
    change(groupedClassCode(digits + digit));
  };

  const onBack = () => {
    if (inFlight.current) return;
    change(groupedClassCode(digits.slice(0, -1)));
  };

  /** "Find my class" (or Enter in the field): looks the code up, even one tried before (a try again). */
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (inFlight.current) return;
    const parsed = ClassCodeSchema.safeParse(text);
    if (!parsed.success) {
      setError(CODE_FORMAT_TEXT);
      say(CODE_FORMAT_TEXT);
      focus('field');
      return;
    }
    lookUp(parsed.data);
  };

  const onJoin = () => {
    if (!preview || inFlight.current) return;
    inFlight.current = true;
    joinClass.mutate(
      { code: preview.code },
      {
        onSuccess: ({ class: joined }) => {
          setPreview(null);
          setText('');
          onJoined(joined);
        },
        onError: (failure) => {
          setPreview(null);
          refuse(preview.code, failure);
        },
        onSettled: () => {
          inFlight.current = false;
        },
      },
    );
  };

  const onNotThisOne = () => {
    if (inFlight.current) return;
    setPreview(null);
    setNotice(NOT_THIS_ONE_LINE);
    say(NOT_THIS_ONE_LINE);
    focus('field');
  };

  if (preview) {
    return (
      <JoinQuestion
        joined={preview.joined}
        isPending={joinClass.isPending}
        onJoin={onJoin}
        onNotThisOne={onNotThisOne}
        questionRef={questionRef}
      />
    );
  }

  return (
    <form
      className="page__card page__form classroom__join"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="classroom-join-title"
    >
      <h2 id="classroom-join-title">Join a class</h2>
      <p>Your teacher writes a code of 6 numbers on the board. Type the numbers, or press them.</p>
      <p id="classroom-code-error" role="alert" className="classroom__error">
        {error}
      </p>
      <p role="status" className="classroom__notice">
        {notice}
      </p>
      <TextField
        label="Class code"
        value={text}
        onChange={change}
        inputRef={fieldRef}
        isReadOnly={busy}
        isInvalid={error !== null}
        aria-describedby={error ? 'classroom-code-error' : undefined}
        autoComplete="off"
        inputMode="numeric"
        spellCheck="false"
        autoCorrect="off"
        description="6 numbers, like 482 913. Spaces are fine."
        className="classroom__field"
      />
      <NumberPad digits={digits} onDigit={onDigit} onBack={onBack} />
      <div className="page__form-row">
        <Button type="submit" icon="school" isPending={previewClass.isPending}>
          Find my class
        </Button>
      </div>
    </form>
  );
}

/** What the page says to someone who is not a reader: what it is for, and where their own class pages are. */
function NotAReader({ title, userType }: { title: string; userType: string | undefined }) {
  return (
    <div className="page">
      <h1>{title}</h1>
      <p className="page__lead">
        My Classroom is for readers. A reader joins a class here with their teacher's code.
      </p>
      <section className="page__card">
        {userType === 'teacher' ? (
          <p>
            Make a class and its code on{' '}
            <Link href={protectedPaths.classManagement}>{screenName(protectedPaths.classManagement)}</Link>,
            and write the code on the board for your readers.
          </p>
        ) : userType === 'guardian' ? (
          <p>
            Your child joins their class on their own account. You can follow their reading on{' '}
            <Link href={protectedPaths.reports}>{screenName(protectedPaths.reports)}</Link>.
          </p>
        ) : (
          <p>
            Your own things are on the{' '}
            <Link href={protectedPaths.home}>{screenName(protectedPaths.home)}</Link>.
          </p>
        )}
      </section>
    </div>
  );
}

/**
 * /student-classroom, 'My Classroom' (spec §2.2, the student menu; docs/decisions/0046-classes.md): what the
 * reader's teachers asked them to read, once they are in a class (AssignmentList.tsx; ADR 0047); the reader's
 * classes (name, grade, teacher), each with "Leave {class}" behind a confirmation and the advice to leave a class
 * whose teacher they do not know; and joining a class with the code the teacher wrote on the board. Anyone who is
 * not a reader (by their profile, or the server's 403 `not_a_reader`) is told what the page is for.
 */
export function StudentClassroomPage() {
  const title = screenName(protectedPaths.studentClassroom);
  useDocumentTitle(title);
  const audio = useAudioQueue();
  const me = useMe();
  const userType = me.data?.profile?.user_type;
  const isReaderProfile = userType === 'student' || userType === 'other';
  const classroom = useClassroom({ enabled: isReaderProfile });
  // Asked for with the classes, not after them: a reader in no class gets an empty list.
  const assignments = useMyAssignments({ enabled: isReaderProfile });
  const leaveClass = useLeaveClass();
  const [leaving, setLeaving] = useState<JoinedClass | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const classesRef = useRef<HTMLHeadingElement>(null);
  const focus = useFocusRequests({ title: titleRef, classes: classesRef });
  const refused = isNotAReader(classroom.error);
  const viewer: ClassroomViewer | null = !me.data
    ? null
    : isReaderProfile && !refused
      ? 'reader'
      : 'not-reader';
  // Unknown while loading, and while a copy cached before this visit (back from Reading Practice) is fetched again:
  // Sparky would say the old count, then start again with the new one.
  const toRead =
    assignments.isPending || (assignments.isFetching && !assignments.isFetchedAfterMount)
      ? null
      : (assignments.data?.assignments.filter((a) => !a.done).length ?? 0);
  usePageGuidance(classroomGuidance(viewer, classroom.data?.classes.length, classroom.isError, toRead));

  if (me.isError && !me.data) {
    return (
      <div className="page">
        <h1>{title}</h1>
        <p role="alert">We could not load your account right now. Please reload the page.</p>
      </div>
    );
  }
  if (!me.data) return <LoadingIndicator size="page" />;
  if (viewer === 'not-reader') return <NotAReader title={title} userType={userType} />;

  const onJoined = (joined: JoinedClass) => {
    const line = joinedLine(joined);
    // Silent: Sparky says the line himself, once.
    showToast({ title: 'Class joined', description: line, variant: 'default', silent: true });
    audio.speak({ text: line, type: 'sparky' });
    focus('classes');
  };

  const onLeave = () => {
    if (!leaving || leaveClass.isPending) return;
    const gone = leaving;
    leaveClass.mutate(gone.id, {
      onSuccess: () => {
        setLeaving(null);
        showToast({
          title: `You left ${gone.name}`,
          description: 'Your teacher no longer sees your reading.',
          variant: 'default',
        });
        focus('title');
      },
      onError: (failure) => {
        setLeaving(null);
        if (failure instanceof ApiError && failure.code === 'not_found') {
          // Left already (the teacher removed the reader, or the class was deleted): the list is refreshed.
          focus('title');
          return;
        }
        showToast({
          title: 'Could not leave the class',
          description: 'Something went wrong. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  const classes = classroom.data?.classes ?? [];
  return (
    <div className="page classroom">
      <h1 ref={titleRef} tabIndex={-1}>
        {title}
      </h1>
      <p className="page__lead">Join your class with the code your teacher gives you.</p>
      {classes.length > 0 ? (
        <AssignmentList
          assignments={assignments.data?.assignments}
          isError={assignments.isError && !assignments.data}
        />
      ) : null}
      <section className="page__card" aria-labelledby="classroom-classes-title">
        <h2 id="classroom-classes-title" ref={classesRef} tabIndex={-1}>
          Your classes
        </h2>
        {classroom.isError ? (
          <p role="alert">We could not load your classes right now. Please try again later.</p>
        ) : !classroom.data ? (
          <LoadingIndicator message="Loading your classes…" />
        ) : classes.length === 0 ? (
          <p>You are not in a class yet.</p>
        ) : (
          <>
            <ul className="classroom__classes" aria-labelledby="classroom-classes-title">
              {classes.map((joined) => (
                <ClassItem key={joined.id} joined={joined} onLeave={() => setLeaving(joined)} />
              ))}
            </ul>
            <p>
              Your teacher sees your reading: the stories you read and your scores. If you do not know this
              teacher, leave the class.
            </p>
          </>
        )}
      </section>
      <JoinClass onJoined={onJoined} />
      <ConfirmDialog
        isOpen={leaving !== null}
        onOpenChange={(open) => (open ? undefined : setLeaving(null))}
        title={leaving ? `Leave ${leaving.name}?` : 'Leave the class?'}
        description={
          <p>
            {leaving?.teacherName || 'The teacher'} will no longer see your reading. You can join again with a
            code from your teacher.
          </p>
        }
        confirmLabel="Leave the class"
        isPending={leaveClass.isPending}
        onConfirm={onLeave}
      />
    </div>
  );
}
