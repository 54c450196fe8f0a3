/**
 * Passages written for the scoring benchmark (original text, not from any published assessment),
 * one per grade K–5, growing in length and word difficulty, with a few numerals and
 * abbreviations to exercise normalisation.
 */
export interface BenchPassage {
  id: string;
  grade: 'K' | 1 | 2 | 3 | 4 | 5;
  text: string;
}

export const BENCH_PASSAGES: readonly BenchPassage[] = [
  {
    id: 'k-red-hat',
    grade: 'K',
    text: 'I see a red hat. The hat is on the cat. The cat can sit. The cat can run. I like the cat and the hat. We can play in the sun.',
  },
  {
    id: 'g1-dog-walk',
    grade: 1,
    text:
      'Sam has a little dog named Pip. Every day they go for a walk in the park. Pip likes to run and jump. ' +
      'One day Pip saw a big duck by the pond. Pip went to say hello, but the duck said quack and flew away. ' +
      'Sam laughed and gave Pip a hug.',
  },
  {
    id: 'g2-garden',
    grade: 2,
    text:
      'Grandma Rose has a garden behind her house. In the spring we plant seeds in long rows. ' +
      'We plant beans, carrots and 3 kinds of flowers. Every morning I bring water in a green can. ' +
      'After a few weeks, small green shoots pop out of the dirt. By summer the beans climb up the fence ' +
      'and the flowers are taller than me. Grandma says a garden teaches you to be patient. ' +
      'I think it also teaches you to like carrots.',
  },
  {
    id: 'g3-storm',
    grade: 3,
    text:
      'The storm started just after dinner. First the wind began to howl around the corners of the barn. ' +
      'Then the rain came down so hard that it sounded like stones on the roof. Mia and her brother Leo ' +
      'watched from the kitchen window as lightning lit up the whole field. Dad checked the flashlights ' +
      'while Mom counted the seconds between each flash and the thunder. When she reached 10, she smiled ' +
      'and said the storm was moving away. By bedtime the rain had softened to a gentle tapping, and the ' +
      'children fell asleep listening to it.',
  },
  {
    id: 'g4-museum',
    grade: 4,
    text:
      'On Friday our class took a bus to the city museum. Mr. Patel, our teacher, reminded everyone to ' +
      'stay with a partner and keep our notebooks ready. The first hall was filled with fossils, including ' +
      'a skeleton of a dinosaur that was longer than the bus. A guide explained that scientists had found ' +
      'the bones in a desert and carefully carried them here piece by piece. Next we visited a room about ' +
      'the ocean, where a huge model of a blue whale hung from the ceiling. My partner Jada counted the ' +
      'steps it would take to walk from its tail to its head. Before we left, each of us wrote one question ' +
      'we still wanted to answer. Mine was how a whale can hold its breath for so long.',
  },
  {
    id: 'g5-lighthouse',
    grade: 5,
    text:
      'For more than a hundred years, the lighthouse on Gull Point warned ships away from the rocky shore. ' +
      'Its keeper climbed the narrow stairs every evening to light the great lamp and wind the machine that ' +
      'turned it. In 1952 the light was changed to run by electricity, and the last keeper moved to the ' +
      'village. Without anyone to care for it, the tower slowly began to crumble. Paint peeled from the ' +
      'walls, and storms broke several of the windows. Then a group of students decided to save it. They ' +
      'wrote letters to the town council, organized bake sales, and collected old photographs to show how ' +
      'the lighthouse once looked. After three years of work, volunteers repaired the stairs and replaced ' +
      'the broken glass. Today visitors can climb to the top, look out across the water, and imagine the ' +
      'keeper watching for ships on a dark and stormy night.',
  },
];

/**
 * Misreadings a child plausibly makes (visual or sound-alike confusions, tense and plural
 * slips), written for the benchmark by hand, independently of the recogniser's distractors.
 * None is a homophone of its word in the CMU dictionary (sun/son, ceiling/sealing,
 * council/counsel, desert/dessert were): a misreading that sounds exactly like the word cannot
 * be heard by a listener or a recogniser, so it would count as a miss of no scorer's making
 * (passages.test.ts checks this).
 */
export const MISREADINGS: Readonly<Record<string, string>> = {
  hat: 'hot',
  cat: 'cut',
  sit: 'set',
  run: 'ran',
  sun: 'sin',
  play: 'pray',
  little: 'litter',
  walk: 'work',
  park: 'pack',
  jump: 'jumped',
  duck: 'dock',
  pond: 'pound',
  went: 'want',
  flew: 'flow',
  hug: 'hog',
  garden: 'guarding',
  house: 'horse',
  plant: 'planet',
  seeds: 'sends',
  rows: 'roses',
  beans: 'bins',
  water: 'waiter',
  green: 'grain',
  weeks: 'works',
  shoots: 'shouts',
  climb: 'clean',
  fence: 'fans',
  patient: 'parent',
  storm: 'store',
  howl: 'hole',
  corners: 'comers',
  barn: 'bark',
  stones: 'stores',
  roof: 'rough',
  brother: 'bother',
  window: 'widow',
  lightning: 'lighting',
  field: 'filled',
  counted: 'coated',
  softened: 'shortened',
  gentle: 'giant',
  museum: 'music',
  reminded: 'remained',
  partner: 'painter',
  fossils: 'fossil',
  skeleton: 'skeletons',
  desert: 'deserted',
  carefully: 'careful',
  ceiling: 'sailing',
  breath: 'bread',
  warned: 'warmed',
  shore: 'share',
  narrow: 'arrow',
  lamp: 'lump',
  crumble: 'crumple',
  peeled: 'pulled',
  several: 'seven',
  council: 'counting',
  collected: 'corrected',
  repaired: 'prepared',
  replaced: 'relaxed',
  imagine: 'image',
  stormy: 'story',
};

/** Words a reader adds (insertions): small words children commonly insert. */
export const INSERTIONS: readonly string[] = ['very', 'really', 'so', 'then', 'and', 'big', 'all'];
