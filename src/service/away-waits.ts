import type { SeatRow } from '../db/schema.js';
import type { Seat } from '../engine/index.js';
import type { Storage } from '../db/storage.js';
import type { LoadedGame } from './outcomes.js';
import type { WaitTiming } from './time-limits.js';

// What time off (./time-off.ts) means for a game's waits, apart from the requests themselves: the
// service's parts use it where a wait begins or a seat is played, without the time-off requests.

/** A person's seat that the bot plays now, the others having agreed while he is away. */
export const standsIn = (seat: Pick<SeatRow, 'standInUntil' | 'botLevel' | 'resigned'>, now: number): boolean =>
  seat.botLevel === null && !seat.resigned && seat.standInUntil !== null && seat.standInUntil > now;

/** The people who still have a say in a game (its cancel and stand-in votes): not the bots, not those who resigned or left the server. */
export const haveASay = (seats: readonly SeatRow[]): SeatRow[] => seats.filter((s) => s.botLevel === null && !s.resigned && s.leftAt === null);

/** Whom a running game waits for: its people still in it (not the bots, not those the bot stands in for). */
export function awaitedPeople(game: LoadedGame, toAct: readonly Seat[], now: number): SeatRow[] {
  return toAct.flatMap((seat) => game.seats[seat] ?? []).filter((s) => s.botLevel === null && !s.resigned && !standsIn(s, now));
}

/**
 * A wait about to begin, held for the awaited players who are away: it begins when the last of
 * them is back, with its whole time then. Unchanged when nobody awaited is away (the usual case:
 * one read of their time off, on their key). `store`: the root store, or the transaction the wait is written in.
 */
export async function holdForTimeOff(store: Storage, game: LoadedGame, toAct: readonly Seat[], wait: WaitTiming, now: number): Promise<WaitTiming> {
  if (wait.deadlineAt === null) return wait;
  const people = awaitedPeople(game, toAct, now).map((s) => s.userId);
  const back = Math.max(now, ...(await timeOffNow(store, game, people, now)).map((t) => t.until));
  if (back === now) return wait;
  const ms = back - now;
  return { waitingSince: wait.waitingSince, deadlineAt: wait.deadlineAt + ms, reminderAt: wait.reminderAt === null ? null : wait.reminderAt + ms };
}

/** How long after a game was read its people's time off, read with it, is still taken as now's. */
export const AWAY_READ_FRESH_MS = 1000;

/**
 * The time off of these people that lasts at `now`: as read with the game when that was a moment
 * ago (the same as asking again, one round trip fewer on every move), else asked.
 */
async function timeOffNow(store: Storage, game: LoadedGame, people: readonly string[], now: number): Promise<{ until: number }[]> {
  const read = game.away;
  if (read === undefined || now < read.at || now - read.at > AWAY_READ_FRESH_MS) return store.timeOff.current(game.row.guildId, people, now);
  return read.rows.filter((t) => people.includes(t.userId) && t.startsAt <= now && t.until > now);
}
