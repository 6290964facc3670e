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
import { inForce, isResign, setupEvents } from '../service/replay.js';
import { presentContext, presenterOf, type BotContext } from './context.js';
import { encodeId } from './custom-id.js';
import { placeWarning, refuse, tellPrivately, type Handled } from './replies.js';

/** Room for one page of log lines in a message, leaving space for its heading. */
export const PAGE_CHARS = 1800;
/** Actions read per query, and at most per page: actions that say little cannot make a page read the whole log. */
const BATCH = 40;
const MAX_ROWS = 200;

/**
 * Which page of the log to show: the newest, or one anchored at an action (0: the setup). 'older'
 * ends with action `seq` and is filled backwards; 'newer' starts with it and is filled forwards.
 */
export type LogCursor = 'newest' | { seq: number; toward: 'older' | 'newer' };

/** One page: its text and the actions it shows (0 stands for the setup). */
export interface LogPage {
  text: string;
  first: number;
  last: number;
  /** Actions in the whole log. */
  total: number;
}

/** Texts packed into a page in the order they are added; the first one is cut if it alone is too long. */
class Packer {
  readonly texts: string[] = [];
  private used = 0;

  /** False (and nothing added) when the text would overflow a page that already holds something. */
  add(text: string): boolean {
    if (text === '') return true;
    if (this.texts.length === 0) {
      const cut = text.length > PAGE_CHARS ? `${text.slice(0, PAGE_CHARS - 1)}…` : text;
      this.texts.push(cut);
      this.used = cut.length;
      return true;
    }
    if (this.used + 1 + text.length > PAGE_CHARS) return false;
    this.texts.push(text);
    this.used += 1 + text.length;
    return true;
  }
}

/**
 * One page of a game's public log, read from the store page by page: whole actions until the
 * next would overflow the page, never the whole log. Built from the spectators' events and the
 * notes on moves the bot made for absent players only, so it holds nothing hidden.
 */
export function readLogPage(ctx: Pick<BotContext, 'presenters' | 'service'>, game: LoadedGame, cursor: LogCursor, t: Translate): LogPage {
  const store = ctx.service.store;
  const presenter = presenterOf(ctx, game.row.gameId);
  const pctx = { ...presentContext(ctx, game, 'en'), t };
  const total = game.row.version;
  const setupText = () => presenter.describe(setupEvents(game.def, game.row, game.seats.length), pctx).join('\n');
  const actionText = (row: ReturnType<typeof store.log.slice>[number]) => {
    const player = pctx.players[row.seat]?.name ?? `#${row.seat + 1}`;
    const note = row.origin === 'timeout' ? [t(isResign(row.action) ? 'post.timeout.removed' : 'post.timeout.moved', { player })] : [];
    return [...note, ...presenter.describe(row.publicEvents as unknown[], pctx)].join('\n');
  };
  const page = new Packer();
  /**
   * Adds whole actions from `from` on, one way, until the page is full, the log ends or the row
   * budget is spent; returns the last action added (null for none) and whether the page is full.
   */
  const take = (toward: 'newer' | 'older', from: number): { taken: number | null; full: boolean } => {
    const step = toward === 'newer' ? 1 : -1;
    let seq = from;
    let taken: number | null = null;
    let rows = 0;
    while (seq >= 1 && seq <= total && rows < MAX_ROWS) {
      const batch = store.log.slice(game.row.id, seq, toward, Math.min(BATCH, MAX_ROWS - rows));
      if (batch.length === 0) break;
      rows += batch.length;
      for (const row of batch) {
        // A move taken back, and the undo itself, leave no trace in the public log.
        if (inForce(row) && !page.add(actionText(row))) return { taken, full: true };
        taken = row.seq;
        seq = row.seq + step;
      }
    }
    return { taken, full: false };
  };
  // A cursor beyond the end (the log is shorter than asked) shows the newest page.
  const forward = cursor !== 'newest' && cursor.toward === 'newer' && cursor.seq <= total;
  const anchor = cursor === 'newest' ? total : Math.min(cursor.seq, total);
  if (forward) {
    if (anchor === 0) page.add(setupText());
    const { taken } = take('newer', Math.max(anchor, 1));
    return { text: page.texts.join('\n'), first: anchor, last: taken ?? Math.max(anchor - 1, 0), total };
  }
  const { taken, full } = take('older', anchor);
  let first = taken ?? anchor + 1;
  if (!full && first === 1 && page.add(setupText())) first = 0;
  return { text: page.texts.reverse().join('\n'), first, last: anchor, total };
}

/** Which moves a page shows, in words: "the setup and moves 1–12 of 80". */
function shown(page: LogPage, t: Translate): string {
  if (page.last === 0) return t(page.total === 0 ? 'log.shown.start' : 'log.shown.setup');
  const from = Math.max(page.first, 1);
  const moves =
    from === page.last ? t('log.shown.move', { move: from, total: page.total }) : t('log.shown.moves', { first: from, last: page.last, total: page.total });
  return page.first === 0 ? t('log.shown.setup-and', { moves }) : moves;
}

function pageButton(game: number, seq: number, toward: 'older' | 'newer', label: string, disabled: boolean): APIButtonComponentWithCustomId {
  return { type: ComponentType.Button, custom_id: encodeId({ kind: 'log', game, seq, toward }), label, style: ButtonStyle.Secondary, disabled };
}

/** The message showing one page of a game's log with its Older and Newer buttons; null if the game never started. */
export function logMessage(ctx: Pick<BotContext, 'presenters' | 'service'>, gameId: number, cursor: LogCursor, t: Translate) {
  const game = ctx.service.load(gameId);
  if (!game || game.row.status === 'lobby' || game.row.state === null) return null;
  // The public log ends before the first move that may still be taken back.
  const page = readLogPage(ctx, ctx.service.shownTo(game, null), cursor, t);
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
const validCursor = (cursor: LogCursor) => cursor === 'newest' || (Number.isSafeInteger(cursor.seq) && cursor.seq >= (cursor.toward === 'newer' ? 1 : 0));

/**
 * Shows one page of a game's log, only to the user who asked. Buttons page back and forth; a
 * click updates the same message.
 */
export async function showLog(ctx: BotContext, interaction: RepliableInteraction, gameId: number, cursor: LogCursor, t: Translate): Promise<Handled> {
  if (!validCursor(cursor)) return refuse(interaction, t, 'refusal.bad-options', {}, gameId);
  const built = logMessage(ctx, gameId, cursor, t);
  if (!built) return refuse(interaction, t, 'refusal.not-running', {}, gameId);
  const { message, page } = built;
  if (interaction.isMessageComponent()) await interaction.update(message);
  else {
    await interaction.reply({ ...message, flags: MessageFlags.Ephemeral });
    // A full page leaves no room for it: the warning that the game's place cannot be posted in comes after.
    const warning = placeWarning(ctx.service.store.get(gameId) ?? { unreachableSince: null, channelId: '' }, t);
    if (warning) await tellPrivately(interaction, warning);
  }
  return { game: gameId, action: 'log', outcome: `ok:${page.first}-${page.last}/${page.total}` };
}
