import type { LoadedGame } from '../service/game-service.js';
import { applyLogged, inForce, startOf } from '../service/action-log.js';
import type { AnyGamePresenter, RoundTurn } from '../games/presenter.js';

/** Where a round reads the game's log (GameService). */
export interface RoundLog {
  loggedActions(gameId: number): Promise<readonly RoundEntry[]>;
}

/** A logged action as the round reads it. */
export interface RoundEntry {
  seq: number;
  seat: number;
  action: unknown;
  undone?: boolean;
}

/**
 * What a board post covers beyond its own moves: everything since the previous turn of the player
 * it asks to move, so that a turn of his opponents (a bot's, made a second after the one before,
 * whose post was cut down at once) is still marked on the board he looks at.
 */
export interface PostRound {
  /** The post tells the moves after this sequence number (no later than the previous post's). */
  fromSeq: number;
  /**
   * The turns of the round before the last one, oldest first: who made each and the spectators'
   * view at its end. The board marks their changes beside the last turn's, which its own view shows.
   */
  earlier: RoundTurn[];
}

/**
 * The round of a post: from the last move of the players it waits for (`waitedFor`, seats; the
 * latest of theirs), or from the previous post where nobody is waited for or that came later. The
 * log is that of the game's moves in force, oldest first, up to the version posted.
 */
export function roundOf(
  game: LoadedGame,
  log: readonly RoundEntry[],
  waitedFor: readonly number[],
  postFrom = game.row.lastPostedSeq,
  bySteps = false,
): PostRound {
  const { row } = game;
  const moves = log.filter((a) => a.seq <= row.version && inForce(a));
  let fromSeq = postFrom;
  if (waitedFor.length > 0 && postFrom >= 0) {
    const waited = new Set(waitedFor);
    const theirs = moves.filter((a) => waited.has(a.seat)).map((a) => a.seq);
    // Someone who has not moved yet sees the game from its start.
    fromSeq = Math.min(postFrom, theirs.length === 0 ? 0 : Math.max(...theirs));
  }
  const inRound = moves.filter((a) => a.seq > fromSeq);
  // A turn is a run of one seat's moves (with `bySteps`, every move); the last is the one the view itself shows as last.
  const ends: number[] = [];
  for (let i = 0; i + 1 < inRound.length; i++) {
    if (bySteps || (inRound[i] as RoundEntry).seat !== (inRound[i + 1] as RoundEntry).seat) ends.push((inRound[i] as RoundEntry).seq);
  }
  if (ends.length === 0) return { fromSeq, earlier: [] };
  const endSet = new Set(ends);
  const earlier: RoundTurn[] = [];
  let state = startOf(game.def, row, game.seats.length);
  for (const entry of moves) {
    if (entry.seq > (ends[ends.length - 1] as number)) break;
    state = applyLogged(game.def, state, entry.seat, entry.action);
    if (endSet.has(entry.seq)) earlier.push({ seat: entry.seat, view: game.def.view(state, null) });
  }
  return { fromSeq, earlier };
}

/**
 * The round of a board post (the game as posted: see GameService.shownTo): the turns since the
 * previous turn of the people it asks to move. Nobody asked (the game is over, a bot is to move),
 * the opening post, or a game whose posts gather the round themselves: its own moves only, and the
 * log is not read.
 */
export async function postRound(game: LoadedGame, log: RoundLog, presenter?: Pick<AnyGamePresenter, 'postsRound' | 'roundBySteps'>): Promise<PostRound> {
  const { row } = game;
  if (presenter?.postsRound === false) return { fromSeq: row.lastPostedSeq, earlier: [] };
  const people = row.status === 'running' ? game.def.toAct(game.state).filter((seat) => game.seats[seat]?.botLevel === null) : [];
  if (row.lastPostedSeq < 0 || people.length === 0) return { fromSeq: row.lastPostedSeq, earlier: [] };
  const entries = await log.loggedActions(row.id);
  try {
    return roundOf(game, entries, people, row.lastPostedSeq, presenter?.roundBySteps === true);
  } catch {
    // The round is a courtesy: a log that does not replay (it should) leaves the post its own moves.
    return { fromSeq: row.lastPostedSeq, earlier: [] };
  }
}

/**
 * The round a player looking at the board (`/game board`) missed: the turns since his own last
 * move, each marked as a post marks them. A spectator, or a game whose posts gather the round
 * themselves, sees the last turn's marks only.
 */
export async function viewerRound(
  game: LoadedGame,
  seat: number | undefined,
  log: RoundLog,
  presenter?: Pick<AnyGamePresenter, 'postsRound' | 'roundBySteps'>,
): Promise<PostRound['earlier']> {
  if (seat === undefined || presenter?.postsRound === false || game.row.version <= 0) return [];
  try {
    return roundOf(game, await log.loggedActions(game.row.id), [seat], game.row.version, presenter?.roundBySteps === true).earlier;
  } catch {
    return [];
  }
}
