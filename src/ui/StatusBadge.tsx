import { Icon, type IconName } from './Icon.tsx';
import './status-badge.css';

/**
 * Where a feature stands today. Public copy must not claim what the app does not do yet (issue 2),
 * so every feature description carries one of these, and it moves as features land.
 * - `ready`: works in this release;
 * - `building`: being built now;
 * - `planned`: on the plan, not started.
 */
export type FeatureStatus = 'ready' | 'building' | 'planned';

const BADGE: Record<FeatureStatus, { label: string; icon: IconName }> = {
  ready: { label: 'Ready now', icon: 'check' },
  building: { label: 'Being built now', icon: 'hammer' },
  planned: { label: 'Coming later', icon: 'clock' },
};

/** The words a status badge shows, e.g. "Being built now". */
export function statusLabel(status: FeatureStatus): string {
  return BADGE[status].label;
}

/** A feature's status as icon plus text, never colour alone (WCAG 1.4.1). */
export function StatusBadge({ status }: { status: FeatureStatus }) {
  const { label, icon } = BADGE[status];
  return (
    <p className={`status-badge status-badge--${status}`}>
      <Icon name={icon} size={18} />
      <span>{label}</span>
    </p>
  );
}
