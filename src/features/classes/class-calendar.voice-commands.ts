/**
 * What can be said on Class Calendar (docs/decisions/0051-class-calendar.md) besides its buttons and links (which
 * are commands by their visible names, voice/visible-controls.ts): "next month"; "last month" or "previous month";
 * "this month" or "today", which also choose today. The page registers them while the calendar is shown.
 */
import type { VoiceCommand } from '#core/voice/command.ts';

/** Action ids the page handles. */
export const CLASS_CALENDAR_ACTIONS = {
  nextMonth: 'class-calendar-next-month',
  previousMonth: 'class-calendar-previous-month',
  thisMonth: 'class-calendar-this-month',
} as const;

const action = (phrase: string, target: string): VoiceCommand => ({ phrase, intent: 'action', target });

/** The calendar's own commands. */
export function classCalendarVoiceCommands(): VoiceCommand[] {
  return [
    action('next month', CLASS_CALENDAR_ACTIONS.nextMonth),
    action('last month', CLASS_CALENDAR_ACTIONS.previousMonth),
    action('previous month', CLASS_CALENDAR_ACTIONS.previousMonth),
    action('this month', CLASS_CALENDAR_ACTIONS.thisMonth),
    action('today', CLASS_CALENDAR_ACTIONS.thisMonth),
  ];
}
