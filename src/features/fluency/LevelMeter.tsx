import { levelDescription, levelPercent } from '#core/fluency-session/level.ts';

/**
 * The live input level while recording: a bar with role=meter, labelled, with its value in words.
 * A meter is not a live region, so a screen reader reads it only when asked: no flood of numbers.
 */
export function LevelMeter({ level }: { level: number }) {
  // Whole steps of 5 % keep the accessibility tree from changing on every audio block.
  const value = Math.round(levelPercent(level) / 5) * 5;
  return (
    <div className="level-meter">
      <span className="level-meter__label" id="level-meter-label">
        Microphone level
      </span>
      <div
        role="meter"
        aria-labelledby="level-meter-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={`${levelDescription(level)} (${value}%)`}
        className="level-meter__track"
      >
        <div className="level-meter__fill" style={{ inlineSize: `${value}%` }} />
      </div>
      <span className="level-meter__words" aria-hidden="true">
        {levelDescription(level)}
      </span>
    </div>
  );
}
