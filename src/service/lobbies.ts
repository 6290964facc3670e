import type { BotLevel, GameRow, SeatRow } from '../db/schema.js';
import type { LobbyRef } from '../db/lobby-store.js';
import type { NewLobby } from '../db/game-writes.js';
import type { Storage } from '../db/storage.js';
import type { Hosting } from './hosting.js';
import { notInLobby, ok, refuse, type LoadedGame, type Outcome } from './outcomes.js';
import { PING_WINDOW_MS, type LobbyLimits } from './lobby-limits.js';
import { holdForTimeOff } from './away-waits.js';
import { freshWait } from './time-limits.js';

/** Names of bot players, one per seat a lobby may fill with bots. */
const BOT_NAMES = ['Bram', 'Femke', 'Joost', 'Lotte', 'Sem'];
const BOT_PREFIX = 'Bot ';

/** A bot player's name without "Bot ", for the boards' small name chips ("Bram" rather than "Bot B…"). */
export const givenName = (botName: string): string => (botName.startsWith(BOT_PREFIX) ? botName.slice(BOT_PREFIX.length) : botName);

/** Lobbies: opening one (or a rematch), joining and leaving, seating bots, starting the game. */
/**
 * What opening a lobby asks for: the lobby as the store writes it, less what the service decides
 * (its seed, its rules version, when it expires), plus the server's limits; left out (tests,
 * benchmarks): any number of lobbies, none expires.
 */
export type LobbyRequest = Omit<NewLobby, 'seed' | 'rulesVersion' | 'lobbyExpiresAt'> & { limits?: LobbyLimits };

export class Lobbies {
  constructor(private readonly h: Hosting) {}

  async openLobby(args: LobbyRequest): Promise<Outcome<GameRow>> {
    return this.openIn(this.h.store, args);
  }

  /** Opens a lobby through `store`: the root store, or the transaction of a rematch. */
  private async openIn(store: Storage, args: LobbyRequest): Promise<Outcome<GameRow>> {
    const { limits, ...lobby } = args;
    const def = this.h.definition(lobby.gameId);
    if (!def) return refuse('unknown-game');
    const parsed = def.options.safeParse(lobby.options);
    if (!parsed.success) return refuse('bad-options');
    // Counted and created in one write, so two commands at once cannot both pass the limit.
    return store.transaction(async (tx) => {
      if (limits) await tx.lock(`lobbies:${lobby.guildId}:${lobby.hostId}`);
      if (limits && (await tx.lobbies.openBy(lobby.guildId, lobby.hostId, limits.maxOpen)).length >= limits.maxOpen) return refuse<GameRow>('too-many-lobbies');
      const lobbyExpiresAt = limits ? this.h.clock.now() + limits.expiryMs : undefined;
      return ok(
        await tx.createLobby({
          ...lobby,
          options: parsed.data,
          seed: this.h.newSeed(),
          rulesVersion: def.rulesVersion,
          ...(lobbyExpiresAt === undefined ? {} : { lobbyExpiresAt }),
        }),
      );
    });
  }

  /** A member's open lobbies in a server, oldest first, at most `limit`: one indexed read. */
  async openLobbiesOf(guildId: string, hostId: string, limit: number): Promise<LobbyRef[]> {
    return this.h.store.lobbies.openBy(guildId, hostId, limit);
  }

  /**
   * Of the people an invitation names, those `inviterId` may ping: the ones his lobbies and
   * rematches did not ping within the last few minutes (`PING_WINDOW_MS`). Recorded as pinged now.
   */
  async pingable(inviterId: string, inviteeIds: readonly string[]): Promise<string[]> {
    return this.h.store.pings.claim(inviterId, inviteeIds, this.h.clock.now(), PING_WINDOW_MS);
  }

  /** Up to `limit` lobbies (this shard's) whose time to be started ran out, soonest first, without states. */
  async dueLobbies(limit: number): Promise<GameRow[]> {
    return this.h.store.lobbies.due(this.h.clock.now(), limit);
  }

  /** Closes a lobby whose time ran out: its row as closed, or undefined when it started or closed meanwhile. */
  async expireLobby(id: number): Promise<GameRow | undefined> {
    return (await this.h.store.lobbies.expire(id, this.h.clock.now())) ? this.h.store.get(id) : undefined;
  }

  /**
   * A rematch: a new lobby in the same channel for the same game, options, language and time
   * limit, hosted by a person who played the finished game, with its bots seated again. Opened
   * once: while that lobby waits, asking again gives it back (`opened` false).
   */
  async rematch(id: number, userId: string, hostName: string, limits?: LobbyLimits): Promise<Outcome<{ lobby: GameRow; opened: boolean }>> {
    return this.h.store.transaction(async (tx) => {
      await tx.lockGame(id);
      const row = await tx.get(id);
      if (!row) return refuse('game-not-found');
      if (row.status !== 'finished') return refuse('not-finished');
      const seats = await tx.seatsOf(id);
      if (!seats.some((s) => s.userId === userId && s.botLevel === null)) return refuse('not-a-player');
      const earlier = row.rematchId === null ? undefined : await tx.get(row.rematchId);
      if (earlier && earlier.status === 'lobby') return ok({ lobby: earlier, opened: false });
      const { guildId, channelId, gameId, options, locale, timeLimitMs } = row;
      const lobby = await this.openIn(tx, {
        guildId,
        channelId,
        hostId: userId,
        hostName,
        gameId,
        options,
        locale,
        timeLimitMs,
        ...(limits ? { limits } : {}),
      });
      if (!lobby.ok) return refuse(lobby.refusal);
      for (const bot of seats) if (bot.botLevel !== null) await this.addBotIn(tx, lobby.value.id, userId, bot.botLevel, false);
      await tx.setRematch(id, lobby.value.id);
      return ok({ lobby: (await tx.get(lobby.value.id)) as GameRow, opened: true });
    });
  }

  async join(id: number, userId: string, displayName: string): Promise<Outcome<GameRow>> {
    const row = await this.h.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    const seats = await this.h.store.seatsOf(id);
    if (seats.some((s) => s.userId === userId)) return refuse('already-joined');
    const def = this.h.definition(row.gameId);
    if (!def || !(await this.h.store.join(id, userId, displayName, this.h.seatRange(def, row.options).max))) return refuse('lobby-full');
    return ok(row);
  }

  /**
   * The host (or a member who may manage the server) adds a bot player to his lobby. Bots get
   * names of their own and user ids `bot:<n>`, which no Discord user has.
   */
  async addBot(id: number, userId: string, level: BotLevel, canManageServer: boolean): Promise<Outcome<SeatRow>> {
    // Its name and id are chosen from the seats read in the same write.
    return this.h.store.transaction(async (tx) => {
      await tx.lockGame(id);
      return this.addBotIn(tx, id, userId, level, canManageServer);
    });
  }

  /** Seats a bot in the transaction `tx` (its own, or a rematch's). */
  private async addBotIn(tx: Storage, id: number, userId: string, level: BotLevel, canManageServer: boolean): Promise<Outcome<SeatRow>> {
    const row = await tx.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    if (row.hostId !== userId && !canManageServer) return refuse('not-host');
    const def = this.h.definition(row.gameId);
    if (!def) return refuse('unknown-game');
    // A bot needs the game's determinization to think; games without one have no bot players yet.
    if (!def.determinize) return refuse('no-bots');
    const seats = await tx.seatsOf(id);
    const names = new Set(seats.map((s) => s.displayName));
    const name = BOT_NAMES.map((n) => BOT_PREFIX + n).find((n) => !names.has(n)) ?? `${BOT_PREFIX}${seats.length + 1}`;
    let n = 1;
    while (seats.some((s) => s.userId === `bot:${n}`)) n++;
    if (!(await tx.join(id, `bot:${n}`, name, this.h.seatRange(def, row.options).max, level))) return refuse('lobby-full');
    return ok((await tx.seatsOf(id)).find((s) => s.userId === `bot:${n}`) as SeatRow);
  }

  /** The host (or a member who may manage the server) takes a bot out of his lobby. */
  async removeBot(id: number, userId: string, botUserId: string, canManageServer: boolean): Promise<Outcome<GameRow>> {
    const row = await this.h.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    if (row.hostId !== userId && !canManageServer) return refuse('not-host');
    const bot = (await this.h.store.seatsOf(id)).find((s) => s.userId === botUserId);
    if (!bot || bot.botLevel === null) return refuse('not-a-bot');
    if (!(await this.h.store.leave(id, botUserId))) return refuse('not-joined');
    return ok(row);
  }

  async leave(id: number, userId: string): Promise<Outcome<GameRow>> {
    const row = await this.h.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'lobby') return notInLobby(row);
    if (row.hostId === userId) return refuse('host-cannot-leave');
    if (!(await this.h.store.leave(id, userId))) return refuse('not-joined');
    return ok(row);
  }

  /**
   * Starts a lobby. `untimedAlone`: a game of one person against bots gets no time per move (nobody
   * waits for him) unless its lobby's time limit differs from this one, the server's default.
   */
  async start(id: number, userId: string, untimedAlone?: { defaultLimitMs: number | null }): Promise<Outcome<LoadedGame>> {
    // The seats the game is set up for are those it starts with: read in the same write.
    const started = await this.h.store.transaction(async (tx): Promise<Outcome<null>> => {
      await tx.lockGame(id);
      const row = await tx.get(id);
      if (!row) return refuse('game-not-found');
      if (row.status !== 'lobby') return notInLobby(row);
      if (row.hostId !== userId) return refuse('not-host');
      const def = this.h.definition(row.gameId);
      if (!def) return refuse('unknown-game');
      const seats = await tx.seatsOf(id);
      if (seats.length < this.h.seatRange(def, row.options).min) return refuse('not-enough-players');
      const options: unknown = def.options.parse(row.options);
      const state: unknown = def.setup({ seats: seats.length, seed: row.seed, options, rulesVersion: row.rulesVersion });
      const alone = untimedAlone !== undefined && startsUntimed(row, seats, untimedAlone.defaultLimitMs);
      const limitMs = alone ? null : row.timeLimitMs;
      if (alone) await tx.waits.untime(id);
      // The first to move may be away: his wait begins when he is back.
      const now = this.h.clock.now();
      const wait = await holdForTimeOff(tx, { row, seats, def, state }, def.toAct(state), freshWait(now, limitMs), now);
      return (await tx.start(id, state, wait)) ? ok(null) : refuse('not-in-lobby');
    });
    if (!started.ok) return refuse(started.refusal);
    this.h.tellCommitted(id, 'start');
    return ok((await this.h.load(id)) as LoadedGame);
  }
}

/**
 * Whether Start will give this lobby's game no time per move: one person against bots (nobody
 * waits for him) at the server's default time, which he did not choose himself.
 */
export function startsUntimed(row: Pick<GameRow, 'timeLimitMs'>, seats: readonly Pick<SeatRow, 'botLevel'>[], defaultLimitMs: number | null): boolean {
  const people = seats.filter((s) => s.botLevel === null).length;
  return people === 1 && people < seats.length && row.timeLimitMs === defaultLimitMs;
}
