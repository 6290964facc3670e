import type { GameService, LoadedGame } from '../service/game-service.js';
import { inForce, isResign, setupEvents } from '../service/action-log.js';
import { markedName, type AnyGamePresenter, type PresentContext } from '../games/presenter.js';
import type { GameResult } from '../engine/index.js';
import { en } from '../i18n/en.js';
import { numberText, signedText, type MessageKey, type Translate } from '../i18n/index.js';
import { mentionOf } from './views/present.js';
import { escapeName } from './player-name.js';
import type { SeatRow } from '../db/schema.js';
import { standsIn } from '../service/away-waits.js';
import { DISCORD_LIMITS, fitText } from '../text-fit.js';
import { gameHeader, HEADER_ROOM } from './game-named.js';

const MAX_CONTENT = DISCORD_LIMITS.content;

/** Where a post reads the game's logged actions: the service. */
export type ActionLog = Pick<GameService, 'loggedActions'>;

/**
 * The text of a game's public post: what happened since the previous post (the setup's events in
 * the opening post), then whom the game waits for and until when, or the final ranking. Built from
 * the spectators' events only. `mentions` are the users to ping: those who must act now.
 * `summary` is what the post is cut down to when the next one goes out.
 */
export async function boardPostText(
  game: LoadedGame,
  log: ActionLog,
  presenter: AnyGamePresenter,
  ctx: PresentContext,
  timeOff?: TimeOffView,
  roundFrom = game.row.lastPostedSeq,
  ratings?: RatingMoves,
): Promise<{ content: string; mentions: string[]; summary: string }> {
  const { t } = ctx;
  const { row } = game;
  // Nothing posted yet (lastPostedSeq is -1 from the start): this is the game's opening post.
  const opening = row.lastPostedSeq < 0;
  // Moves taken back were never made, as far as anyone else is concerned; those that may still be
  // taken back come after `row.version` (see GameService.shownTo) and wait.
  const read = (await log.loggedActions(row.id, Math.min(roundFrom, row.lastPostedSeq))).filter((a) => a.seq <= row.version && inForce(a));
  const logged = read.filter((a) => a.seq > row.lastPostedSeq);
  const events = logged.flatMap((a) => a.publicEvents as unknown[]);
  // The turns of the round told in earlier posts, told again above this one's (its board marks them too).
  const earlier = opening
    ? []
    : presenter.describe(
        read.filter((a) => a.seq <= row.lastPostedSeq).flatMap((a) => a.publicEvents as unknown[]),
        ctx,
      );
  // The setup's events (the deal, the first round) are not logged as an action: they are recomputed.
  if (opening) events.unshift(...setupEvents(game.def, row, game.seats.length));
  const names = ctx.players.map((p) => p.name);
  // In the game's own thread, whose name says the game, only the opening post names it: on every
  // later post the header would repeat the one before. Outside it, every post does (./game-named.ts).
  const named = opening || row.threadId === null;
  const lines = named ? [gameHeader(t, t(presenter.name), row.id)] : [];
  if (opening) lines.push(t('post.started', { players: game.seats.map(mentionOf).join(', ') }));
  const own = [...timeoutNotes(logged, names, t), ...presenter.describe(events, ctx)];
  const toAct = row.status === 'running' ? game.def.toAct(game.state) : [];
  // Only people are asked to move, given a deadline and pinged: a bot player moves within seconds.
  // The bot moves at once for a player away whom the others let it play for: he is not asked either.
  const people = toAct.flatMap((seat) => game.seats[seat] ?? []).filter((s) => s.botLevel === null);
  const waitingFor = people.filter((s) => !(timeOff && standsIn(s, timeOff.now)));
  const resting = timeOff && people.length > 0 ? await timeOff.away(people.map((s) => s.userId)) : new Map<string, { until: number }>();
  const away = timeOff ? awayLines(people, resting, timeOff.now, t) : [];
  // Nobody on time off is pinged: he is named, and the line below says until when he is away.
  const mentions = waitingFor.filter((s) => !resting.has(s.userId)).map((s) => s.userId);
  const departures = row.status === 'finished' ? await departuresOf(game, log) : undefined;
  const footer =
    row.status === 'finished'
      ? [
          ...rankingLines(
            row.result as GameResult,
            ctx.players.map((_, seat) => markedName(ctx, seat)),
            scoreTextOf(presenter, t),
            t,
            breakdownOf(game, presenter, ctx),
            departures,
          ),
          ...(ratings ? await ratingLine(game.seats, names, ratings, t) : []),
        ]
      : [
          presenter.status(game.def.view(game.state, null), ctx),
          ...(waitingFor.length > 0
            ? [t(waitingFor.length > 1 ? 'post.your-turn.many' : 'post.your-turn', { mentions: waitingFor.map(mentionOf).join(', ') })]
            : []),
          ...(waitingFor.length > 0 && row.deadlineAt !== null ? [deadlineLine(row.deadlineAt, t)] : []),
          ...away,
        ];
  // What the post keeps once a newer one has gone out: what happened, not whom it waited for.
  // A post made for the thread keeps room for the game's name, should it go out to the channel instead.
  const max = named ? MAX_CONTENT : MAX_CONTENT - HEADER_ROOM;
  const round = earlier.length > 0 ? [t('post.round'), ...earlier] : [];
  return { content: fit([...lines, ...round, ...own], footer, max), mentions, summary: fit([...lines, ...own], [], max) };
}

/**
 * A board post for a place where the bot may not attach its image: the post, then the board's
 * description (its alt text, the board in words) quoted under it, where it fits in one message.
 */
export function boardInWords(content: string, description: string): string {
  const board = `> ${escapeName(description)}`;
  return content.length + 1 + board.length <= MAX_CONTENT ? `${content}\n${board}` : content;
}

/** How a finished game moved each person's rating, by user id (src/service/standings.ts, ratingMovesOf). */
export type RatingMoves = (userIds: string[]) => Promise<ReadonlyMap<string, { rating: number; change: number }>>;

/** "Ratings: Anne 1020 (+20), Bob 980 (−20)": each person's rating after the game and its change, in seat order; none for bots. */
async function ratingLine(seats: readonly SeatRow[], names: string[], ratings: RatingMoves, t: Translate): Promise<string[]> {
  const people = seats.filter((s) => s.botLevel === null);
  const moves = await ratings([...new Set(people.map((s) => s.userId))]);
  const told = people.flatMap((s) => {
    const move = moves.get(s.userId);
    return move ? [t('post.rating', { player: names[s.seat] ?? `#${s.seat + 1}`, rating: move.rating, change: signedText(move.change) })] : [];
  });
  return told.length === 0 ? [] : [t('post.ratings', { moves: told.join(', ') })];
}

/** "Move by …": a Discord timestamp, which every reader sees in his own time zone. */
export function deadlineLine(deadlineAt: number, t: Translate): string {
  const seconds = Math.floor(deadlineAt / 1000);
  return t('post.deadline', { time: `<t:${seconds}:f>`, relative: `<t:${seconds}:R>` });
}

/**
 * The note on a move the bot made for a player: his time ran out (a safe move, or he was removed),
 * it played for him while he is away, or took him out when he left the server; null for a player's own move.
 */
export function originNote(entry: { action: unknown; origin: string }, player: string, t: Translate): string | null {
  switch (entry.origin) {
    case 'timeout':
      return t(isResign(entry.action) ? 'post.timeout.removed' : 'post.timeout.moved', { player });
    case 'stand-in':
      return t('post.stand-in.moved', { player });
    case 'left':
      return t('post.left.removed', { player });
    default:
      return null;
  }
}

/** One line per player the bot moved for or removed (his time ran out, he is away, he left the server). */
function timeoutNotes(logged: { seat: number; action: unknown; origin: string }[], names: string[], t: Translate): string[] {
  const notes = new Map<number, string>();
  for (const entry of logged) {
    if (notes.has(entry.seat)) continue;
    const note = originNote(entry, names[entry.seat] ?? `#${entry.seat + 1}`, t);
    if (note !== null) notes.set(entry.seat, note);
  }
  return [...notes.values()];
}

/** Who of the players a post waits for is away, and until when (src/service/time-off.ts); asked only when someone is waited for. */
export interface TimeOffView {
  now: number;
  away: (userIds: string[]) => Promise<ReadonlyMap<string, { until: number }>>;
}

/** "X is away until …" under the call to move, or "the bot plays for X" where the others agreed. */
function awayLines(waitingFor: readonly SeatRow[], away: ReadonlyMap<string, { until: number }>, now: number, t: Translate): string[] {
  return waitingFor.flatMap((s) => {
    if (s.leftAt !== null && standsIn(s, now)) return [t('post.left.stand-in', { user: mentionOf(s) })];
    const time = `<t:${Math.floor((s.standInUntil ?? away.get(s.userId)?.until ?? 0) / 1000)}:f>`;
    if (standsIn(s, now)) return [t('post.stand-in', { user: mentionOf(s), time })];
    return away.has(s.userId) ? [t('post.away', { user: mentionOf(s), time })] : [];
  });
}

/** How a final score reads: the game's `score` text, or its `.one` form for a score of 1 where it has one; a negative one with a minus sign. */
export function scoreTextOf(presenter: AnyGamePresenter, t: Translate): (score: number) => string {
  const one = `${presenter.score}.one`;
  return (score) => t(score === 1 && Object.hasOwn(en, one) ? (one as MessageKey) : presenter.score, { score: numberText(score) });
}

/** The game's own account of each seat's final score, where its presenter gives one. */
function breakdownOf(game: LoadedGame, presenter: AnyGamePresenter, ctx: PresentContext): ((seat: number) => string) | undefined {
  if (!presenter.breakdown) return undefined;
  const view: unknown = game.def.view(game.state, null);
  return (seat) => presenter.breakdown?.(view, seat, ctx) ?? '';
}

/** How a player left a game before its end: he resigned, was removed when his time ran out, or left the server. */
export type Departure = 'resigned' | 'removed' | 'left';

/**
 * The players who left a game before its end, and how: a seat marked resigned was removed if the
 * resignation was the bot's, for his time running out or his leaving the server. The log is read
 * only when someone left.
 */
export async function departuresOf(game: LoadedGame, log: ActionLog): Promise<Map<number, Departure>> {
  const left = game.seats.filter((s) => s.resigned);
  if (left.length === 0) return new Map();
  const byBot = new Map<number, Departure>();
  for (const a of await log.loggedActions(game.row.id)) {
    if (isResign(a.action) && inForce(a) && (a.origin === 'timeout' || a.origin === 'left')) byBot.set(a.seat, a.origin === 'left' ? 'left' : 'removed');
  }
  return new Map(left.map((s) => [s.seat, byBot.get(s.seat) ?? 'resigned']));
}

/**
 * "1. Alice (6)" lines of a final ranking, ties sharing a place; with a breakdown, one line per
 * player with how his score was made up: "1. Alice (105 points): 41 treasure + 100 ships − 36 loans".
 * A player who left says so beside his score: "3. Bob (0 aboard, resigned)", on a line of his own.
 */
export function rankingLines(
  result: GameResult,
  names: string[],
  scoreText: (score: number) => string,
  t: Translate,
  breakdown?: (seat: number) => string,
  departures: ReadonlyMap<number, Departure> = new Map(),
): string[] {
  const lines = [t('post.game-over')];
  const scoreOf = (seat: number) => {
    const score = scoreText(result.scores[seat] as number);
    const departure = departures.get(seat);
    return departure ? t(`post.score.${departure}`, { score }) : score;
  };
  let place = 1;
  for (const group of result.ranking) {
    if (breakdown || group.some((seat) => departures.has(seat))) {
      for (const seat of group) {
        const line = t('post.place', { place, players: names[seat] ?? `#${seat + 1}`, score: scoreOf(seat) });
        const detail = breakdown?.(seat) ?? '';
        lines.push(detail === '' ? line : `${line}: ${detail}`);
      }
    } else {
      const players = group.map((seat) => names[seat] ?? `#${seat + 1}`).join(', ');
      const scores = [...new Set(group.map((seat) => result.scores[seat] as number))];
      lines.push(t('post.place', { place, players, score: scores.map(scoreText).join(', ') }));
    }
    place += group.length;
  }
  return lines;
}

/** Keeps the post within `max` by dropping middle event lines, never the first line or the footer. */
function fit(lines: string[], footer: string[], max: number): string {
  const all = [...lines, ...footer];
  let text = all.join('\n');
  const body = [...lines];
  while (text.length > max && body.length > 1) {
    body.splice(1, 1);
    text = [...body, '…', ...footer].join('\n');
  }
  return fitText(text, max);
}
