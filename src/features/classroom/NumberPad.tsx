import { CLASS_CODE_LENGTH } from '#core/api/classes.ts';
import { Button } from '../../ui/Button.tsx';

/** The pad's keys in a phone's order; "Back" sits left of 0. */
const ROWS = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
  ['back', '0'],
] as const;

/** "4 8 2": digits one at a time, as a screen reader should say them. */
function spelled(digits: string): string {
  return [...digits].join(' ');
}

/** Props of {@link NumberPad}. */
export interface NumberPadProps {
  /** The digits entered so far (0 to CLASS_CODE_LENGTH). */
  digits: string;
  onDigit: (digit: string) => void;
  onBack: () => void;
}

/**
 * A big on-screen number pad for a class code (docs/decisions/0046-classes.md): the digits entered so far, big, in
 * two groups of three boxes, and the keys 0–9 and Back.
 *
 * Each key's accessible name is its visible digit ("4"), which is what a screen reader says and what a child says:
 * the voice layer turns every visible button's name into a command (voice/visible-controls.ts), and command
 * phrases are spoken with numbers in words (core/voice/command.ts `phraseTokens`: "4" → "four"), so saying "four"
 * presses 4. "Back" erases the last digit; while the pad is shown, it takes the word "back" from the global "go
 * back a page" (a visible control comes before the global actions; "go back" still goes back). Keys are plain
 * buttons in the Tab order, so Tab and Enter (two switches) reach and press every one; they are never disabled,
 * so focus never drops off a key that has just been pressed.
 */
export function NumberPad({ digits, onDigit, onBack }: NumberPadProps) {
  const boxes = Array.from({ length: CLASS_CODE_LENGTH }, (_, i) => digits[i] ?? '');
  const left = CLASS_CODE_LENGTH - Math.min(digits.length, CLASS_CODE_LENGTH);
  return (
    <div className="classroom-pad">
      <p className="classroom-pad__entered" role="status">
        <span className="classroom-pad__boxes" aria-hidden="true">
          {boxes.map((digit, i) => (
            <span
              key={i}
              className={`classroom-pad__box${digit ? ' classroom-pad__box--filled' : ''}${
                i === digits.length ? ' classroom-pad__box--next' : ''
              }${i === CLASS_CODE_LENGTH / 2 ? ' classroom-pad__box--group' : ''}`}
            >
              {digit}
            </span>
          ))}
        </span>
        <span className="visually-hidden">
          {digits.length === 0
            ? 'No numbers yet.'
            : `Numbers: ${spelled(digits.slice(0, CLASS_CODE_LENGTH))}. ${
                left === 0 ? 'That is all 6.' : `${left} more to go.`
              }`}
        </span>
      </p>
      <div className="classroom-pad__keys" role="group" aria-label="Number pad">
        {ROWS.map((row, r) => (
          <div key={r} className="classroom-pad__row">
            {row.map((key) =>
              key === 'back' ? (
                <Button
                  key={key}
                  variant="secondary"
                  icon="selfCorrection"
                  className="classroom-pad__key classroom-pad__key--back"
                  onPress={onBack}
                >
                  Back
                </Button>
              ) : (
                <Button
                  key={key}
                  variant="secondary"
                  className="classroom-pad__key"
                  onPress={() => onDigit(key)}
                >
                  {key}
                </Button>
              ),
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
