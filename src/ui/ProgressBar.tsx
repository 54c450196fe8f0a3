import { ProgressBar as AriaProgressBar } from 'react-aria-components';
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
 * A progress bar (react-aria's ProgressBar: role progressbar with a name and a value in words) drawn as
 * a bar plus its value in words, so progress is never shown by length or colour alone.
 */
export function ProgressBar({ percent, label, valueText, className }: ProgressBarProps) {
  const value = Math.max(0, Math.min(100, percent));
  return (
    <AriaProgressBar
      className={className ? `progress ${className}` : 'progress'}
      value={value}
      aria-label={label}
      valueLabel={valueText}
    >
      <span className="progress__bar" aria-hidden="true">
        <span className="progress__fill" style={{ width: `${value}%` }} />
      </span>
      <span className="progress__value">{valueText}</span>
    </AriaProgressBar>
  );
}
