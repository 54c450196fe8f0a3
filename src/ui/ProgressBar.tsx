import './progress-bar.css';

/** Props of {@link ProgressBar}. */
export interface ProgressBarProps {
  /** 0–100. */
  percent: number;
  /** Its accessible name, e.g. "Story Time progress". */
  label: string;
  /** The value in words, shown and read out, e.g. "1 of 2 stories, 50%". */
  valueText: string;
  className?: string;
}

/**
 * A progress bar (role progressbar with a name, 0–100 and the value in words) drawn as a bar plus its
 * value in words, so progress is never shown by length or colour alone.
 *
 * It writes the ARIA attributes itself rather than using react-aria's ProgressBar: react-aria's Button
 * imports that module (for its pending state), so using its ProgressBar anywhere put the component
 * with its number formatting and label code in every first load (about 1.7 kB gzipped;
 * docs/decisions/0012-route-splitting.md, 29 Nov 2026). Nothing here needs a formatter: the value
 * text is given.
 */
export function ProgressBar({ percent, label, valueText, className }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <div
      role="progressbar"
      className={className ? `progress ${className}` : 'progress'}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      aria-valuetext={valueText}
    >
      <span className="progress__bar" aria-hidden="true">
        <span className="progress__fill" style={{ width: `${value}%` }} />
      </span>
      <span className="progress__value">{valueText}</span>
    </div>
  );
}
