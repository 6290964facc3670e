/**
 * What a finished game adds to its players' records (`player_records`: /stats, /leaderboard and a
 * profile's wins, places and time per move). The store writes it in the transaction that finishes
 * the game (Storage.commitAction), whatever finished it: a move, a resignation, a timeout, a
 * removal. Until migrations/0018 triggers of the SQLite file did this (migrations/0008 and 0014);
 * the rules are theirs, row for row, written once here so that every store computes them alike
 * (src/db/finish-records.test.ts compares the two).
 *
 * - Each person's seat in the ranking (groups of tied seats, best first) gives him one game played
 *   at his place: one more than the seats ranked before his group. Bots' seats give nothing; a
 *   person with a bot at the table also counts the game (and a win) among those with bots.
 * - His moves and their time: each move of his own (origin 'player': not a bot's, a stand-in's or
 *   the bot's for him when his time ran out; not an undo or a resignation, which carry "$"; not one
 *   taken back) timed from the action before it in the game, whatever that was. A game's first
 *   action has none before it and is not counted.
 * - The finishing action is logged after the game is marked finished: the triggers counted it
 *   apart, into its player's record in this game and server, which the rest of the rows already
 *   hold unless his seat was not ranked (`lateMove`).
 */
import type { ActionOrigin, BotLevel } from './schema.js';
import { isOwnMove } from './action-marks.js';

/** One logged action as the records read it. */
export interface TimedAction {
  seq: number;
  seat: number;
  origin: ActionOrigin;
  undone: boolean;
  /** The action as logged; the store parses only a player's own moves still in force, the only ones whose mark is read. */
  action: unknown;
  createdAt: number;
}

/** A game that has just finished, with its log before its finishing action. */
export interface FinishFacts {
  guildId: string;
  /** Registry id of the game. */
  gameId: string;
  finishedAt: number;
  result: unknown;
  seats: readonly { seat: number; userId: string; botLevel: BotLevel | null }[];
  /** Its logged actions, in any order. */
  log: readonly TimedAction[];
}

/** What one finished game adds to one person's record (the row itself when he has none yet). */
export interface RecordAddition {
  guildId: string;
  gameId: string;
  userId: string;
  played: number;
  wins: number;
  placeSum: number;
  place1: number;
  place2: number;
  place3: number;
  place4: number;
  place5: number;
  botPlayed: number;
  botWins: number;
  firstAt: number;
  moves: number;
  moveMs: number;
}

/** The finishing move of a person whose seat got no record from this game: added to his record there, if he has one. */
export interface LateMove {
  guildId: string;
  gameId: string;
  userId: string;
  ms: number;
}

/** Each ranked seat and its place: groups of tied seats, best first. */
function placesOf(result: unknown): { seat: number; place: number }[] {
  const ranking = typeof result === 'object' && result !== null ? (result as { ranking?: unknown }).ranking : undefined;
  if (!Array.isArray(ranking)) return [];
  const placed: { seat: number; place: number }[] = [];
  let before = 0;
  for (const group of ranking) {
    if (!Array.isArray(group)) continue;
    for (const seat of group) placed.push({ seat: Math.trunc(Number(seat)), place: before + 1 });
    before += group.length;
  }
  return placed;
}

/** Per seat: its player's own moves after the first action of the game, and the time they took. */
function movesBySeat(log: readonly TimedAction[]): Map<number, { moves: number; ms: number }> {
  const bySeat = new Map<number, { moves: number; ms: number }>();
  const ordered = [...log].sort((a, b) => a.seq - b.seq);
  ordered.forEach((entry, i) => {
    const before = ordered[i - 1];
    if (!before || entry.origin !== 'player' || entry.undone || !isOwnMove(entry.action)) return;
    const seat = bySeat.get(entry.seat) ?? { moves: 0, ms: 0 };
    seat.moves++;
    seat.ms += entry.createdAt - before.createdAt;
    bySeat.set(entry.seat, seat);
  });
  return bySeat;
}

/**
 * What a finished game adds to its players' records: one addition per person ranked, and the
 * finishing action (`finishing`, logged after the finish) when it is a timed move of a person
 * whose seat was not ranked. Without `finishing`, the log is taken as complete.
 */
export function recordsOfFinish(facts: FinishFacts, finishing?: TimedAction): { additions: RecordAddition[]; lateMove?: LateMove } {
  const { guildId, gameId, finishedAt } = facts;
  const seatOf = new Map(facts.seats.map((s) => [s.seat, s]));
  const bots = facts.seats.some((s) => s.botLevel !== null) ? 1 : 0;
  const times = movesBySeat(facts.log);
  const byUser = new Map<string, RecordAddition>();
  for (const { seat, place } of placesOf(facts.result)) {
    const person = seatOf.get(seat);
    if (!person || person.botLevel !== null) continue;
    const timed = times.get(seat) ?? { moves: 0, ms: 0 };
    const row = byUser.get(person.userId);
    const add: RecordAddition = {
      guildId,
      gameId,
      userId: person.userId,
      played: 1,
      wins: place === 1 ? 1 : 0,
      placeSum: place,
      place1: place === 1 ? 1 : 0,
      place2: place === 2 ? 1 : 0,
      place3: place === 3 ? 1 : 0,
      place4: place === 4 ? 1 : 0,
      place5: place === 5 ? 1 : 0,
      botPlayed: bots,
      botWins: bots && place === 1 ? 1 : 0,
      firstAt: finishedAt,
      moves: timed.moves,
      moveMs: timed.ms,
    };
    // A person in two seats: one addition, as the triggers' upsert added them up.
    byUser.set(person.userId, row ? addUp(row, add) : add);
  }
  if (!finishing) return { additions: [...byUser.values()] };
  const before = facts.log.find((a) => a.seq === finishing.seq - 1);
  const player = seatOf.get(finishing.seat);
  const timed =
    finishing.origin === 'player' &&
    isOwnMove(finishing.action) &&
    finishing.seq > 1 &&
    before !== undefined &&
    player !== undefined &&
    player.botLevel === null;
  if (!timed) return { additions: [...byUser.values()] };
  const ms = finishing.createdAt - before.createdAt;
  const row = byUser.get(player.userId);
  if (!row) return { additions: [...byUser.values()], lateMove: { guildId, gameId, userId: player.userId, ms } };
  byUser.set(player.userId, { ...row, moves: row.moves + 1, moveMs: row.moveMs + ms });
  return { additions: [...byUser.values()] };
}

/** Two additions to one record as one: counts added, the earlier first game kept. */
export function addUp(a: RecordAddition, b: RecordAddition): RecordAddition {
  return {
    ...a,
    played: a.played + b.played,
    wins: a.wins + b.wins,
    placeSum: a.placeSum + b.placeSum,
    place1: a.place1 + b.place1,
    place2: a.place2 + b.place2,
    place3: a.place3 + b.place3,
    place4: a.place4 + b.place4,
    place5: a.place5 + b.place5,
    botPlayed: a.botPlayed + b.botPlayed,
    botWins: a.botWins + b.botWins,
    firstAt: Math.min(a.firstAt, b.firstAt),
    moves: a.moves + b.moves,
    moveMs: a.moveMs + b.moveMs,
  };
}
