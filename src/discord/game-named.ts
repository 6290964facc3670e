/**
 * A post outside a game's own thread names the game in its first line (its name and number):
 * in a channel it stands among other games' posts. Inside the thread, whose name says the game,
 * only the opening post does. Where a post goes is settled only as it is sent (a game whose thread
 * is gone moves to its channel then), so the announcer names it there, whatever it was made for.
 */
import type { Translate } from '../i18n/index.js';
import { payloadOf, withPayload } from '../multipart.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';
import type { Outgoing } from './delivery.js';

/** The line that names a game: its name and number. */
export const gameHeader = (t: Translate, gameName: string, id: number): string => t('post.header', { game: gameName, id });

/** Room a post's text leaves for the game's name, should it go out of the thread: a game's name is short. */
export const HEADER_ROOM = 100;

/** `text` with `header` as its first line, unless it has it already. */
export function headed(text: string, header: string): string {
  return text.startsWith(header) ? text : fitText(`${header}\n${text}`, DISCORD_LIMITS.content);
}

/**
 * The message with the game's name as the first line of its text, in the upload of its image too,
 * and in its words where it goes out without the image.
 */
export function named(message: Outgoing, header: string): Outgoing {
  const content = headed(message.content, header);
  if (content === message.content) return message;
  const { words } = message;
  return {
    ...message,
    content,
    ...(message.upload ? { upload: withPayload(message.upload, { ...payloadOf(message.upload), content }) } : {}),
    ...(words ? { words: () => headed(words(), header) } : {}),
  };
}
