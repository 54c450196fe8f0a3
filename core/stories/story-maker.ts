/**
 * Sparky's story maker (/create, "Create Story"; docs/decisions/0045-create-story.md): a short story made from three
 * choices a child makes by voice or by picture (who, where, what happens), written at the reader's level, with the
 * reader's pet's name when they gave one at sign-up (spec §2.3: "pet's name (used to personalize stories)").
 * It runs offline and always gives the same kind of story: sentences written for children, filled in with the
 * choices; two small random picks (how it starts, how it ends) make a second story from the same choices differ.
 * Shared by the server (which makes and keeps the story) and the browser (what is offered and shown).
 */
import type { RandomSource } from '../challenges/daily-challenges.ts';
import { cleanImportedTitle } from '../api/stories.ts';

/** Who a story can be about. `pet` is offered only to a reader who gave a pet's name. */
export const STORY_HEROES = ['pet', 'cat', 'dog', 'dragon', 'robot', 'bunny'] as const;
/** A hero choice. */
export type StoryHero = (typeof STORY_HEROES)[number];
/** Where a story can happen. */
export const STORY_PLACES = ['park', 'sea', 'space', 'castle', 'forest', 'school'] as const;
/** A place choice. */
export type StoryPlace = (typeof STORY_PLACES)[number];
/** What can happen. */
export const STORY_PLOTS = ['treasure', 'friend', 'party', 'lost'] as const;
/** A plot choice. */
export type StoryPlot = (typeof STORY_PLOTS)[number];

/** The reading levels the maker writes at: short sentences of common words, or longer ones. */
export type StoryLevel = 'early' | 'later';

/** One choice as a child sees and says it: a one- or two-word name and a picture (an emoji, hidden from screen readers). */
export interface StoryChoice<Id extends string> {
  id: Id;
  label: string;
  picture: string;
}

/** The longest pet's name used, in characters: a name, not a sentence. */
export const MAX_PET_NAME_CHARS = 24;

/**
 * The reader's pet's name as a story uses it (spec §3 profiles.pets_name, typed at sign-up): cleaned like an imported
 * title, with at least one letter, at most {@link MAX_PET_NAME_CHARS} characters, and only letters, spaces,
 * apostrophes and hyphens (a name, never markup or a sentence); null when there is no such name.
 */
export function petNameFor(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const name = cleanImportedTitle(raw);
  if (name.length === 0 || name.length > MAX_PET_NAME_CHARS) return null;
  if (!/^[\p{L}][\p{L}\p{M}' -]*$/u.test(name)) return null;
  return name;
}

/** The heroes offered: the pet first (by name) when the reader has one. */
export function heroChoices(petName: string | null): StoryChoice<StoryHero>[] {
  const animals: StoryChoice<StoryHero>[] = [
    { id: 'cat', label: 'Cat', picture: '🐱' },
    { id: 'dog', label: 'Dog', picture: '🐶' },
    { id: 'dragon', label: 'Dragon', picture: '🐉' },
    { id: 'robot', label: 'Robot', picture: '🤖' },
    { id: 'bunny', label: 'Bunny', picture: '🐰' },
  ];
  return petName ? [{ id: 'pet', label: petName, picture: '🐾' }, ...animals] : animals;
}

/** The places offered. */
export const PLACE_CHOICES: readonly StoryChoice<StoryPlace>[] = [
  { id: 'park', label: 'Park', picture: '🌳' },
  { id: 'sea', label: 'Sea', picture: '🌊' },
  { id: 'space', label: 'Space', picture: '🚀' },
  { id: 'castle', label: 'Castle', picture: '🏰' },
  { id: 'forest', label: 'Forest', picture: '🌲' },
  { id: 'school', label: 'School', picture: '🏫' },
];

/** The plots offered. */
export const PLOT_CHOICES: readonly StoryChoice<StoryPlot>[] = [
  { id: 'treasure', label: 'Treasure', picture: '💎' },
  { id: 'friend', label: 'New friend', picture: '🤝' },
  { id: 'party', label: 'Party', picture: '🎉' },
  { id: 'lost', label: 'Lost', picture: '🧭' },
];

/** Grades that get the early level: Pre-K to grade 1 (and a reader with no grade under 7). */
export function storyLevelFor(grade: string | null | undefined, age?: number | null): StoryLevel {
  if (grade === 'Pre-K' || grade === 'K' || grade === '1') return 'early';
  if (!grade && typeof age === 'number' && age < 7) return 'early';
  return 'later';
}

interface HeroWords {
  /** "the cat", or the pet's name */
  name: string;
  /** "she", "he", "it", or the name again for a pet (whose sex the story cannot know) */
  they: string;
  /** "her", "his", "its", or "Max's" */
  their: string;
}

function heroWords(hero: StoryHero, petName: string | null): HeroWords {
  switch (hero) {
    case 'pet': {
      const name = petName ?? 'Sparky';
      return { name, they: name, their: `${name}'s` };
    }
    case 'cat':
      return { name: 'the cat', they: 'she', their: 'her' };
    case 'dog':
      return { name: 'the dog', they: 'he', their: 'his' };
    case 'dragon':
      return { name: 'the dragon', they: 'she', their: 'her' };
    case 'robot':
      return { name: 'the robot', they: 'it', their: 'its' };
    case 'bunny':
      return { name: 'the bunny', they: 'he', their: 'his' };
  }
}

interface PlaceWords {
  /** "to the park" */
  to: string;
  /** "at the park" */
  at: string;
  early: string;
  later: string;
  /** A thing found there (treasure plot): "under a tree" */
  spot: string;
  /** Who is met there (friend plot): "a little duck" */
  friend: string;
}

const PLACES: Record<StoryPlace, PlaceWords> = {
  park: {
    to: 'to the park',
    at: 'at the park',
    early: 'The grass was green. The sun was hot.',
    later: 'The grass was soft and green, and the swings went up and down in the warm wind.',
    spot: 'under a big tree',
    friend: 'a little duck',
  },
  sea: {
    to: 'to the sea',
    at: 'by the sea',
    early: 'The sand was hot. The waves went splash.',
    later: 'Waves rolled up the sand with a splash, and gulls called high above the water.',
    spot: 'in the wet sand',
    friend: 'a small red crab',
  },
  space: {
    to: 'up to space in a rocket',
    at: 'in space',
    early: 'It was dark. The stars were bright.',
    later: 'Outside the round window, the stars glittered, and the Earth looked like a blue ball.',
    spot: 'on a tiny moon',
    friend: 'a green alien',
  },
  castle: {
    to: 'to the castle',
    at: 'at the castle',
    early: 'The castle was big and old. It had a tall tower.',
    later: 'The old castle had tall towers, a deep moat and a door as big as a house.',
    spot: 'up in the tower',
    friend: 'a kind knight',
  },
  forest: {
    to: 'to the forest',
    at: 'in the forest',
    early: 'The trees were tall. The birds sang.',
    later: 'Tall trees stood close together, and birds sang from every branch.',
    spot: 'in a hollow log',
    friend: 'a shy fox',
  },
  school: {
    to: 'to school',
    at: 'at school',
    early: 'The bell rang. The class sat down.',
    later: 'The bell rang, and the children hung up their coats and sat down on the rug.',
    spot: 'behind the book shelf',
    friend: 'a new girl named Rosa',
  },
};

/** A sentence template: `{Hero}`/`{hero}` the name, `{They}`/`{they}`, `{their}`, and the place's words. */
type Template = string;

interface PlotTemplates {
  title: string;
  /** Two openings, one picked. */
  openings: readonly [Template, Template];
  middle: readonly Template[];
  /** Two endings, one picked. */
  endings: readonly [Template, Template];
}

const EARLY: Record<StoryPlot, PlotTemplates> = {
  treasure: {
    title: '{Hero} Finds a Treasure',
    openings: ['One day, {hero} went {to}.', '{Hero} went {to} to play.'],
    middle: [
      '{placeEarly}',
      '{Hero} saw a box {spot}.',
      'The box was red. It had a lock.',
      '{Hero} gave the lock a tug. Pop! The box was open.',
      'In the box was a gold star.',
    ],
    endings: [
      '{Hero} was so happy. {They} took the star home.',
      '{Hero} put the star up high. It shone all night.',
    ],
  },
  friend: {
    title: '{Hero} Makes a Friend',
    openings: ['One day, {hero} went {to}.', '{Hero} was {at}, all alone.'],
    middle: [
      '{placeEarly}',
      '{Hero} met {friend}.',
      '"Will you play with me?" said {hero}.',
      '"Yes, I will!" said the friend.',
      'They ran and they hid. They had lots of fun.',
    ],
    endings: ['Now {hero} has a new friend.', 'At the end of the day, they said, "See you soon!"'],
  },
  party: {
    title: '{Hero} Has a Party',
    openings: ['{Hero} had a plan.', 'It was a big day for {hero}.'],
    middle: [
      '{Hero} went {to} with a cake.',
      '{placeEarly}',
      'Then the friends came. One, two, three, four!',
      'They sang a song. They ate the cake.',
      'They had hats and a big red ball.',
    ],
    endings: ['"This is the best party!" said {hero}.', 'Then they all went home to nap.'],
  },
  lost: {
    title: '{Hero} Gets Lost',
    openings: ['One day, {hero} went {to}.', '{Hero} went for a walk.'],
    middle: [
      '{placeEarly}',
      '{Hero} went this way. {Hero} went that way.',
      'Oh no! {Hero} was lost.',
      '{Hero} sat down. Then {they} saw a path.',
      '{Hero} went up the path, step by step.',
    ],
    endings: ['At the end of the path was home!', 'And there was Mom, with a big hug.'],
  },
};

const LATER: Record<StoryPlot, PlotTemplates> = {
  treasure: {
    title: '{Hero} and the Hidden Treasure',
    openings: [
      'Early one morning, {hero} set off {to}, hoping for an adventure.',
      '{Hero} had always wanted to find a real treasure, so one sunny day {they} went {to}.',
    ],
    middle: [
      '{placeLater}',
      'Suddenly, {hero} noticed something shiny {spot}.',
      'It was a wooden chest with a heavy iron lock.',
      '{Hero} looked around and found a tiny key tied to a ribbon.',
      'With a click, the lock opened, and the lid creaked up.',
      'Inside were gold coins, a silver crown and an old map.',
      'The map showed a path back home, drawn with a careful hand.',
    ],
    endings: [
      '{Hero} shared the coins with {their} friends, and kept the map to remember the day.',
      'That night, {hero} fell asleep smiling, with the silver crown still on {their} head.',
    ],
  },
  friend: {
    title: '{Hero} Meets a New Friend',
    openings: [
      'One afternoon, {hero} went {to}, feeling a little lonely.',
      '{Hero} was {at}, wishing for someone to play with.',
    ],
    middle: [
      '{placeLater}',
      'Then {hero} spotted {friend}, who was looking sad.',
      '"Hello," said {hero} gently. "Would you like to play with me?"',
      'The new friend smiled. "I would love that. I did not know anyone here."',
      'They raced, they laughed, and they built a fort out of sticks and leaves.',
      'When it began to rain, they sat inside the fort and told each other stories.',
    ],
    endings: [
      'By the end of the day, {hero} was not lonely anymore.',
      'They promised to meet again the very next day, and they did.',
    ],
  },
  party: {
    title: "{Hero}'s Surprise Party",
    openings: [
      '{Hero} wanted to throw a party that nobody would ever forget.',
      'It was the day of the big party, and {hero} was too excited to sit still.',
    ],
    middle: [
      'The party was {at}.',
      '{placeLater}',
      '{Hero} hung colourful streamers and blew up twenty balloons.',
      'One by one, the guests arrived, each carrying a small present.',
      'They played games, sang songs and danced until their feet were tired.',
      'Then {hero} brought out a cake with candles that sparkled like stars.',
    ],
    endings: [
      'Everyone agreed it was the best party ever, and {hero} could not stop smiling.',
      'When the last guest had gone home, {hero} looked at the mess and laughed. It had been worth it.',
    ],
  },
  lost: {
    title: '{Hero} Finds the Way Home',
    openings: [
      'One day, {hero} went {to} to explore.',
      '{Hero} loved to explore, so one morning {they} set off {to}.',
    ],
    middle: [
      '{placeLater}',
      '{Hero} wandered further and further, until nothing looked familiar.',
      '"Oh no," whispered {hero}. "I think I am lost."',
      'Instead of panicking, {hero} took a deep breath and thought carefully.',
      '{They} remembered the things {they} had passed: a bent sign, a yellow gate and a bridge.',
      'Step by step, {hero} followed them back, one clue at a time.',
    ],
    endings: [
      'At last, {hero} saw home, and everyone cheered.',
      'When {hero} finally reached home, {they} drew a map so that {they} would never get lost again.',
    ],
  },
};

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A title in title case: each word's first letter capital, except short joining words after the first. */
function titleCase(text: string): string {
  const small = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'on', 'at', 'by']);
  return text
    .split(' ')
    .map((word, i) => (i > 0 && small.has(word.toLowerCase()) ? word.toLowerCase() : capitalise(word)))
    .join(' ');
}

function fill(template: Template, hero: HeroWords, place: PlaceWords): string {
  const filled = template
    .replaceAll('{placeEarly}', place.early)
    .replaceAll('{placeLater}', place.later)
    .replaceAll('{Hero}', capitalise(hero.name))
    .replaceAll('{hero}', hero.name)
    .replaceAll('{They}', capitalise(hero.they))
    .replaceAll('{they}', hero.they)
    .replaceAll('{their}', hero.their)
    .replaceAll('{to}', place.to)
    .replaceAll('{at}', place.at)
    .replaceAll('{spot}', place.spot)
    .replaceAll('{friend}', place.friend);
  return capitalise(filled);
}

/** What a child chose. */
export interface StoryChoices {
  hero: StoryHero;
  place: StoryPlace;
  plot: StoryPlot;
}

/** A made story: title, text (sentences in paragraphs), and the themes the library uses for it. */
export interface MadeStory {
  title: string;
  body: string;
  themes: string[];
}

const PLOT_THEMES: Record<StoryPlot, string> = {
  treasure: 'adventure',
  friend: 'friendship',
  party: 'family',
  lost: 'adventure',
};
const PLACE_THEMES: Partial<Record<StoryPlace, string>> = {
  park: 'nature',
  forest: 'nature',
  sea: 'nature',
  space: 'science',
  castle: 'fantasy',
  school: 'school',
};

/**
 * Makes a story from a child's choices.
 * @param choices who, where and what happens (`pet` needs `petName`; without one the hero is "Sparky")
 * @param level `early` (Pre-K–1: short sentences of common words) or `later`
 * @param petName the reader's pet's name, cleaned by {@link petNameFor}
 * @param random uniform [0, 1) source for the opening and ending
 * @returns the title ("The Cat Finds a Treasure"), the text in short paragraphs, and themes
 */
export function makeStory(
  choices: StoryChoices,
  level: StoryLevel,
  petName: string | null,
  random: RandomSource = Math.random,
): MadeStory {
  const hero = heroWords(choices.hero, petName);
  const place = PLACES[choices.place];
  const plot = (level === 'early' ? EARLY : LATER)[choices.plot];
  const pick = <T>(pair: readonly [T, T]) => pair[random() < 0.5 ? 0 : 1];
  const sentences = [pick(plot.openings), ...plot.middle, pick(plot.endings)].map((t) =>
    fill(t, hero, place),
  );
  // Paragraphs of two or three sentences: the reader's page shows them apart.
  const perParagraph = level === 'early' ? 2 : 3;
  const paragraphs: string[] = [];
  for (let i = 0; i < sentences.length; i += perParagraph)
    paragraphs.push(sentences.slice(i, i + perParagraph).join(' '));
  const themes = [
    ...new Set([PLOT_THEMES[choices.plot], PLACE_THEMES[choices.place]].filter(Boolean)),
  ] as string[];
  if (choices.hero !== 'robot' && choices.hero !== 'dragon') themes.push('animals');
  return { title: titleCase(fill(plot.title, hero, place)), body: paragraphs.join('\n\n'), themes };
}
