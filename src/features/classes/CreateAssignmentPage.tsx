import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ASSIGNMENT_DUE_MAX_DAYS,
  ASSIGNMENT_NOTE_MAX_CHARS,
  AssignmentNoteSchema,
  CalendarDaySchema,
  MAX_ASSIGNMENTS_PER_CLASS,
  type AssignmentSummary,
} from '#core/api/assignments.ts';
import { STORY_GRADE_BANDS, type StoryGradeBand, type StorySummary } from '#core/api/stories.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { useCreateAssignment } from '../../lib/api/assignments.ts';
import { isNotATeacher, useClasses } from '../../lib/api/classes.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useLibrary } from '../../lib/api/stories.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Link } from '../../ui/Link.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Radio, RadioGroup } from '../../ui/RadioGroup.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { distinctNames } from './class-text.ts';
import { assignmentResultsPath, dueDayText, localDay } from './assignment-links.ts';
import {
  assignmentSetLine,
  CREATE_ASSIGNMENT_GUIDANCE,
  CREATE_ASSIGNMENT_NO_CLASS_GUIDANCE,
  NOT_A_TEACHER_GUIDANCE,
} from './classes.guidance.ts';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';

/** `/create-assignment?class={id}`: Create Assignment with the class chosen (the link on a class's page). */
export function createAssignmentPath(classId: string): string {
  return `${protectedPaths.createAssignment}?class=${encodeURIComponent(classId)}`;
}

/** "Kindergarten", "Grade 2": a library grade band; "Any grade" for none. */
export function gradeBandText(band: string | null): string {
  if (!band) return 'Any grade';
  return band === 'K' ? 'Kindergarten' : `Grade ${band}`;
}

/**
 * A story's level, Lexile and length: "Grade 2 · 310L · 240 words" on screen, or "Grade 2, Lexile 310L, 240 words"
 * to be read out (`spoken`).
 */
export function storyFacts(
  story: Pick<StorySummary, 'gradeBand' | 'lexile' | 'wordCount'>,
  spoken = false,
): string {
  const lexile = story.lexile === null ? 'Lexile not measured' : `${spoken ? 'Lexile ' : ''}${story.lexile}L`;
  return [gradeBandText(story.gradeBand), lexile, `${story.wordCount} words`].join(spoken ? ', ' : ' · ');
}

/**
 * The due day a link asked for (`?dueOn=YYYY-MM-DD`, from Class Calendar): the day when it is one that may be set
 * (from `today` to `furthest`), else '' (the field stays empty, as with no link).
 */
export function dueDayOfLink(
  asked: string | null,
  today = localDay(),
  furthest = localDay(ASSIGNMENT_DUE_MAX_DAYS),
): string {
  if (!asked || !CalendarDaySchema.safeParse(asked).success) return '';
  return asked >= today && asked <= furthest ? asked : '';
}

/** The level choice that follows the chosen class's grade, until the teacher picks a level. */
const ALL_LEVELS = 'all';

/** The level filter's choices: every level, then the library's grade bands. */
const LEVEL_CHOICES = [
  { id: ALL_LEVELS, label: 'All levels' },
  ...STORY_GRADE_BANDS.map((band) => ({ id: band, label: gradeBandText(band) })),
];

/** A library grade band, or undefined for "All levels" or a grade the library has none of (Pre-K, 6th …). */
function bandOf(value: string | null | undefined): StoryGradeBand | undefined {
  return (STORY_GRADE_BANDS as readonly string[]).includes(value ?? '')
    ? (value as StoryGradeBand)
    : undefined;
}

/** The fields of the form, in order: the first refused one gets focus. */
type AssignmentField = 'classId' | 'storyId' | 'note' | 'dueOn';

/** Refusals of the form: on a field, or on the whole form. */
export type AssignmentFormErrors = Partial<Record<AssignmentField | 'form', string>>;

const FIELD_ORDER: readonly AssignmentField[] = ['classId', 'storyId', 'note', 'dueOn'];

/** A due day the browser could not read (half typed, or a day that does not exist): its value is '' then. */
const UNREADABLE_DAY = 'Use a day like 2026-12-04.';

/** What a teacher is told when the server refuses an assignment, on the field it is about. */
export function assignmentFormRefusal(error: unknown): AssignmentFormErrors {
  if (!(error instanceof ApiError)) return { form: 'Something went wrong. Please try again.' };
  switch (error.code) {
    case 'too_many_assignments':
      return {
        classId: `This class has ${MAX_ASSIGNMENTS_PER_CLASS} assignments, the most it can have. Delete one on Grade Assignments to set another.`,
      };
    case 'invalid_input': {
      const issues = Array.isArray(error.details)
        ? (error.details as { path?: string; message?: string }[])
        : [];
      for (const field of FIELD_ORDER) {
        const issue = issues.find((i) => i.path === field);
        if (issue?.message) return { [field]: issue.message };
      }
      return { form: error.message };
    }
    case 'story_not_found':
      return { storyId: 'This story is not in the library now. Choose another.' };
    case 'not_found':
      return { classId: 'This class is not one of yours, or it was deleted. Choose another.' };
    case 'not_a_teacher':
      return { form: 'Only a teacher account can set assignments.' };
    case 'rate_limited':
      return { form: 'That is a lot of assignments at once. Wait a minute, then try again.' };
    case 'network_error':
      return { form: 'We could not reach Sparky Reads. Check the connection, then try again.' };
    default:
      return { form: 'Something went wrong. Please try again.' };
  }
}

/** The form's values as the teacher typed them. */
interface AssignmentDraft {
  classId: string;
  storyId: string;
  note: string;
  dueOn: string;
}

/** Checks the form before sending: the refusals, or the request. */
export function checkAssignment(
  draft: AssignmentDraft,
  today = localDay(),
  furthest = localDay(ASSIGNMENT_DUE_MAX_DAYS),
):
  | { errors: AssignmentFormErrors }
  | { request: { classId: string; storyId: string; note?: string; dueOn?: string } } {
  const errors: AssignmentFormErrors = {};
  if (!draft.classId) errors.classId = 'Choose a class.';
  if (!draft.storyId) errors.storyId = 'Choose a story.';
  const note = AssignmentNoteSchema.safeParse(draft.note);
  if (!note.success) errors.note = note.error.issues[0]?.message ?? 'Check the note.';
  const dueOn = draft.dueOn.trim();
  if (dueOn) {
    const day = CalendarDaySchema.safeParse(dueOn);
    if (!day.success) errors.dueOn = day.error.issues[0]?.message ?? 'Use a day like 2026-12-04.';
    else if (dueOn < today) errors.dueOn = 'Choose today or a later day.';
    else if (dueOn > furthest) errors.dueOn = 'Choose a day within a year from today.';
  }
  if (Object.keys(errors).length > 0) return { errors };
  return {
    request: {
      classId: draft.classId,
      storyId: draft.storyId,
      ...(note.success && note.data ? { note: note.data } : {}),
      ...(dueOn ? { dueOn } : {}),
    },
  };
}

/** The library's stories as choices, each named by its short title, with its level, Lexile and length. */
function StoryChoices({
  stories,
  busy,
  value,
  onChange,
  errorMessage,
}: {
  stories: readonly StorySummary[];
  busy: boolean;
  value: string;
  onChange: (storyId: string) => void;
  errorMessage?: string;
}) {
  // Short, distinct titles: each is a voice command, and two stories of the same title are told apart.
  const names = distinctNames(stories.map((s) => ({ name: s.title, grade: s.gradeBand })));
  return (
    <RadioGroup
      label="Story"
      description="Each with its level, Lexile and number of words."
      value={stories.some((s) => s.id === value) ? value : null}
      onChange={onChange}
      errorMessage={errorMessage}
      aria-busy={busy || undefined}
      className="assignments__stories"
    >
      {stories.map((story, i) => (
        <Radio key={story.id} value={story.id} aria-describedby={`story-facts-${story.id}`}>
          <bdi className="assignments__story-title">{names[i]}</bdi>
          {/* Not in the choice's name (a voice command is the title): said as its description. */}
          <span className="assignments__story-facts" aria-hidden="true">
            {storyFacts(story)}
          </span>
          <span className="visually-hidden" id={`story-facts-${story.id}`} aria-hidden="true">
            {storyFacts(story, true)}
          </span>
        </Radio>
      ))}
    </RadioGroup>
  );
}

/**
 * The form that sets an assignment: the class, the story (filtered by level, the chosen class's grade first), a
 * note and a due day. Refusals go on their field, said by Sparky, and focused; the text typed stays.
 */
function AssignmentForm({
  classes,
  initialClassId,
  initialDueOn = '',
}: {
  classes: readonly { id: string; name: string; grade: string | null }[];
  initialClassId: string;
  /** The due day filled in at first ('' for none). */
  initialDueOn?: string;
}) {
  const audio = useAudioQueue();
  const create = useCreateAssignment();
  const [classId, setClassId] = useState(initialClassId);
  // null: follow the chosen class's grade; else the level the teacher picked.
  const [level, setLevel] = useState<string | null>(null);
  const [storyId, setStoryId] = useState('');
  const [chosen, setChosen] = useState<StorySummary | null>(null);
  const [note, setNote] = useState('');
  const [dueOn, setDueOn] = useState(initialDueOn);
  const [errors, setErrors] = useState<AssignmentFormErrors>({});
  const [set, setSet] = useState<AssignmentSummary | null>(null);
  const classRef = useRef<HTMLDivElement>(null);
  const levelRef = useRef<HTMLDivElement>(null);
  const storyRef = useRef<HTMLDivElement>(null);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const dueRef = useRef<HTMLInputElement>(null);

  const classOfChoice = classes.find((c) => c.id === classId);
  const effectiveLevel = level ?? bandOf(classOfChoice?.grade) ?? ALL_LEVELS;
  const library = useLibrary({ grade: bandOf(effectiveLevel) });
  const stories = library.data?.stories ?? [];
  const classNames = distinctNames(classes);

  // The date picker offers today to a year on (TextField passes no min or max to its input, so they are set here,
  // each render, so a page left open overnight moves on with the day).
  useEffect(() => {
    const input = dueRef.current;
    if (!input) return;
    input.min = localDay();
    input.max = localDay(ASSIGNMENT_DUE_MAX_DAYS);
  });

  // After a success, focus goes to "See who has read it": the next thing a teacher may want.
  useEffect(() => {
    if (set) document.getElementById('assignment-results-link')?.focus();
  }, [set]);

  const focusField = (field: AssignmentField) => {
    if (field === 'classId') classRef.current?.querySelector<HTMLElement>('button')?.focus();
    else if (field === 'storyId')
      (
        storyRef.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked') ??
        storyRef.current?.querySelector<HTMLInputElement>('input[type="radio"]') ??
        // No story to choose (none of this level, or the library did not load): the level is what to change.
        levelRef.current?.querySelector<HTMLElement>('button')
      )?.focus();
    else if (field === 'note') noteRef.current?.focus();
    else dueRef.current?.focus();
  };

  const refuse = (found: AssignmentFormErrors) => {
    setErrors(found);
    const field = FIELD_ORDER.find((f) => found[f]);
    const first = field ? found[field] : found.form;
    if (first) audio.speak({ text: first, type: 'sparky' });
    if (field) focusField(field);
  };

  const clear = (field: AssignmentField) => {
    if (errors[field] || errors.form) setErrors(({ [field]: _gone, form: _form, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A second Enter while the first is on its way would set it twice.
    if (create.isPending) return;
    const checked = checkAssignment({ classId, storyId, note, dueOn });
    // A half-typed or impossible day reads as '' (the form is noValidate): not "no set day", but a refusal.
    const unreadableDay = dueRef.current?.validity.badInput === true;
    if (unreadableDay || 'errors' in checked) {
      return refuse({
        ...('errors' in checked ? checked.errors : {}),
        ...(unreadableDay ? { dueOn: UNREADABLE_DAY } : {}),
      });
    }
    setErrors({});
    create.mutate(checked.request, {
      onSuccess: ({ assignment }) => {
        const line = assignmentSetLine(assignment.storyTitle, assignment.className);
        setStoryId('');
        setChosen(null);
        setNote('');
        setDueOn('');
        setSet(assignment);
        audio.speak({ text: line, type: 'sparky' });
        showToast({ title: 'Assignment set', description: line, variant: 'default' });
      },
      // What was typed stays, so the teacher changes it rather than starting again.
      onError: (error) => refuse(assignmentFormRefusal(error)),
    });
  };

  // The stories are shown as choices (and errors.storyId on them) only when the library has some of this level.
  const showStories = !library.isPending && !library.isError && stories.length > 0;
  const chosenHidden = chosen !== null && !stories.some((s) => s.id === chosen.id);
  return (
    <>
      {set ? (
        <section className="page__card" aria-labelledby="assignment-set-title">
          <h2 id="assignment-set-title">Assignment set</h2>
          <p>
            <bdi>{set.className}</bdi> can read <bdi>{set.storyTitle}</bdi> now, on My Classroom.{' '}
            {set.dueOn ? `Due ${dueDayText(set.dueOn)}.` : 'No set day.'}
          </p>
          <p>
            <Link id="assignment-results-link" href={assignmentResultsPath(set.id)} variant="primary">
              See who has read it
            </Link>
          </p>
        </section>
      ) : null}
      <section className="page__card">
        <form className="page__form" noValidate onSubmit={onSubmit} aria-labelledby="set-assignment-title">
          <h2 id="set-assignment-title">{set ? 'Set another' : 'The assignment'}</h2>
          <div ref={classRef}>
            <Select
              label="Class"
              options={classes.map((c, i) => ({ id: c.id, label: classNames[i]! }))}
              value={classId}
              onChange={(value) => {
                setClassId(value);
                clear('classId');
              }}
              errorMessage={errors.classId}
              placeholder="Choose a class"
            />
          </div>
          <div ref={levelRef}>
            <Select
              label="Level"
              description="The stories of this level are shown. It follows the class's grade until you choose."
              options={LEVEL_CHOICES}
              value={effectiveLevel}
              onChange={(value) => setLevel(value || ALL_LEVELS)}
            />
          </div>
          <div ref={storyRef}>
            {library.isPending ? (
              <LoadingIndicator message="Loading the stories…" />
            ) : library.isError ? (
              <div role="alert">
                <p>We could not load the stories.</p>
                <Button variant="secondary" onPress={() => void library.refetch()}>
                  Try again
                </Button>
              </div>
            ) : !showStories ? (
              <p>No story of this level yet. Choose another level.</p>
            ) : (
              <StoryChoices
                stories={stories}
                busy={library.isPlaceholderData}
                value={storyId}
                onChange={(value) => {
                  setStoryId(value);
                  setChosen(stories.find((s) => s.id === value) ?? null);
                  clear('storyId');
                }}
                errorMessage={errors.storyId}
              />
            )}
            {errors.storyId && !showStories ? (
              <p className="classes__error" role="alert">
                {errors.storyId}
              </p>
            ) : null}
            {chosenHidden ? (
              <p>
                Chosen: <bdi>{chosen.title}</bdi> ({storyFacts(chosen)}).
              </p>
            ) : null}
          </div>
          <TextField
            textAreaRef={noteRef}
            multiline
            rows={3}
            label="Note for the readers"
            isOptional
            description={`For example: Read it twice this week. At most ${ASSIGNMENT_NOTE_MAX_CHARS} characters.`}
            value={note}
            onChange={(value) => {
              setNote(value);
              clear('note');
            }}
            errorMessage={errors.note}
          />
          <TextField
            inputRef={dueRef}
            type="date"
            label="Due day"
            isOptional
            description="Leave it empty for no set day."
            value={dueOn}
            onChange={(value) => {
              setDueOn(value);
              clear('dueOn');
            }}
            errorMessage={errors.dueOn}
          />
          {errors.form ? (
            <p className="classes__error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="page__form-row">
            <Button type="submit" icon="check" isPending={create.isPending}>
              Set the assignment
            </Button>
          </div>
        </form>
      </section>
    </>
  );
}

/**
 * /create-assignment, 'Create Assignment' (spec §2.4 teacher menu; docs/decisions/0047-assignments.md): a teacher
 * asks one of their classes to read a library story aloud. The class (from `?class={id}` when given, as the link
 * on a class's page), the story from the library by level with its Lexile and length, an optional note and due
 * day (filled in from `?dueOn=YYYY-MM-DD` when that day may be set: Class Calendar's link, ADR 0051); "Set the
 * assignment". After it is set: a toast, Sparky's line, and "See who has read it". With no class yet, the page
 * says so and leads to Class Management.
 */
export function CreateAssignmentPage() {
  const title = screenName(protectedPaths.createAssignment);
  useDocumentTitle(title);
  const [params] = useSearchParams();
  const viewer = useViewer();
  const classes = useClasses({ enabled: viewer === 'teacher' });
  const refused = isNotATeacher(classes.error);
  const list = classes.data?.classes;
  let guidance: PageGuidance | null = null;
  if (viewer === 'not-teacher' || refused) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (list)
    guidance = list.length === 0 ? CREATE_ASSIGNMENT_NO_CLASS_GUIDANCE : CREATE_ASSIGNMENT_GUIDANCE;
  usePageGuidance(guidance);

  if (viewer === 'error') return <AccountError title={title} />;
  if (viewer === 'not-teacher' || refused) return <NotATeacher title={title} />;
  if (viewer === 'loading') return <LoadingIndicator size="page" />;

  const asked = params.get('class') ?? '';
  const initialClassId = list?.some((c) => c.id === asked) ? asked : list?.length === 1 ? list[0]!.id : '';
  return (
    <div className="page classes-page">
      <h1>{title}</h1>
      <p className="page__lead">
        Ask a class to read a story aloud. Each reader sees it on My Classroom, and you see who has read it on{' '}
        {screenName(protectedPaths.gradeAssignments)}.
      </p>
      {classes.isError ? (
        <p role="alert">We could not load your classes right now. Please try again later.</p>
      ) : !list ? (
        <LoadingIndicator message="Loading your classes…" />
      ) : list.length === 0 ? (
        <section className="page__card" aria-labelledby="no-class-title">
          <h2 id="no-class-title">You have no class yet</h2>
          <p>Make a class and give its readers the code. Then set the class a story to read.</p>
          <p>
            <Link href={protectedPaths.classManagement} variant="primary">
              {screenName(protectedPaths.classManagement)}
            </Link>
          </p>
        </section>
      ) : (
        <AssignmentForm
          classes={list}
          initialClassId={initialClassId}
          initialDueOn={dueDayOfLink(params.get('dueOn'))}
        />
      )}
      <nav className="page__form-row" aria-label="Assignment screens">
        <Link href={protectedPaths.gradeAssignments} variant="secondary">
          {screenName(protectedPaths.gradeAssignments)}
        </Link>
      </nav>
    </div>
  );
}
