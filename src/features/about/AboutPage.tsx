import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { ABOUT_GUIDANCE } from './about.guidance.ts';
import { aboutSections, publicPaths, signUpPath } from '../../app/paths.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Link } from '../../ui/Link.tsx';
import { StatusBadge, type FeatureStatus } from '../../ui/StatusBadge.tsx';
import './about.css';

/** What works today, what is being built, what comes later. Update as features land. */
const PROGRESS: ReadonlyArray<{ item: string; status: FeatureStatus }> = [
  {
    item: 'These public pages, and the display settings (high contrast, text size, reduce motion)',
    status: 'ready',
  },
  { item: 'Accounts for students, parents and teachers, with e-mail confirmation', status: 'ready' },
  {
    item: 'Read-aloud scoring on our own server: words correct per minute, accuracy, fluency',
    status: 'ready',
  },
  { item: 'Fluency practice with a library of original stories and a read-to-me mode', status: 'ready' },
  { item: 'Talking navigation for children who cannot read the screen yet', status: 'ready' },
  { item: 'Sparky the talking guide, a reading tutor, tokens, badges and an avatar shop', status: 'ready' },
  { item: 'The letter game (Alphabet Learning)', status: 'ready' },
  { item: 'A one-minute reading check that sets the starting level (Reading Assessment)', status: 'ready' },
  { item: 'The word builder: spelling words letter by letter', status: 'ready' },
  { item: 'The sound-it-out phonics game: blending sounds into words', status: 'ready' },
  {
    item: 'A learning path for each child: their steps from letters to stories, and what to do next',
    status: 'ready',
  },
  {
    item: 'Progress reports, week-by-week Enhanced Reports and reading goals for parents, with a code from the child',
    status: 'ready',
  },
  { item: 'Story creation: a child chooses the hero, the place and what happens', status: 'ready' },
  {
    item: "Classes for teachers: children join with a code, the teacher follows each one's reading",
    status: 'ready',
  },
  {
    item: "Reading assignments: a teacher sets a story to read aloud and sees each child's scores on it",
    status: 'ready',
  },
  {
    item: 'Reading screening three times a year, with a history of every screening (Reading Screening)',
    status: 'ready',
  },
  {
    item: 'A class calendar, class analytics with the words to teach, and reports for families (Student Reports)',
    status: 'ready',
  },
];

/**
 * The About page (spec §2.1): what Sparky Reads is, who it is for, what works today, accessibility
 * and privacy. The footer links to the last two sections by id.
 */
export function AboutPage() {
  useDocumentTitle('About');
  usePageGuidance(ABOUT_GUIDANCE);
  return (
    <div className="container about">
      <h1>About Sparky Reads</h1>
      <p className="about__lead">
        Sparky Reads helps children learn to read. A child reads a story aloud, Sparky listens, and the child,
        their family and their teacher see the reading grow.
      </p>

      <section aria-labelledby="about-who">
        <h2 id="about-who">Who it is for</h2>
        <ul>
          <li>Children learning to read, from kindergarten to about grade 5.</li>
          <li>Children who cannot read the screen yet, and will find their way by voice.</li>
          <li>Blind and partially sighted children who use a screen reader.</li>
          <li>Children who use a keyboard or a switch instead of a mouse or touch screen.</li>
          <li>The parents, guardians and teachers who read with them.</li>
        </ul>
      </section>

      <section id={aboutSections.progress} aria-labelledby="about-progress">
        <h2 id="about-progress">What works today</h2>
        <p>Sparky Reads is being built in steps. This list says honestly where each part stands.</p>
        <ul className="about__progress">
          {PROGRESS.map(({ item, status }) => (
            <li key={item}>
              <span>{item}</span>
              <StatusBadge status={status} />
            </li>
          ))}
        </ul>
      </section>

      <section id={aboutSections.accessibility} aria-labelledby="about-accessibility">
        <h2 id="about-accessibility">Accessibility</h2>
        <p>
          Every page is built to meet WCAG 2.2 level AA, and automated checks run on every public page in both
          colour themes. The Display button at the top of each page switches to high contrast, makes the text
          larger and turns off motion; your choices are saved in this browser. Everything works with a
          keyboard alone: press Tab to move, and the first stop is a link that skips straight to the page
          content.
        </p>
      </section>

      <section id={aboutSections.privacy} aria-labelledby="about-privacy">
        <h2 id="about-privacy">Privacy</h2>
        <p>
          An account keeps what you give it: a display name, an e-mail address, and optionally age, grade,
          gender and a pet&apos;s name for stories. Everything is stored on the server that runs Sparky Reads,
          never sent elsewhere. Display choices stay in your own browser. When a page cannot be found, the
          address you tried is sent to the server so broken links can be fixed.
        </p>
        <p>
          Read-aloud recordings are scored on the Sparky Reads server itself and kept for 30 days so a child
          can listen to their own words again; then they are deleted. They are not sent to an outside speech
          service unless the people running the server switch that on.
        </p>
      </section>

      <div className="about__actions">
        <Link href={signUpPath} variant="primary">
          Sign Up
        </Link>
        <Link href={publicPaths.landing} variant="secondary">
          Back to Home
        </Link>
      </div>
    </div>
  );
}
