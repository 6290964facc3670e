/**
 * Time off (`/away`): while a member is away, his turns wait. Each running game of his in the
 * server that waits for him has its wait moved on by the time off (deadline and reminder alike),
 * and a wait that begins for him meanwhile is held until he is back, with its whole time after
 * that; ended early, the waits move back by what is left, so he has the time he had. The other
 * players of a game may agree (all of them, as to cancel it; a member with Manage Server at once)
 * to let the bot play his turns until he is back, at the server's level for absent players: the
 * bot players' machinery moves for his seat, its moves logged with origin 'stand-in'.
 */
import type { GameRow, SeatRow } from '../db/schema.js';
import type { TimeOffRow } from '../db/time-off-schema.js';
import type { Storage } from '../db/storage.js';
import type { GameService, Outcome } from './game-service.js';
import { hostingOf } from './hosting.js';
import { awaitedPeople, haveASay, standsIn } from './away-waits.js';

export const DAY_MS = 86_400_000;
/** The window the server's most days of time off count in. */
export const TIME_OFF_WINDOW_DAYS = 30;
/** The longest reason for time off kept, in characters (the command says so too). */
export const REASON_LENGTH = 100;
/** The setting: the most days in any 30 days, declared with the other server settings. */
export { AWAY_DAYS } from '../settings/away-days.js';

/** How many more days of time off a member may take now in a server that allows `maxDays` per 30 days. */
export async function timeOffLeft(service: GameService, guildId: string, userId: string, maxDays: number): Promise<number> {
  const now = service.clock.now();
  return Math.max(0, maxDays - daysTaken(await hostingOf(service).store.timeOff.since(guildId, userId, now - TIME_OFF_WINDOW_DAYS * DAY_MS)));
}

/** Days of time off a member took in the window before `now` (each one counted in whole days, as long as it lasted or lasts). */
export function daysTaken(rows: readonly Pick<TimeOffRow, 'startsAt' | 'until' | 'endedAt'>[]): number {
  return rows.reduce((days, r) => days + Math.ceil(((r.endedAt ?? r.until) - r.startsAt) / DAY_MS), 0);
}

/** The members among `userIds` away in a server now, with their time off. */
export async function awayNow(service: GameService, guildId: string, userIds: readonly string[]): Promise<Map<string, TimeOffRow>> {
  return awayIn(hostingOf(service).store, service, guildId, userIds);
}

/** The same, read through `store`: the root store, or a transaction. */
async function awayIn(store: Storage, service: GameService, guildId: string, userIds: readonly string[]): Promise<Map<string, TimeOffRow>> {
  return new Map((await store.timeOff.current(guildId, userIds, service.clock.now())).map((t) => [t.userId, t]));
}

/** A running game of the member's, after his time off began or ended; `dueAt` set where his wait moved. */
export interface AwayGame {
  row: GameRow;
  dueAt: number | null;
}

/** Moves the waits for `userId` in each of his running games of the server by `ms`; the games as they are then. */
async function shiftHisWaits(tx: Storage, service: GameService, guildId: string, userId: string, ms: (row: GameRow) => number): Promise<AwayGame[]> {
  const now = service.clock.now();
  const running = (await tx.openGames.activeGamesOf(guildId, userId)).filter(({ game }) => game.status === 'running');
  const games: AwayGame[] = [];
  for (const { game: row, seat } of running) {
    await tx.lockGame(row.id);
    const game = await hostingOf(service).load(row.id, tx);
    const waits = game !== undefined && row.deadlineAt !== null && awaitedPeople(game, game.def.toAct(game.state), now).some((s) => s.seat === seat);
    const moved = waits && (await tx.timeOff.shiftWait(row.id, row.version, ms(row)));
    const after = moved ? ((await tx.get(row.id)) as GameRow) : row;
    games.push({ row: after, dueAt: moved ? after.deadlineAt : null });
  }
  return games;
}

/** A member takes `days` of time off in a server, from now: his running games wait for him. */
export async function startTimeOff(
  service: GameService,
  args: { guildId: string; userId: string; days: number; reason: string | null; maxDays: number },
): Promise<Outcome<{ timeOff: TimeOffRow; games: AwayGame[]; daysLeft: number }>> {
  const { store } = hostingOf(service);
  const { guildId, userId, days, maxDays } = args;
  if (maxDays <= 0) return { ok: false, refusal: 'no-time-off' };
  if (!Number.isSafeInteger(days) || days < 1 || days > maxDays) return { ok: false, refusal: 'bad-days' };
  return store.transaction(async (tx) => {
    const now = service.clock.now();
    if ((await tx.timeOff.current(guildId, [userId], now)).length > 0) return { ok: false, refusal: 'already-away' } as const;
    const taken = daysTaken(await tx.timeOff.since(guildId, userId, now - TIME_OFF_WINDOW_DAYS * DAY_MS));
    if (taken + days > maxDays) return { ok: false, refusal: 'too-much-time-off' } as const;
    const until = now + days * DAY_MS;
    const timeOff = await tx.timeOff.add({ guildId, userId, startsAt: now, until, reason: args.reason });
    // Agreements from an earlier time off do not carry over.
    await tx.timeOff.clearStandIns(guildId, userId);
    const games = await shiftHisWaits(tx, service, guildId, userId, () => until - now);
    return { ok: true, value: { timeOff, games, daysLeft: maxDays - taken - days } } as const;
  });
}

/** A member is back before his time off ends: his waits move back by what is left of it, and no bot plays for him any more. */
export async function endTimeOff(service: GameService, guildId: string, userId: string): Promise<Outcome<{ timeOff: TimeOffRow; games: AwayGame[] }>> {
  const { store } = hostingOf(service);
  return store.transaction(async (tx) => {
    const now = service.clock.now();
    const [current] = await tx.timeOff.current(guildId, [userId], now);
    if (!current) return { ok: false, refusal: 'not-away' } as const;
    await tx.timeOff.end(current.id, now);
    await tx.timeOff.clearStandIns(guildId, userId);
    // Back by what is left, never to before now: what he had left of a wait, he has again.
    const games = await shiftHisWaits(tx, service, guildId, userId, (row) => -Math.min(current.until - now, Math.max(0, (row.deadlineAt ?? now) - now)));
    return { ok: true, value: { timeOff: { ...current, endedAt: now }, games } } as const;
  });
}

/** What a vote for a stand-in did: the seats the bot now plays, and those still waiting for agreement. */
export interface StandInOutcome {
  row: GameRow;
  granted: { seat: SeatRow; until: number }[];
  waiting: { seat: SeatRow; agreed: string[]; needed: string[] }[];
}

/**
 * A player of a running game agrees to let the bot play for the players of it who are away. Once
 * every other person still in the game has agreed (a member who may manage the server decides
 * alone), the bot plays each of those seats until its player is back.
 */
export async function voteStandIn(service: GameService, id: number, voterId: string, canManageServer: boolean): Promise<Outcome<StandInOutcome>> {
  const { store } = hostingOf(service);
  return store.transaction(async (tx) => {
    await tx.lockGame(id);
    const game = await hostingOf(service).load(id, tx);
    if (!game) return { ok: false, refusal: 'game-not-found' } as const;
    if (game.row.status !== 'running') return { ok: false, refusal: 'not-running' } as const;
    const now = service.clock.now();
    const people = haveASay(game.seats);
    if (!canManageServer && !people.some((s) => s.userId === voterId)) return { ok: false, refusal: 'not-a-player' } as const;
    const away = await awayIn(
      tx,
      service,
      game.row.guildId,
      people.map((s) => s.userId),
    );
    const absent = people.filter((s) => away.has(s.userId) && !standsIn(s, now));
    if (absent.length === 0) return { ok: false, refusal: 'nobody-away' } as const;
    const others = absent.filter((s) => s.userId !== voterId);
    if (others.length === 0) return { ok: false, refusal: 'stand-in-yourself' } as const;
    if (!canManageServer && others.every((s) => s.standInVotes.includes(voterId))) return { ok: false, refusal: 'already-voted' } as const;
    const outcome: StandInOutcome = { row: game.row, granted: [], waiting: [] };
    for (const seat of others) {
      const agreed = canManageServer ? [] : await tx.timeOff.addStandInVote(id, seat.seat, voterId);
      const needed = people.filter((p) => p.userId !== seat.userId && !agreed.includes(p.userId)).map((p) => p.userId);
      if (canManageServer || needed.length === 0) {
        const until = (away.get(seat.userId) as TimeOffRow).until;
        await tx.timeOff.grantStandIn(id, seat.seat, until);
        outcome.granted.push({ seat, until });
      } else outcome.waiting.push({ seat, agreed, needed });
    }
    // The bot players wake for the seats it now plays; open panels follow.
    if (outcome.granted.length > 0) hostingOf(service).tellCommitted(id, 'stand-in', tx);
    return { ok: true, value: outcome } as const;
  });
}
