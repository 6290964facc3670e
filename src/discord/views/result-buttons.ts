import { ButtonStyle, type APIButtonComponentWithCustomId } from 'discord.js';
import type { Translate } from '../../i18n/index.js';
import { button } from '../components.js';
import { encodeId } from '../custom-id.js';

/** The Rematch button of a finished game's last post and of its lobby message. */
export function rematchButton(game: number, t: Translate): APIButtonComponentWithCustomId {
  return button(encodeId({ kind: 'rematch', game }), t('rematch.button'), ButtonStyle.Success, '🔁');
}

/** The Replay button of a finished game's last post: a replay from the start, privately. */
export function replayButton(game: number, t: Translate): APIButtonComponentWithCustomId {
  return button(encodeId({ kind: 'replay', game }), t('replay.button'), ButtonStyle.Secondary, '🎞️');
}
