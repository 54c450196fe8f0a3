/**
 * What can be said on Class Calendar (docs/decisions/0051-class-calendar.md) besides its buttons and links (which
 * are commands by their visible names, voice/visible-controls.ts): "next month"; "last month" or "previous month";
 * "this month" or "today", which also choose today; "next day", "previous day" or "day before", which
 * step the chosen day. The page registers them while the calendar is shown.
 */
import type { VoiceCommand } from '#core/voice/command.ts';

/** Action ids the page handles. */
export const CLASS_CALENDAR_ACTIONS = {
  nextMonth: 'class-calendar-next-month',
  previousMonth: 'class-calendar-previous-month',
  thisMonth: 'class-calendar-this-month',
  nextDay: 'class-calendar-next-day',
  previousDay: 'class-calendar-previous-day',
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
    action('next day', CLASS_CALENDAR_ACTIONS.nextDay),
    action('previous day', CLASS_CALENDAR_ACTIONS.previousDay),
    action('day before', CLASS_CALENDAR_ACTIONS.previousDay),
  ];
}
