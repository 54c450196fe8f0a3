import { usePageGuidance } from '../../app/audio/use-page-guidance.ts';
import { homeGuidance } from './home.guidance.ts';
import { protectedPaths } from '../../app/paths.ts';
import { navIcon } from '../../app/nav-icons.ts';
import { menuKindFor, navGroupsFor } from '../../app/nav-items.ts';
import { screenName } from '../../app/screen-names.ts';
import { useGoals } from '../../lib/api/goals.ts';
import { useMe } from '../../lib/api/me.ts';
import { gradeLabel } from '../../lib/api/profile-options.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { Icon } from '../../ui/Icon.tsx';
import { Link } from '../../ui/Link.tsx';
import { SparkyLogo } from '../../ui/SparkyLogo.tsx';
import '../../ui/page.css';
import { DailyChallengesCard } from './DailyChallengesCard.tsx';
import { MyGoalCard } from './MyGoalCard.tsx';
import { storiesToRead, TeacherAsksCard } from './TeacherAsksCard.tsx';
import { useMyAssignments } from '../../lib/api/classroom.ts';

/** What is coming, said plainly (nothing here is a link until it works), for readers and for guardians. */
export const COMING_SOON: Record<'reader' | 'guardian', readonly string[]> = {
  reader: [],
  guardian: [],
};

/**
 * What each working screen offers, in a child's words, main job first (keys: paths of the sidebar).
 */
const OFFERS: Record<string, string> = {
  [protectedPaths.fluency]: 'Read a story aloud and see how you did',
  [protectedPaths.assessment]: 'Read to Sparky for one minute, so Sparky knows your level',
  [protectedPaths.premadeStories]: 'Pick a story from the library, or have it read to you',
  [protectedPaths.learn]: 'Play letter, word and sound games',
  [protectedPaths.create]: 'Make a story with Sparky, about your pet or a dragon',
  [protectedPaths.stories]: 'Read the stories you made or brought in again',
  [protectedPaths.import]: 'Bring in a text to read aloud, like a page of homework',
  [protectedPaths.aiTutor]: 'Practise the words you missed with Sparky, your tutor',
  [protectedPaths.avatarShop]: 'Spend your tokens on hats, glasses and pets for your avatar',
  [protectedPaths.rewards]: 'See the badges you can earn',
  [protectedPaths.reports]: "Follow your child's reading: stories, scores, letters, words and badges",
  [protectedPaths.goals]: 'Set a reading goal with your child: how many days a week to read aloud',
};

/**
 * /home, 'Home Dashboard' (spec §2.6): a welcome with the child's name, what they can do today, today's Daily
 * Challenges (spec §2.5) and the reader's reading goal, which Sparky's guidance says too. Only what works is
 * offered as an action; what is being built is listed as such.
 */
export function HomePage() {
  const title = screenName(protectedPaths.home);
  useDocumentTitle(title);
  const me = useMe();
  const goals = useGoals();
  const type = me.data?.profile?.user_type;
  const isReader = type === 'student' || type === 'other';
  const assignments = useMyAssignments({ enabled: isReader });
  // A reader's goal and the first story a teacher asked for are said with the page (null, nothing said, until they
  // are known; on failure the usual lines).
  const waiting = goals.isPending || (isReader && assignments.isPending);
  usePageGuidance(
    waiting ? null : homeGuidance(goals.data?.mine, storiesToRead(assignments.data?.assignments)[0] ?? null),
  );
  const profile = me.data?.profile ?? null;
  const name = profile?.display_name || me.data?.user.name || 'reader';
  const grade = gradeLabel(profile?.grade);
  // Only screens in this user's menu that work (the sidebar's own rule), with what they offer.
  const menuPaths = new Set(
    me.data ? navGroupsFor(me.data).flatMap((group) => group.items.map((item) => item.path)) : [],
  );
  const offers = Object.keys(OFFERS).filter((path) => menuPaths.has(path));
  const comingSoon =
    me.data && menuKindFor(me.data) === 'guardian' ? COMING_SOON.guardian : COMING_SOON.reader;
  return (
    <div className="page">
      {/* One name for the screen (title, heading, menu; issue 17); the greeting comes right after it. */}
      <h1>{title}</h1>
      <div className="home__hello">
        <SparkyLogo size={72} />
        <p className="home__greeting">
          Hi, <bdi>{name}</bdi>!
        </p>
      </div>
      <p className="page__lead">Welcome to Sparky Reads. I'm Sparky, and I'm glad you're here.</p>
      <section className="page__card" aria-labelledby="home-now">
        <h2 id="home-now">What you can do now</h2>
        {/* Each link carries its screen's picture from the menu, so a child who cannot read yet finds it. */}
        <ul className="home__offers">
          {offers.map((path) => (
            <li key={path}>
              <Link href={path} className="home__offer">
                <Icon name={navIcon(path)} size={28} className="home__offer-icon" />
                <span>{OFFERS[path]}</span>
              </Link>
            </li>
          ))}
          {isReader ? (
            // A reader's own path through the games and stories, with the next step (ADR 0052); not in the menu.
            <li>
              <Link href={protectedPaths.myLearningPath} className="home__offer">
                <Icon name={navIcon(protectedPaths.myLearningPath)} size={28} className="home__offer-icon" />
                <span>See your learning path and your next step</span>
              </Link>
            </li>
          ) : null}
          <li>
            <Link href={protectedPaths.profile} className="home__offer">
              <Icon name={navIcon(protectedPaths.profile)} size={28} className="home__offer-icon" />
              <span>Look at and change your profile</span>
            </Link>
            {grade || profile?.pets_name ? (
              <>
                {' '}
                ({[grade, profile?.pets_name ? `pet: ${profile.pets_name}` : null].filter(Boolean).join(', ')}
                )
              </>
            ) : null}
          </li>
          <li>
            <span className="home__offer">
              <Icon name="contrast" size={28} className="home__offer-icon" />
              <span>Choose bigger text or high contrast with the Display button at the top.</span>
            </span>
          </li>
        </ul>
      </section>
      <TeacherAsksCard enabled={isReader} />
      <DailyChallengesCard />
      <MyGoalCard />
      {comingSoon.length > 0 ? (
        <section className="page__card" aria-labelledby="home-soon">
          <h2 id="home-soon">Being built</h2>
          <p>These are on their way and will show up in the menu when they are ready:</p>
          <ul>
            {comingSoon.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
