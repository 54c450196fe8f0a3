import type { ChatTopic } from '#core/sparky/chat.ts';
import type { IconName } from '../../ui/Icon.tsx';

/**
 * A picture for each question a child can press (chat and conversation), so a child who cannot read
 * yet tells them apart and hears each one with "Read buttons to me": what can I do (the rocket of
 * things to try), read me a story (a book), how am I doing (the progress chart), my streak (the flame
 * of the header's streak chip), help (the caption strip's Help).
 */
export const CHAT_QUESTION_ICONS: Readonly<Record<ChatTopic, IconName>> = {
  'what-can-i-do': 'rocket',
  'read-story': 'book',
  'how-am-i-doing': 'chart',
  streak: 'flame',
  help: 'help',
};
