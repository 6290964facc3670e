/**
 * A game's public moves: the logged actions that stand (neither taken back nor an undo) and say
 * something in the public log, up to the last action spectators may see (`GameService.shownTo`:
 * a move that may still be taken back is not shown yet). `/game log` lists them and the replay
 * steps through them, both numbering them 1, 2, …, so that what is counted is what is listed. An
 * action that says nothing of its own (an "end turn" when the turn simply passes) belongs
 * to the move before it: the board after that move is the board after it.
 */
import type { ActionRow } from '../db/schema.js';
import type { GamePresenter, PresentContext } from '../games/presenter.js';
import type { LoadedGame } from '../service/game-service.js';
import { inForce } from '../service/action-log.js';
import { originNote } from './post-content.js';
import { Lru } from '../lru.js';
import { Slices } from '../pace.js';
import type { BotContext } from './context.js';
import { presentContext, presenterOf } from './views/present.js';

export interface PublicMoves {
  /** The seq of each move's action: move n is `seqs[n - 1]`. */
  readonly seqs: readonly number[];
  /** Whether each move closed a turn, trick or round (the game posts after it). */
  readonly closes: readonly boolean[];
  /** The last action spectators may see; the moves are read up to it. */
  readonly through: number;
}

/** The log lines of one logged action: a note when the bot moved for an absent player, then what happened. */
export function moveLines(
  row: Pick<ActionRow, 'seat' | 'action' | 'origin' | 'publicEvents'>,
  presenter: Pick<GamePresenter, 'describe'>,
  pctx: PresentContext,
): string[] {
  const player = pctx.players[row.seat]?.name ?? `#${row.seat + 1}`;
  const note = originNote(row, player, pctx.t);
  return [...(note === null ? [] : [note]), ...presenter.describe(row.publicEvents as unknown[], pctx)];
}

/** The action after which move `n`'s board is shown (0: the start): just before the next move, or the last shown. */
export function endOf(moves: PublicMoves, n: number): number {
  return n < moves.seqs.length ? (moves.seqs[n] as number) - 1 : moves.through;
}

/** Rows read per query while indexing. */
const BATCH = 200;
/** Games whose moves are kept: a few numbers per move, so a few hundred games cost a few megabytes at most. */
const GAMES_KEPT = 300;

/**
 * Per service (tests open many), the moves of the games asked about lately. Only ever extended: the
 * actions spectators may see never change (only a move that may still be taken back can be, and
 * that is not shown), so a game's moves are read once and then only its new actions.
 */
const kept = new WeakMap<object, Lru<number, PublicMoves>>();

/** The public moves of a game as loaded, read from its log the first time and then only as far as it grew. */
export async function publicMoves(ctx: Pick<BotContext, 'presenters' | 'service'>, game: LoadedGame): Promise<PublicMoves> {
  let games = kept.get(ctx.service);
  if (!games) kept.set(ctx.service, (games = new Lru(GAMES_KEPT)));
  const through = (await ctx.service.shownTo(game, null)).row.version;
  const known = games.get(game.row.id);
  if (known && known.through === through) return known;
  const start = known && known.through < through ? known : { seqs: [], closes: [], through: 0 };
  const seqs = [...start.seqs];
  const closes = [...start.closes];
  const presenter = presenterOf(ctx, game.row.gameId);
  // Whether an action says anything does not depend on the language.
  const pctx = presentContext(ctx, game, 'en');
  const slices = new Slices(20);
  for (let next = start.through + 1; next <= through;) {
    const rows = await ctx.service.logPage(game.row.id, next, 'newer', Math.min(BATCH, through - next + 1));
    if (rows.length === 0) break;
    for (const row of rows) {
      next = row.seq + 1;
      if (!inForce(row)) continue;
      const closing = game.def.turnEnded(row.publicEvents as unknown[]);
      if (moveLines(row, presenter, pctx).length > 0) {
        seqs.push(row.seq);
        closes.push(closing);
      } else if (closing && closes.length > 0) {
        // A turn that ends without a word of its own ends with the move before it.
        closes[closes.length - 1] = true;
      }
    }
    // The first reading of a long game gives the event loop back now and then.
    await slices.breathe();
  }
  const moves = { seqs, closes, through };
  const latest = games.get(game.row.id);
  if (!latest || latest.through < through) games.set(game.row.id, moves);
  return moves;
}

/** One logged action, by its seq. */
export async function actionRow(ctx: Pick<BotContext, 'service'>, gameId: number, seq: number): Promise<ActionRow | undefined> {
  return (await ctx.service.logPage(gameId, seq, 'newer', 1)).find((row) => row.seq === seq);
}
