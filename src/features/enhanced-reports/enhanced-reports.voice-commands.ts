/**
 * What can be said on Enhanced Reports (docs/decisions/0053-enhanced-reports.md): a period's name chooses it ("last
 * 4 weeks", "last 12 weeks", "all readings"), since radio options are not among the visible controls that become
 * commands by themselves (voice/visible-controls.ts). The page registers them while shown.
 */
import type { EnhancedPeriod } from '#core/api/enhanced-reports.ts';
import type { VoiceCommand } from '#core/voice/command.ts';
import { PERIOD_OPTIONS } from './enhanced-reports-text.ts';

/** Prefix of the action ids the page handles, followed by a period's id. */
export const ENHANCED_PERIOD_ACTION = 'enhanced-reports-period:';

/** The period choices said aloud. */
export const ENHANCED_REPORTS_VOICE_COMMANDS: readonly VoiceCommand[] = PERIOD_OPTIONS.map((p) => ({
  phrase: p.label.toLowerCase(),
  intent: 'action',
  target: `${ENHANCED_PERIOD_ACTION}${p.id}`,
}));

/** The period an action id names, or null for another action. */
export function periodOfAction(target: string): EnhancedPeriod | null {
  if (!target.startsWith(ENHANCED_PERIOD_ACTION)) return null;
  const id = target.slice(ENHANCED_PERIOD_ACTION.length);
  return PERIOD_OPTIONS.find((p) => p.id === id)?.id ?? null;
}
