import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CLASS_NAME_MAX_CHARS,
  CreateClassRequestSchema,
  MAX_CLASSES_PER_TEACHER,
} from '#core/api/classes.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance, type PageGuidance } from '../../app/audio/use-page-guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { isNotATeacher, useClasses, useCreateClass } from '../../lib/api/classes.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { LoadingIndicator } from '../../ui/LoadingIndicator.tsx';
import { Select } from '../../ui/Select.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { showToast } from '../../ui/toast-store.ts';
import { ClassLine } from './ClassLine.tsx';
import {
  CLASS_GRADE_OPTIONS,
  classFormRefusal,
  distinctNames,
  gradeOfChoice,
  type ClassFormErrors,
} from './class-text.ts';
import { CLASS_MANAGEMENT_GUIDANCE, NOT_A_TEACHER_GUIDANCE } from './classes.guidance.ts';
import { AccountError, NotATeacher, useViewer } from './TeacherOnly.tsx';
import '../../ui/page.css';
import './classes.css';

/** The id of a class's link in the list, to move focus to a class just made. */
function classLinkId(classId: string): string {
  return `class-link-${classId}`;
}

/** What Sparky says when a class is made: what to do next. */
export function classMadeLine(name: string): string {
  return `${name} is made. Open it to make its code.`;
}

/** The form that makes a class: a name and an optional grade. Refusals go on the name field, said and focused. */
function MakeClassForm({ onMade }: { onMade: (classId: string) => void }) {
  const audio = useAudioQueue();
  const create = useCreateClass();
  const [name, setName] = useState('');
  const [grade, setGrade] = useState('');
  const [errors, setErrors] = useState<ClassFormErrors>({});
  const nameRef = useRef<HTMLInputElement>(null);

  const refuse = (found: ClassFormErrors) => {
    setErrors(found);
    const first = found.name ?? found.form;
    if (first) audio.speak({ text: first, type: 'sparky' });
    if (found.name) nameRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // A second Enter while the first is on its way would make the class twice.
    if (create.isPending) return;
    const chosen = gradeOfChoice(grade);
    const checked = CreateClassRequestSchema.safeParse({ name, ...(chosen ? { grade: chosen } : {}) });
    if (!checked.success) {
      const issue = checked.error.issues.find((i) => i.path[0] === 'name') ?? checked.error.issues[0];
      refuse({ name: issue?.message ?? 'Give the class a name.' });
      return;
    }
    setErrors({});
    create.mutate(checked.data, {
      onSuccess: ({ class: made }) => {
        setName('');
        setGrade('');
        audio.speak({ text: classMadeLine(made.name), type: 'sparky' });
        showToast({ title: 'Class made', description: classMadeLine(made.name), variant: 'default' });
        onMade(made.id);
      },
      // The text typed stays, so the teacher changes it rather than typing it again.
      onError: (error) => refuse(classFormRefusal(error)),
    });
  };

  return (
    <form className="page__form" noValidate onSubmit={onSubmit} aria-labelledby="make-class-title">
      <h2 id="make-class-title">Make a class</h2>
      <TextField
        inputRef={nameRef}
        label="Class name"
        description={`For example: Room 4. At most ${CLASS_NAME_MAX_CHARS} characters.`}
        value={name}
        onChange={(value) => {
          setName(value);
          if (errors.name) setErrors({});
        }}
        errorMessage={errors.name}
        autoComplete="off"
      />
      <Select
        label="Grade"
        isOptional
        options={CLASS_GRADE_OPTIONS}
        value={grade}
        onChange={setGrade}
        placeholder="No grade"
      />
      {errors.form ? (
        <p className="classes__error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="page__form-row">
        <Button type="submit" icon="plus" isPending={create.isPending}>
          Make the class
        </Button>
      </div>
    </form>
  );
}

/**
 * /class-management, 'Class Management' (spec §2.4 teacher menu; docs/decisions/0046-classes.md): a teacher makes
 * a class (a name of 1–60 characters and an optional grade; up to 20 classes) and sees their classes, each a link
 * to its page, where its code, its readers, renaming and deleting are. A refusal is shown on the name field, said
 * by Sparky, and focused, and the text typed stays.
 */
export function ClassManagementPage() {
  const title = screenName(protectedPaths.classManagement);
  useDocumentTitle(title);
  const viewer = useViewer();
  const classes = useClasses({ enabled: viewer === 'teacher' });
  const refused = isNotATeacher(classes.error);
  let guidance: PageGuidance | null = null;
  if (viewer === 'not-teacher' || refused) guidance = NOT_A_TEACHER_GUIDANCE;
  else if (viewer === 'teacher') guidance = CLASS_MANAGEMENT_GUIDANCE;
  usePageGuidance(guidance);

  // A class just made: focus goes to its link once it is in the list (the next step is opening it).
  const [made, setMade] = useState<string | null>(null);
  const focused = useRef<string | null>(null);
  const list = classes.data?.classes;
  const shown = made !== null && (list?.some((c) => c.id === made) ?? false);
  useEffect(() => {
    if (!made || !shown || focused.current === made) return;
    focused.current = made;
    document.getElementById(classLinkId(made))?.focus();
  }, [made, shown]);

  if (viewer === 'error') return <AccountError title={title} />;
  if (viewer === 'not-teacher' || refused) return <NotATeacher title={title} />;
  if (viewer === 'loading') return <LoadingIndicator size="page" />;

  const full = (list?.length ?? 0) >= MAX_CLASSES_PER_TEACHER;
  const labels = distinctNames(list ?? []);
  return (
    <div className="page classes-page">
      <h1>{title}</h1>
      <p className="page__lead">
        Make a class, then open it to make its code. Readers type the code on My Classroom to join, and you
        see how they read.
      </p>
      <section className="page__card">
        {full ? (
          <p>
            You have {MAX_CLASSES_PER_TEACHER} classes, the most one teacher can have. Delete one on its page
            to make another.
          </p>
        ) : (
          <MakeClassForm onMade={setMade} />
        )}
      </section>
      <section className="page__card" aria-labelledby="class-list-title">
        <h2 id="class-list-title">Your classes</h2>
        {classes.isError ? (
          <p role="alert">We could not load your classes right now. Please try again later.</p>
        ) : !list ? (
          <LoadingIndicator message="Loading your classes…" />
        ) : list.length === 0 ? (
          <p>You have no class yet.</p>
        ) : (
          <ul className="classes__list" aria-labelledby="class-list-title">
            {list.map((summary, i) => (
              <ClassLine
                key={summary.id}
                summary={summary}
                label={labels[i]!}
                linkId={classLinkId(summary.id)}
              />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
