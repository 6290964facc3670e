import { randomUUID } from 'node:crypto';
import type { AnyGameDefinition, Seat } from '../engine/index.js';
import type { Storage } from '../db/storage.js';
import type { ActionRow, BotLevel, DeadlinePolicy, GameRow, SeatRow } from '../db/schema.js';
import type { LobbyRef } from '../db/lobby-store.js';
import type { LobbyLimits } from './lobby-limits.js';
import { attachHosting, Hosting } from './hosting.js';
import { Lobbies, type LobbyRequest } from './lobbies.js';
import { Play } from './play.js';
import { Votes } from './votes.js';
import { Members } from './members.js';
import { Waits } from './waits.js';
import { PostRecords } from './post-records.js';
import { Settings } from './settings.js';
import { systemClock, type Clock } from './time-limits.js';
import type { ActionOutcome, CancelOutcome, Change, LoadedGame, Outcome, SameChoice, StandInPlan, TimeoutOutcome } from './outcomes.js';

export type { ActionOutcome, CancelOutcome, Change, LoadedGame, Outcome, Refusal, SameChoice, StandInPlan, TimeoutOutcome } from './outcomes.js';
export { givenName } from './lobbies.js';

/**
 * The rules of hosting, with no Discord in it: what the Discord layer asks of the service. Each
 * concern is a part of its own sharing one `Hosting` (the store, the games, the clock): lobbies,
 * play and undo, votes, waits, and the posts' records; beside them the settings. Every change goes
 * through the store in one versioned transaction; the store itself stays inside the service.
 */
export class GameService {
  private readonly hosting: Hosting;
  private readonly lobbies: Lobbies;
  private readonly play: Play;
  private readonly votes: Votes;
  private readonly waits: Waits;
  /** What the games' posts and notices owe and have done (the announcer's records). */
  readonly posts: PostRecords;
  /** A server's settings and a player's own, as `/settings` and the handlers read and change them. */
  readonly settings: Settings;
  /** Players who left the server, as the bot learns it: their games go on without them (./members.ts). */
  readonly members: Members;

  constructor(
    store: Storage,
    readonly registry: Record<string, AnyGameDefinition>,
    newSeed: () => string = randomUUID,
    readonly clock: Clock = systemClock,
  ) {
    this.hosting = new Hosting(store, registry, newSeed, clock);
    attachHosting(this, this.hosting);
    this.lobbies = new Lobbies(this.hosting);
    this.play = new Play(this.hosting);
    this.votes = new Votes(this.hosting, this.play);
    this.waits = new Waits(this.hosting, this.play);
    this.posts = new PostRecords(this.hosting);
    this.settings = new Settings(store.settings);
    this.members = new Members(this.hosting, this.play);
  }

  /** Calls `listener` after a game starts, after every committed action (a bot player may have to move next) and when it is cancelled. */
  afterCommit(listener: (gameId: number, change: Change) => void): void {
    this.hosting.afterCommit(listener);
  }

  definition(gameId: string): AnyGameDefinition | undefined {
    return this.hosting.definition(gameId);
  }

  /** How many players a game with these stored options takes. */
  seatRange(def: AnyGameDefinition, options: unknown): { min: number; max: number } {
    return this.hosting.seatRange(def, options);
  }

  async load(id: number): Promise<LoadedGame | undefined> {
    return this.hosting.load(id);
  }

  seatOf(game: LoadedGame, userId: string): Seat | undefined {
    return this.hosting.seatOf(game, userId);
  }

  // --- Lobbies (./lobbies.ts) -----------------------------------------------------------------------

  async openLobby(args: LobbyRequest): Promise<Outcome<GameRow>> {
    return this.lobbies.openLobby(args);
  }

  /** A member's open lobbies in a server, oldest first, at most `limit`: one indexed read. */
  async openLobbiesOf(guildId: string, hostId: string, limit: number): Promise<LobbyRef[]> {
    return this.lobbies.openLobbiesOf(guildId, hostId, limit);
  }

  /**
   * Of the people an invitation names, those `inviterId` may ping: the ones his lobbies and
   * rematches did not ping within the last few minutes (`PING_WINDOW_MS`). Recorded as pinged now.
   */
  async pingable(inviterId: string, inviteeIds: readonly string[]): Promise<string[]> {
    return this.lobbies.pingable(inviterId, inviteeIds);
  }

  /** Up to `limit` lobbies (this shard's) whose time to be started ran out, soonest first, without states. */
  async dueLobbies(limit: number): Promise<GameRow[]> {
    return this.lobbies.dueLobbies(limit);
  }

  /** Closes a lobby whose time ran out: its row as closed, or undefined when it started or closed meanwhile. */
  async expireLobby(id: number): Promise<GameRow | undefined> {
    return this.lobbies.expireLobby(id);
  }

  /**
   * A rematch: a new lobby in the same channel for the same game, options, language and time
   * limit, hosted by a person who played the finished game, with its bots seated again. Opened
   * once: while that lobby waits, asking again gives it back (`opened` false).
   */
  async rematch(id: number, userId: string, hostName: string, limits?: LobbyLimits): Promise<Outcome<{ lobby: GameRow; opened: boolean }>> {
    return this.lobbies.rematch(id, userId, hostName, limits);
  }

  async join(id: number, userId: string, displayName: string): Promise<Outcome<GameRow>> {
    return this.lobbies.join(id, userId, displayName);
  }

  /**
   * The host (or a member who may manage the server) adds a bot player to his lobby. Bots get
   * names of their own and user ids `bot:<n>`, which no Discord user has.
   */
  async addBot(id: number, userId: string, level: BotLevel, canManageServer: boolean): Promise<Outcome<SeatRow>> {
    return this.lobbies.addBot(id, userId, level, canManageServer);
  }

  /** The host (or a member who may manage the server) takes a bot out of his lobby. */
  async removeBot(id: number, userId: string, botUserId: string, canManageServer: boolean): Promise<Outcome<GameRow>> {
    return this.lobbies.removeBot(id, userId, botUserId, canManageServer);
  }

  async leave(id: number, userId: string): Promise<Outcome<GameRow>> {
    return this.lobbies.leave(id, userId);
  }

  /**
   * Starts a lobby. `untimedAlone`: a game of one person against bots gets no time per move (nobody
   * waits for him) unless its lobby's time limit differs from this one, the server's default.
   */
  async start(id: number, userId: string, untimedAlone?: { defaultLimitMs: number | null }): Promise<Outcome<LoadedGame>> {
    return this.lobbies.start(id, userId, untimedAlone);
  }

  // --- Playing and taking back (./play.ts) ----------------------------------------------------------

  /** The bot players who must act now, and the seats the bot stands in for (in the order the game lists them). */
  botsToAct(game: LoadedGame): Seat[] {
    return this.play.botsToAct(game);
  }

  /**
   * A bot player's move, chosen by the search for the state at `expectedVersion`. Refused like a
   * person's when the game moved on meanwhile or the action is not legal; logged with origin 'bot',
   * or 'stand-in' in the seat of a player away whom the others let the bot play for.
   */
  async actAsBot(id: number, seat: Seat, expectedVersion: number, action: unknown): Promise<Outcome<ActionOutcome>> {
    return this.play.actAsBot(id, seat, expectedVersion, action);
  }

  /**
   * Plays the action at `actionIndex` of the seat's legal actions, as shown to the user at
   * `expectedVersion`. When the game moved on since, `sameChoice` judges the click on the game as
   * it is (without it, or when it finds no choice meaning the same, the click is refused as stale).
   */
  async act(id: number, userId: string, expectedVersion: number, actionIndex: number, sameChoice?: SameChoice): Promise<Outcome<ActionOutcome>> {
    return this.play.act(id, userId, expectedVersion, actionIndex, sameChoice);
  }

  /** The move `seat` may take back now (the panel then offers "Undo"): its seq, or null. */
  async undoableMove(game: LoadedGame, seat: Seat): Promise<number | null> {
    return this.play.undoableMove(game, seat);
  }

  /**
   * The game as `viewer` (a seat; null: spectators, posts, the public log) may be shown it: without
   * the other seats' moves that may still be taken back, and with `row.version` the last move whose
   * events he may read. For showing only: acting always goes by the real game.
   */
  async shownTo(game: LoadedGame, viewer: Seat | null): Promise<LoadedGame> {
    return this.play.shownTo(game, viewer);
  }

  /**
   * Takes back the player's move `seq` (his panel's "Undo"), if it is still his latest in force and
   * showed nothing new and kept the turn (see ./undo.ts): the others' secret choices made since do
   * not stand in the way. Logged as an undo; the state is rebuilt from the log without the move.
   */
  async undo(id: number, userId: string, seq: number): Promise<Outcome<ActionOutcome>> {
    return this.play.undo(id, userId, seq);
  }

  /**
   * The answer to a move did not reach the player (the move itself was made): his next panel says
   * so. Called with null once it has.
   */
  async noteUnanswered(id: number, seat: Seat, version: number | null): Promise<void> {
    await this.play.noteUnanswered(id, seat, version);
  }

  /** Rebuilds the state from the log: must equal the stored snapshot. */
  async replay(id: number): Promise<unknown> {
    return this.play.replay(id);
  }

  // --- Resigning and cancelling (./votes.ts) --------------------------------------------------------

  /** Whether this user may resign from this game now (asked before he confirms). */
  async mayResign(id: number, userId: string): Promise<Outcome<LoadedGame>> {
    return this.votes.mayResign(id, userId);
  }

  /** A player leaves a running game; the game's rules decide how it goes on. */
  async resign(id: number, userId: string): Promise<Outcome<ActionOutcome>> {
    return this.votes.resign(id, userId);
  }

  /**
   * Cancels a game. A lobby: its host (or a member who may manage the server) closes it. A running
   * game ends by agreement: each player still in it asks to cancel, and the last one's request
   * cancels it; a member who may manage the server cancels it at once.
   */
  async cancel(id: number, userId: string, canManageServer: boolean): Promise<Outcome<CancelOutcome>> {
    return this.votes.cancel(id, userId, canManageServer);
  }

  /** Whether this user may cancel the game, or ask to (checked before he is asked to confirm). */
  async mayCancel(id: number, userId: string, canManageServer: boolean): Promise<Outcome<GameRow>> {
    return this.votes.mayCancel(id, userId, canManageServer);
  }

  // --- Time (./waits.ts) ----------------------------------------------------------------------------

  /** The host (or a member who may manage the server) gives the players of a running game more time. */
  async extend(id: number, userId: string, ms: number, canManageServer: boolean): Promise<Outcome<GameRow>> {
    return this.waits.extend(id, userId, ms, canManageServer);
  }

  /**
   * A running game whose deadline has passed: each player it waits for either gets a safe legal
   * move made for him, or is removed from the game. `endsMove` tells from a step's public events
   * whether his move is complete (the game's presenter knows: the step that closes a turn).
   * Returns what was done; nothing when the game moved on in the meantime.
   */
  async expire(
    id: number,
    policy: DeadlinePolicy,
    endsMove: (events: unknown[]) => boolean = () => false,
    plan?: StandInPlan,
  ): Promise<Outcome<TimeoutOutcome>> {
    return this.waits.expire(id, policy, endsMove, plan);
  }

  // --- Reading games -------------------------------------------------------------------------------

  /** A game's row (no definition needed): lobbies, closed games and games of unknown rules too. */
  async gameRow(id: number): Promise<GameRow | undefined> {
    return this.hosting.store.get(id);
  }

  async seatsOf(id: number): Promise<SeatRow[]> {
    return this.hosting.store.seatsOf(id);
  }

  /** The server a game belongs to and its lobby message: what the router checks a click against. */
  async ownerOf(id: number): Promise<{ guildId: string; lobbyMessageId: string | null } | undefined> {
    return this.hosting.store.ownerOf(id);
  }

  /** The game played in this thread, whatever its status. */
  async gameOfThread(threadId: string): Promise<GameRow | undefined> {
    return this.hosting.store.openGames.gameOfThread(threadId);
  }

  /** Lobbies and running games a member sits in, in one server, newest activity first. */
  async activeGamesOf(guildId: string, userId: string): Promise<{ game: GameRow; seat: number }[]> {
    return this.hosting.store.openGames.activeGamesOf(guildId, userId);
  }

  /** The lobbies and running games played in a thread, or in a channel without threads. */
  async openGamesIn(channelId: string): Promise<GameRow[]> {
    return this.hosting.store.openGames.runningIn(channelId);
  }

  /** Running games with a bot player or a player the bot stands in for. */
  async gamesWithBots(): Promise<number[]> {
    return this.hosting.store.openGames.runningWithBots();
  }

  /** How many of this process's games are being played (an indexed count). */
  async countRunning(): Promise<number> {
    return this.hosting.store.openGames.countRunning();
  }

  /** A game's logged actions after `afterSeq`, oldest first. */
  async loggedActions(id: number, afterSeq = 0): Promise<ActionRow[]> {
    return this.hosting.store.log.actionsOf(id, afterSeq);
  }

  /** Up to `limit` logged actions from `seq` on, in the direction given: a page of the public log. */
  async logPage(id: number, seq: number, direction: 'newer' | 'older', limit: number): Promise<Awaited<ReturnType<Storage['log']['slice']>>> {
    return this.hosting.store.log.slice(id, seq, direction, limit);
  }

  /** The database file, for advice when its disk is full. */
  get databaseFile(): string {
    return this.hosting.store.file;
  }

  // --- Where a game is shown -----------------------------------------------------------------------

  /** The lobby's message went out: its buttons are checked against it. */
  async lobbyPosted(id: number, messageId: string): Promise<void> {
    await this.hosting.store.setLobbyMessage(id, messageId);
  }

  /** The game is played in this thread from now on; null: in its channel. */
  async playIn(id: number, threadId: string | null): Promise<void> {
    await this.hosting.store.setThread(id, threadId);
  }

  /** A lobby whose message could not be posted closes at once: nobody could join it (no one is told). */
  async withdrawLobby(id: number): Promise<boolean> {
    return this.hosting.store.cancel(id);
  }
}
