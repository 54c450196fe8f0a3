/**
 * What can be said on Class Analytics and Student Reports (docs/decisions/0050-class-analytics-and-reports.md): a
 * class's name or a period's name chooses it, as a story's title chooses it on Reading Practice (a Select's options
 * are not buttons, so the visible controls do not cover them); on Student Reports a reader's name or "all readers"
 * chooses whose reports show, and "print" or "print the reports" prints them. The pages register them while shown
 * (voice/use-voice-commands.ts). Every button's and link's visible name can be said as well (voice/visible-controls.ts).
 */
import { MAX_PHRASE_CHARS, MAX_PHRASE_WORDS, phraseTokens, type VoiceCommand } from '#core/voice/command.ts';
import { PERIODS } from './class-analytics-text.ts';

/** Action ids the pages handle: a fixed one, or a prefix followed by an id. */
export const CLASS_FIGURES_ACTIONS = {
  classPrefix: 'class-figures-class:',
  periodPrefix: 'class-figures-period:',
  readerPrefix: 'student-reports-reader:',
  print: 'student-reports-print',
} as const;

/** The reader choice of every reader in the class. */
export const ALL_READERS = 'all';

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/** A name as a phrase the recogniser takes (within its limits, with a word to hear), else nothing. */
function sayable(name: string, target: string): VoiceCommand[] {
  const phrase = name.replace(/\s+/g, ' ').trim();
  const ok =
    phrase.length > 0 &&
    phrase.length <= MAX_PHRASE_CHARS &&
    phrase.split(' ').length <= MAX_PHRASE_WORDS &&
    phraseTokens(phrase).length > 0;
  return ok ? [action(phrase, target)] : [];
}

/**
 * The class and period choices said aloud.
 * @param classes the classes offered, by the names the list shows them (distinctNames); none when there is no choice
 */
export function classPeriodVoiceCommands(classes: readonly { id: string; name: string }[]): VoiceCommand[] {
  return [
    ...classes.flatMap((c) => sayable(c.name, `${CLASS_FIGURES_ACTIONS.classPrefix}${c.id}`)),
    ...PERIODS.map((p) => action(p.label, `${CLASS_FIGURES_ACTIONS.periodPrefix}${p.id}`)),
  ];
}

/**
 * Student Reports' own commands: "print", and the reader choice.
 * @param readers the readers offered, by the names the list shows them (distinctNames)
 */
export function studentReportsVoiceCommands(
  readers: readonly { id: string; name: string }[],
): VoiceCommand[] {
  return [
    action('print', CLASS_FIGURES_ACTIONS.print),
    action('print the reports', CLASS_FIGURES_ACTIONS.print),
    action('all readers', `${CLASS_FIGURES_ACTIONS.readerPrefix}${ALL_READERS}`),
    ...readers.flatMap((r) => sayable(r.name, `${CLASS_FIGURES_ACTIONS.readerPrefix}${r.id}`)),
  ];
}
