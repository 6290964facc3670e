import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type RepliableInteraction,
} from 'discord.js';
import type { Translate } from '../i18n/index.js';
import type { LoadedGame } from '../service/game-service.js';
import { setupEvents } from '../service/action-log.js';
import type { BotContext } from './context.js';
import { presentContext, presenterOf } from './views/present.js';
import { encodeId } from './custom-id.js';
import { actionRow, moveLines, publicMoves } from './public-moves.js';
import { placeWarning, refuse, tellPrivately, type Handled } from './replies.js';
import { fitText } from '../text-fit.js';

/** Room for one page of log lines in a message, leaving space for its heading. */
export const PAGE_CHARS = 1800;
/** Moves on a page at most: a page stays readable, and reads a bounded number of actions. */
export const PAGE_MOVES = 40;

/**
 * Which page of the log to show: the newest, or one anchored at a move (0: the setup). 'older'
 * ends with move `move` and is filled backwards; 'newer' starts with it and is filled forwards.
 * Moves are numbered as `/game log` lists them and the replay steps through them (./public-moves.ts).
 */
export type LogCursor = 'newest' | { move: number; toward: 'older' | 'newer' };

/** One page: its text and the moves it shows (0 stands for the setup). */
export interface LogPage {
  text: string;
  first: number;
  last: number;
  /** Moves in the whole log. */
  total: number;
}

/** Texts packed into a page in the order they are added; the first one is cut if it alone is too long. */
class Packer {
  readonly texts: string[] = [];
  private used = 0;

  /** False (and nothing added) when the text would overflow a page that already holds something. */
  add(text: string): boolean {
    if (this.texts.length === 0) {
      const cut = fitText(text, PAGE_CHARS);
      this.texts.push(cut);
      this.used = cut.length;
      return true;
    }
    if (this.used + 1 + text.length > PAGE_CHARS) return false;
    this.texts.push(text);
    this.used += 1 + text.length;
    return true;
  }

  /** Takes back the text added last. */
  drop(): void {
    const text = this.texts.pop() ?? '';
    this.used = Math.max(0, this.used - 1 - text.length);
  }
}

/**
 * One page of a game's public log: whole moves until the next would overflow the page, each read
 * by its own row, never the whole log. Built from the spectators' events and the notes on moves
 * the bot made for absent players only, so it holds nothing hidden. The game as loaded: the log
 * ends before the first move that may still be taken back.
 */
export async function readLogPage(ctx: Pick<BotContext, 'presenters' | 'service'>, game: LoadedGame, cursor: LogCursor, t: Translate): Promise<LogPage> {
  const moves = await publicMoves(ctx, game);
  const total = moves.seqs.length;
  const presenter = presenterOf(ctx, game.row.gameId);
  const pctx = { ...presentContext(ctx, game, 'en'), t };
  const setup = presenter.describe(setupEvents(game.def, game.row, game.seats.length), pctx).join('\n');
  /** The text of entry `n`: the setup (0), or move n. */
  const entry = async (n: number): Promise<string> => {
    if (n === 0) return setup;
    const row = await actionRow(ctx, game.row.id, moves.seqs[n - 1] as number);
    return row ? moveLines(row, presenter, pctx).join('\n') : '';
  };
  /** Entries left beyond a page, in the direction it was filled: the setup counts only when it says something. */
  const leftBeyond = (edge: number, toward: 'older' | 'newer') => (toward === 'newer' ? total - edge : edge - 1 + (setup === '' ? 0 : 1));
  const page = new Packer();
  const forward = cursor !== 'newest' && cursor.toward === 'newer' && cursor.move <= total;
  const toward = forward ? 'newer' : 'older';
  const step = forward ? 1 : -1;
  const anchor = cursor === 'newest' ? total : Math.min(cursor.move, total);
  let edge = anchor - step;
  // An empty setup is no line: it goes with the page that reaches move 1.
  const empty = (n: number) => n === 0 && setup === '';
  while (edge + step >= 0 && edge + step <= total && page.texts.length < PAGE_MOVES) {
    const next = edge + step;
    if (!empty(next) && !page.add(await entry(next))) break;
    edge = next;
  }
  // No page of one move alone: when a single entry would be left beyond this page, it gets this page's outermost one for company.
  if (page.texts.length >= 3 && leftBeyond(edge, toward) === 1 && !empty(edge)) {
    page.drop();
    edge -= step;
  }
  if (!forward && edge === 1 && setup === '') edge = 0;
  const texts = forward ? page.texts : [...page.texts].reverse();
  const [first, last] = forward ? [anchor, Math.max(edge, anchor)] : [Math.min(edge, anchor), anchor];
  return { text: texts.join('\n'), first, last, total };
}

/** Which moves a page shows, in words: "the setup and moves 1–12 of 80". */
function shown(page: LogPage, t: Translate): string {
  if (page.last === 0) return t(page.total === 0 ? 'log.shown.start' : 'log.shown.setup');
  const from = Math.max(page.first, 1);
  const moves =
    from === page.last ? t('log.shown.move', { move: from, total: page.total }) : t('log.shown.moves', { first: from, last: page.last, total: page.total });
  return page.first === 0 ? t('log.shown.setup-and', { moves }) : moves;
}

function pageButton(game: number, move: number, toward: 'older' | 'newer', label: string, disabled: boolean): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, custom_id: encodeId({ kind: 'log', game, move, toward }), label, style: ButtonStyle.Secondary, disabled };
}

/** The message showing one page of a game's log with its Older and Newer buttons; null if the game never started. */
export async function logMessage(ctx: Pick<BotContext, 'presenters' | 'service'>, gameId: number, cursor: LogCursor, t: Translate) {
  const game = await ctx.service.load(gameId);
  if (!game || game.row.status === 'lobby' || game.row.state === null) return null;
  // The public log ends before the first move that may still be taken back.
  const page = await readLogPage(ctx, game, cursor, t);
  const heading = t('log.heading', { game: t(presenterOf(ctx, game.row.gameId).name), id: gameId, shown: shown(page, t) });
  const atStart = page.first === 0;
  const atEnd = page.last >= page.total;
  const row: APIActionRowComponent<APIButtonComponentWithCustomId> = {
    type: ComponentType.ActionRow,
    components: [
      pageButton(gameId, Math.max(page.first - 1, 0), 'older', t('log.older'), atStart),
      pageButton(gameId, page.last + 1, 'newer', t('log.newer'), atEnd),
    ],
  };
  const message = { content: `${heading}\n${page.text}`, components: atStart && atEnd ? [] : [row], allowedMentions: { parse: [] } };
  return { message, page };
}

/** Move numbers come from users and buttons: a page starts at move 1 or later, and ends at the setup or later. */
const validCursor = (cursor: LogCursor) => cursor === 'newest' || (Number.isSafeInteger(cursor.move) && cursor.move >= (cursor.toward === 'newer' ? 1 : 0));

/**
 * Shows one page of a game's log, only to the user who asked. Buttons page back and forth; a
 * click updates the same message.
 */
export async function showLog(ctx: BotContext, interaction: RepliableInteraction, gameId: number, cursor: LogCursor, t: Translate): Promise<Handled> {
  if (!validCursor(cursor)) return refuse(interaction, t, 'refusal.bad-options', {}, gameId);
  const built = await logMessage(ctx, gameId, cursor, t);
  if (!built) return refuse(interaction, t, 'refusal.not-running', {}, gameId);
  const { message, page } = built;
  if (interaction.isMessageComponent()) await interaction.update(message);
  else {
    await interaction.reply({ ...message, flags: MessageFlags.Ephemeral });
    // A full page leaves no room for it: the warning that the game's place cannot be posted in comes after.
    const warning = placeWarning((await ctx.service.gameRow(gameId)) ?? { unreachableSince: null, channelId: '' }, t);
    if (warning) await tellPrivately(interaction, warning);
  }
  return { game: gameId, action: 'log', outcome: `ok:${page.first}-${page.last}/${page.total}` };
}
