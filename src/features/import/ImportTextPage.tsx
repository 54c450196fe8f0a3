import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FileTrigger } from 'react-aria-components';
import {
  IMPORT_FILE_TYPES,
  IMPORT_TEXT_MAX_CHARS,
  IMPORT_TITLE_MAX_CHARS,
  ImportStoryRequestSchema,
  importedWordCount,
  type StorySummary,
} from '#core/api/stories.ts';
import { useAudioQueue } from '../../app/audio/audio-context.ts';
import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { fluencyPracticePath, protectedPaths, readStoryPath } from '../../app/paths.ts';
import { screenName } from '../../app/screen-names.ts';
import { ApiError } from '../../lib/api/http.ts';
import { useImportStory } from '../../lib/api/stories.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Button } from '../../ui/Button.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { IMPORT_GUIDANCE, savedLine } from './import.guidance.ts';
import { ImportFileError, readImportFile } from './import-file.ts';
import '../../ui/page.css';
import './import.css';

/** Where the text being typed is kept until it is saved (this tab only), so a reload or a lost session loses nothing. */
export const IMPORT_DRAFT_KEY = 'sparky-import-draft';

/** The draft kept in the tab's session storage, or empty fields. */
function loadDraft(): { title: string; text: string } {
  try {
    const raw = sessionStorage.getItem(IMPORT_DRAFT_KEY);
    const draft: unknown = raw ? JSON.parse(raw) : null;
    if (
      draft &&
      typeof draft === 'object' &&
      'title' in draft &&
      'text' in draft &&
      typeof draft.title === 'string' &&
      typeof draft.text === 'string'
    )
      return { title: draft.title, text: draft.text };
  } catch {
    // No storage (private mode) or a broken draft: start empty.
  }
  return { title: '', text: '' };
}

type FieldErrors = { title?: string; text?: string; form?: string };

/** The field a refusal of the server is about, and its sentence. */
function errorsOfRefusal(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return { form: 'We could not save the text. Please try again.' };
  if (error.code === 'text_too_long' || error.code === 'text_missing') return { text: error.message };
  if (error.code === 'invalid_input') {
    const issues = Array.isArray(error.details)
      ? (error.details as { path?: string; message?: string }[])
      : [];
    const title = issues.find((issue) => issue.path === 'title');
    const text = issues.find((issue) => issue.path === 'text');
    if (title || text) return { title: title?.message, text: text?.message };
  }
  if (error.status === 0)
    return { form: 'We could not reach Sparky Reads. Check the connection, then press Save the text again.' };
  return { form: error.message || 'We could not save the text. Please try again.' };
}

/**
 * /import, 'Import Text' (spec §2.2, §2.4, §2.6; docs/decisions/0044-import-text.md): a grown-up (or a reader who
 * can) brings a text to read aloud — typed, pasted, or opened from a plain-text file — names it and saves it as one
 * of the reader's own stories, measured like the library's. Then the child reads it ("Read it now") or reads it
 * aloud for a score ("Practise reading aloud"). Every control is named with a picture and can be said; the text
 * being typed is kept in the tab until it is saved, and a refusal says what to change without losing it.
 */
export function ImportTextPage() {
  const name = screenName(protectedPaths.import);
  useDocumentTitle(name);
  usePageGuidance(IMPORT_GUIDANCE);
  const audio = useAudioQueue();
  const save = useImportStory();
  const [draft, setDraft] = useState(loadDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<{ story: StorySummary; created: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const titleRef = useRef<HTMLInputElement>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const savedHeadingRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    try {
      if (draft.title || draft.text) sessionStorage.setItem(IMPORT_DRAFT_KEY, JSON.stringify(draft));
      else sessionStorage.removeItem(IMPORT_DRAFT_KEY);
    } catch {
      // Storage full or off: the draft is still on screen.
    }
  }, [draft]);

  useEffect(() => {
    if (saved) savedHeadingRef.current?.focus();
  }, [saved]);

  const say = (text: string) => audio.speak({ text, type: 'sparky' });
  const words = importedWordCount(draft.text);

  const refuse = (found: FieldErrors) => {
    setErrors(found);
    const first = found.title ?? found.text ?? found.form;
    if (first) say(first);
    if (found.title) titleRef.current?.focus();
    else if (found.text) textRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = ImportStoryRequestSchema.safeParse(draft);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const field = issue.path[0] === 'title' ? 'title' : 'text';
        found[field] ??= issue.message;
      }
      refuse(found);
      return;
    }
    setErrors({});
    save.mutate(draft, {
      onSuccess: (answer) => {
        setSaved(answer);
        setDraft({ title: '', text: '' });
        say(savedLine(answer.story.title));
      },
      onError: (error) => refuse(errorsOfRefusal(error)),
    });
  };

  const onFile = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    try {
      const opened = await readImportFile(file);
      setDraft((now) => ({ title: now.title.trim() ? now.title : opened.name, text: opened.text }));
      setErrors({});
      const line = `Opened ${file.name}: ${importedWordCount(opened.text)} words.`;
      setAnnouncement(line);
      textRef.current?.focus();
    } catch (error) {
      refuse({ text: error instanceof ImportFileError ? error.message : 'That file could not be opened.' });
    }
  };

  const importAnother = () => {
    setSaved(null);
    save.reset();
    // After the saved card is gone, the name field is there to take focus.
    requestAnimationFrame(() => titleRef.current?.focus());
  };

  if (saved) {
    const { story, created } = saved;
    return (
      <div className="page import-page">
        <h1>{name}</h1>
        <section className="page__card import-page__saved" aria-labelledby="import-saved">
          <h2 id="import-saved" ref={savedHeadingRef} tabIndex={-1}>
            <Icon name="check" size={28} /> {created ? 'Saved!' : 'You have this text already'}
          </h2>
          <p>
            <bdi>{story.title}</bdi> is in your Saved Stories: {story.wordCount} words
            {story.lexile !== null ? `, level ${story.lexile}L` : ''}.
          </p>
          <div className="page__form-row">
            <Link href={readStoryPath(story.id)} variant="primary">
              <Icon name="book" size={20} /> Read it now
            </Link>
            <Link href={fluencyPracticePath(story.id)} variant="secondary">
              <Icon name="mic" size={20} /> Practise reading aloud
            </Link>
            <Button variant="secondary" icon="plus" onPress={importAnother}>
              Import another text
            </Button>
          </div>
          <p>
            <Link href={protectedPaths.stories}>See all your saved stories</Link>
          </p>
        </section>
      </div>
    );
  }

  return (
    <div className="page import-page">
      <h1>{name}</h1>
      <p className="page__lead">
        Bring a text to read aloud: a page of homework, a poem, a favourite story. It is kept in your Saved
        Stories, for you alone.
      </p>
      <section className="page__card" aria-labelledby="import-form-title">
        <h2 id="import-form-title">Your text</h2>
        <form
          className="page__form import-page__form"
          noValidate
          onSubmit={onSubmit}
          aria-labelledby="import-form-title"
        >
          <TextField
            inputRef={titleRef}
            label="Name of the text"
            description="For example: Page 12 of my reading book."
            value={draft.title}
            onChange={(title) => setDraft((now) => ({ ...now, title }))}
            errorMessage={errors.title}
            maxLength={IMPORT_TITLE_MAX_CHARS}
            autoComplete="off"
          />
          <TextField
            textAreaRef={textRef}
            multiline
            rows={10}
            label="The text to read"
            description={`Type or paste it here, or choose a text file. At most ${IMPORT_TEXT_MAX_CHARS.toLocaleString('en')} characters.`}
            value={draft.text}
            onChange={(text) => setDraft((now) => ({ ...now, text }))}
            errorMessage={errors.text}
          />
          <p className="import-page__count">
            {words === 1 ? '1 word' : `${words} words`}, {draft.text.length.toLocaleString('en')} of{' '}
            {IMPORT_TEXT_MAX_CHARS.toLocaleString('en')} characters
          </p>
          {errors.form ? (
            <p className="import-page__error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <div className="page__form-row">
            <FileTrigger acceptedFileTypes={[...IMPORT_FILE_TYPES]} onSelect={(files) => void onFile(files)}>
              <Button variant="secondary" icon="clipboard">
                Choose a text file
              </Button>
            </FileTrigger>
            <Button type="submit" icon="check" isPending={save.isPending}>
              Save the text
            </Button>
          </div>
        </form>
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
      </section>
    </div>
  );
}
