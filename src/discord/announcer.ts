import { ComponentType, Routes, type Client } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameService, LoadedGame } from '../service/game-service.js';
import type { GameRow } from '../db/schema.js';
import { markedName, type AnyGamePresenter, type PresentContext } from '../games/presenter.js';
import type { GameResult } from '../engine/index.js';
import { boardRequest, channelLink, presentContext } from './views/present.js';
import type { BoardRenderer } from '../games/board-renderer.js';
import { openPanelRow } from './components.js';
import { backoffMs, messagePayload, trimPost, type Outgoing } from './delivery.js';
import { nonces } from './nonces.js';
import { boardInWords, boardPostText, departuresOf, rankingLines, scoreTextOf } from './post-content.js';
import { describeBoard } from '../games/board-renderer.js';
import { lobbyMessage } from './views/lobby-message.js';
import { rematchButton } from './views/result-buttons.js';
import { replayButton } from './views/result-buttons.js';
import { whenWritable } from '../service/database-errors.js';
import { awayNow } from '../service/time-off.js';
import { ratingMovesOf } from '../service/standings.js';
import { headed } from './game-named.js';
import { postRound } from './board-round.js';
import { GamePlace, PlaceGone, ServerLeft, Unreachable } from './game-place.js';

/** Waits between attempts to post for one game: 2 s, 4 s, 8 s … up to 10 minutes. */
export interface RetryTiming {
  firstMs: number;
  maxMs: number;
}
const DEFAULT_RETRY: RetryTiming = { firstMs: 2000, maxMs: 10 * 60_000 };

/**
 * Trims a game keeps owed while trims wait (near the limit, a game posts about once a minute: most
 * of an hour's); older ones are given up, so that what a game owes stays bounded.
 */
export const TRIMS_KEPT_OWED = 50;

/** How often held trims look whether they may go. */
const TRIM_RETRY_MS = 1000;

/** How often games left unannounced are looked for, besides the retries each failure schedules. */
const SWEEP_MS = 60_000;

/**
 * Posts the public messages of a game: after each resolved turn a new message with what
 * happened, the board image and a mention of whoever must act; and notices (a cancellation, more
 * time). The database says what is owed: a board post covers every action since the previous
 * one, notices wait in their table. Posts of one game are made one after another, in order; one
 * that fails is tried again with growing waits for as long as something is owed, a restart catches
 * up, and a place that is gone or closed to the bot is left for the game's channel.
 */
export class Announcer {
  private readonly queues = new Map<number, Promise<void>>();
  private readonly attempts = new Map<number, number>();
  private readonly retryTimers = new Map<number, NodeJS.Timeout>();
  private sweepTimer: NodeJS.Timeout | null = null;
  /** Games being started here: their place (thread or channel) is not settled yet, so the sweep leaves them alone. */
  private readonly starting = new Set<number>();
  private stopped = false;
  private readonly posted: (() => void)[] = [];
  private readonly delivered: ((gameId: number, messageId: string) => void)[] = [];

  constructor(
    private readonly client: Client,
    private readonly service: GameService,
    private readonly presenters: Record<string, AnyGamePresenter>,
    private readonly boards: BoardRenderer,
    private readonly logger: Logger,
    private readonly retry: RetryTiming = DEFAULT_RETRY,
  ) {
    this.place = new GamePlace({
      client,
      service,
      presenters,
      logger,
      absentGuilds: this.absentGuilds,
      postAgain: (gameId) => void this.post(gameId),
      delivered: (gameId, messageId) => {
        for (const listener of this.delivered) listener(gameId, messageId);
      },
    });
  }

  /** Where each message of a game goes (its thread, its channel, or nowhere). */
  private readonly place: GamePlace;

  /**
   * Servers the bot is not in (src/discord/guild-membership.ts): their games' posts wait, untried, until
   * it is added back; every attempt would be refused and counted against the bot by Discord.
   */
  readonly absentGuilds = new Set<string>();
  /**
   * Of the people a post asks to move, those it names without pinging: at their live panel a
   * moment ago (src/discord/live-panels.ts), or by their own ping setting (src/service/pings.ts).
   */
  notToPing: (game: LoadedGame, users: string[]) => Promise<ReadonlySet<string>> = () => Promise.resolve(new Set());
  /**
   * Whether trims wait now: the bot runs near Discord's global limit (./request-pressure.ts), and a
   * trim only tidies the thread while a post is what the players wait for.
   */
  trimsWait: () => boolean = () => false;
  /** How many owed trims a game keeps while they wait (`TRIMS_KEPT_OWED`; tests lower it). */
  trimsKeptOwed = TRIMS_KEPT_OWED;
  /** Games whose trims wait; looked at every `TRIM_RETRY_MS` and posted again once trims may go. */
  private readonly trimsHeld = new Set<number>();
  private trimTimer: NodeJS.Timeout | null = null;
  /** Until when retries and sweeps wait, whatever their own wait (wall-clock ms; see src/discord/invalid-requests.ts). */
  private retriesHeldUntil = 0;

  /** Holds every retry and the sweep until `until`: Discord has refused many of the bot's requests lately. */
  holdRetries(until: number): void {
    this.retriesHeldUntil = Math.max(this.retriesHeldUntil, until);
  }

  /** Starts looking for unannounced games now and then (a safety net beside the retries). */
  start(sweepMs = SWEEP_MS): void {
    this.stopped = false;
    this.sweepTimer ??= setInterval(
      () => void this.catchUp().catch((error: unknown) => this.logger.error({ err: error }, 'catching up on unannounced posts failed')),
      sweepMs,
    );
    this.sweepTimer.unref();
  }

  /** Stops retrying and sweeping (at shutdown); what is owed stays in the database for the next start. */
  stop(): void {
    this.stopped = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    if (this.trimTimer) clearInterval(this.trimTimer);
    this.trimTimer = null;
    this.trimsHeld.clear();
    for (const timer of this.retryTimers.values()) clearTimeout(timer);
    this.retryTimers.clear();
  }

  /** Queues what this game owes (notices, then its board post) and returns when that attempt is over. */
  post(gameId: number): Promise<void> {
    // Being started (its thread still being made): `started` posts everything owed then.
    if (this.starting.has(gameId)) return Promise.resolve();
    const waiting = this.retryTimers.get(gameId);
    if (waiting) clearTimeout(waiting);
    this.retryTimers.delete(gameId);
    const previous = this.queues.get(gameId) ?? Promise.resolve();
    const next = previous
      .then(() => this.flush(gameId))
      .catch((error: unknown) => (error instanceof PlaceGone ? this.giveUp(gameId) : Promise.reject(error)))
      .then(
        () => void this.attempts.delete(gameId),
        (error: unknown) => this.failed(gameId, error),
      );
    this.queues.set(gameId, next);
    void next.then(() => {
      if (this.queues.get(gameId) === next) this.queues.delete(gameId);
    });
    return next;
  }

  /** Calls `listener` after every board post that went out (counted in the metrics). */
  afterPost(listener: () => void): void {
    this.posted.push(listener);
  }

  /** Calls `listener` with every message of a game that went out into its place: posts and notices (panels below them move, src/discord/live-panels.ts). */
  afterMessage(listener: (gameId: number, messageId: string) => void): void {
    this.delivered.push(listener);
  }

  /** Resolves once what the game owes now has been posted, or tried and failed; at once when nothing is being posted. */
  async postsOut(gameId: number): Promise<void> {
    for (let queue = this.queues.get(gameId); queue; queue = this.queues.get(gameId)) await queue;
  }

  /** Games whose post is queued, being made or waiting to be tried again: read from memory, never the database. */
  get postsOwed(): number {
    let owed = this.queues.size;
    for (const gameId of this.retryTimers.keys()) if (!this.queues.has(gameId)) owed++;
    return owed;
  }

  /** Waits for every queued post (used on shutdown). */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()]);
  }

  /**
   * A game is being started: until `started` or `release`, the sweep does not post it, lest its
   * opening post go to the channel while its thread is still being made.
   */
  holdForStart(gameId: number): void {
    this.starting.add(gameId);
  }

  /** The start did not happen: nothing to hold. */
  release(gameId: number): void {
    this.starting.delete(gameId);
  }

  /** Its place is settled: the opening post goes out now. */
  started(gameId: number): Promise<void> {
    this.starting.delete(gameId);
    return this.post(gameId);
  }

  /** Posts whatever games owe and nobody is posting yet (at start, then now and then). */
  async catchUp(): Promise<void> {
    if (Date.now() < this.retriesHeldUntil) return;
    // Trims held: the games that owe only trims are left for a quieter sweep, unread.
    const owed = new Set(await this.service.posts.owing({ trims: !this.trimsWait() }));
    for (const id of owed) {
      if (this.stopped) return;
      if (this.queues.has(id) || this.retryTimers.has(id) || this.starting.has(id)) continue;
      await this.post(id);
    }
  }

  /** A notice that must reach the game's place: kept in the database until it is posted. */
  notify(row: GameRow, text: string, mentions: string[] = []): void {
    // Called after a change was committed: a moment's lock must not fail the command now.
    whenWritable(() => this.service.posts.keepNotice(row.id, text, mentions)).then(
      () => void this.post(row.id),
      (error: unknown) => this.logger.error({ game: row.id, err: error }, 'could not keep a notice to post'),
    );
  }

  /**
   * Posts a plain notice into the game's place now (a reminder), pinging only `mentions`, with the
   * post's nonce (nonces.ts). Throws when it could not be posted; the caller decides whether to try again.
   */
  async notice(row: GameRow, text: string, mentions: string[], nonce: string): Promise<void> {
    await this.place.deliver(row, { content: text, mentions, nonce });
  }

  private async flush(gameId: number): Promise<void> {
    // Stopped (the bot is shutting down): what is still queued stays owed in the database for the next start.
    if (this.stopped) return;
    // A post's usual path reads nothing more: the game is looked up only while a server is absent.
    if (this.absentGuilds.size > 0 && this.absentGuilds.has((await this.service.gameRow(gameId))?.guildId ?? '')) return;
    for (const notice of await this.service.posts.noticesOf(gameId)) {
      const row = await this.service.gameRow(gameId);
      if (!row) return;
      await this.place.deliver(row, { content: notice.content, mentions: notice.mentions, nonce: nonces.notice(notice.id) });
      await whenWritable(() => this.service.posts.noticePosted(notice.id));
    }
    await this.postBoard(gameId);
    await this.trimOldPosts(gameId);
  }

  /**
   * Quiet threads: earlier board posts are cut down to what happened, so only the newest shows a
   * board. While trims wait (near Discord's global limit) they stay owed, the sweep does them
   * later, and a game keeps only its newest `TRIMS_KEPT_OWED`: older posts keep their board.
   */
  private async trimOldPosts(gameId: number): Promise<void> {
    const owed = (await this.service.gameRow(gameId))?.postsToTrim ?? [];
    const waiting = this.trimsWait();
    for (const [i, post] of owed.entries()) {
      if (waiting && i >= owed.length - this.trimsKeptOwed) return this.holdTrims(gameId);
      if (!waiting) await trimPost(this.client.rest, post);
      await whenWritable(() => this.service.posts.trimmed(gameId, post.messageId));
    }
  }

  /** Trims held through a burst go out soon after it, not a sweep later. */
  private holdTrims(gameId: number): void {
    this.trimsHeld.add(gameId);
    this.trimTimer ??= setInterval(() => {
      if (this.trimsWait()) return;
      const held = [...this.trimsHeld];
      this.trimsHeld.clear();
      if (this.trimTimer) clearInterval(this.trimTimer);
      this.trimTimer = null;
      for (const id of held) void this.post(id);
    }, TRIM_RETRY_MS);
    this.trimTimer.unref();
  }

  /** Whether a game still owes a post or a notice. */
  private async owes(gameId: number): Promise<boolean> {
    const row = await this.service.gameRow(gameId);
    if (!row) return false;
    const boardOwed = (row.status === 'running' || row.status === 'finished') && row.lastPostedSeq < row.version;
    return boardOwed || row.postsToTrim.length > 0 || (await this.service.posts.noticesOf(gameId)).length > 0;
  }

  private async failed(gameId: number, error: unknown): Promise<void> {
    const attempt = (this.attempts.get(gameId) ?? 0) + 1;
    this.attempts.set(gameId, attempt);
    // A database that cannot be read just now: the game is tried again as if it owed something.
    const owes = this.stopped || error instanceof ServerLeft || (await this.owes(gameId).catch(() => true));
    if (this.stopped || error instanceof ServerLeft || !owes) {
      this.attempts.delete(gameId);
      return;
    }
    const waitMs = Math.max(backoffMs(attempt, this.retry.firstMs, this.retry.maxMs), this.retriesHeldUntil - Date.now());
    const fields = { game: gameId, attempt, retryInMs: waitMs };
    if (error instanceof Unreachable) this.logger.warn(fields, 'cannot post anywhere for this game; its deadlines pause');
    else this.logger.warn({ ...fields, err: error }, 'posting failed; trying again later');
    const timer = setTimeout(() => {
      this.retryTimers.delete(gameId);
      void this.post(gameId);
    }, waitMs);
    timer.unref();
    this.retryTimers.set(gameId, timer);
  }

  /** A game that is over lost its channel: its notices, board post and trims are dropped, and that is said once. */
  private async giveUp(gameId: number): Promise<void> {
    const dropped = await whenWritable(() => this.service.posts.giveUp(gameId));
    this.logger.warn({ game: gameId, ...dropped }, 'the game is over and its channel no longer exists; the posts it still owed are given up');
  }

  private async postBoard(gameId: number): Promise<void> {
    const loaded = await this.service.load(gameId);
    if (!loaded || (loaded.row.status !== 'running' && loaded.row.status !== 'finished')) return;
    // A post covers the moves that stand: one that may still be taken back waits until it does.
    const game = await this.service.shownTo(loaded, null);
    if (game.row.lastPostedSeq >= game.row.version) return;
    const presenter = this.presenters[game.row.gameId] as AnyGamePresenter;
    const ctx = presentContext({ presenters: this.presenters }, game, game.row.locale);
    const timeOff = { now: this.service.clock.now(), away: (ids: string[]) => awayNow(this.service, game.row.guildId, ids) };
    const round = await postRound(game, this.service, presenter);
    const ratings = (userIds: string[]) => ratingMovesOf(this.service, game.row.guildId, game.row.id, userIds);
    const { content, mentions: waitedFor, summary } = await boardPostText(game, this.service, presenter, ctx, timeOff, round.fromSeq, ratings);
    const quiet = await this.notToPing(game, waitedFor);
    const mentions = waitedFor.filter((user) => !quiet.has(user));
    const finished = game.row.status === 'finished';
    const buttons = openPanelRow(gameId, ctx.t);
    // The last post offers a rematch beside the panel (which shows the result).
    if (finished) buttons.components.push(rematchButton(gameId, ctx.t), replayButton(gameId, ctx.t));
    const board = { ...boardRequest({ presenters: this.presenters }, game, game.row.locale), earlier: round.earlier };
    // Where the bot may not attach the image: the board told in words, as its description tells it to screen readers.
    const words = () => {
      try {
        return boardInWords(content, describeBoard(this.presenters, board));
      } catch (error) {
        this.logger.error({ err: error, game: gameId }, 'describing the board failed');
        return content;
      }
    };
    // The same nonce for every attempt at this post: Discord answers a retry with the post it made.
    const message: Outgoing = { content, components: [buttons], mentions, words, nonce: nonces.board(gameId, game.row.version) };
    const fileName = `${game.row.gameId}-${gameId}-${game.row.version}.png`;
    const upload = await this.boards.upload({ board, message: messagePayload(message, [fileName]), fileName }).catch((error: unknown) => {
      // Stopping, the workers close: the post stays owed, to go out with its board after the next start.
      if (this.stopped) throw error;
      // The news matters more than the picture: post without it rather than not at all.
      this.logger.error({ err: error, game: gameId }, 'drawing the board failed');
      return null;
    });
    const posted = await this.place.deliver(game.row, upload ? { ...message, upload } : message);
    // Once Discord has the post, recording it must not fail for a moment's lock, or it would be posted twice.
    // Cut down later where it went: named if that was outside the thread.
    const kept = posted.channelId === game.row.threadId ? summary : headed(summary, this.place.headerOf(game.row));
    await whenWritable(() => this.service.posts.boardPosted(gameId, game.row.version, { ...posted, summary: kept }));
    for (const listener of this.posted) listener();
    if (finished) await this.closeLobby(game, ctx, posted);
  }

  /** The lobby message of a finished game shows its result and a Rematch button: a courtesy, never retried. */
  private async closeLobby(game: LoadedGame, ctx: PresentContext, posted: { channelId: string; messageId: string }): Promise<void> {
    const { row } = game;
    if (!row.lobbyMessageId || !row.result) return;
    const presenter = this.presenters[row.gameId] as AnyGamePresenter;
    const names = ctx.players.map((_, seat) => markedName(ctx, seat));
    const result = rankingLines(row.result as GameResult, names, scoreTextOf(presenter, ctx.t), ctx.t, undefined, await departuresOf(game, this.service))
      .slice(1)
      .join(', ');
    const place = channelLink(row.guildId, posted.channelId, posted.messageId);
    const message = lobbyMessage({ presenters: this.presenters, service: this.service }, row, game.seats, ctx.t, ctx.t('lobby.finished', { place, result }));
    try {
      await this.client.rest.patch(Routes.channelMessage(row.channelId, row.lobbyMessageId), {
        body: {
          content: message.content,
          components: [{ type: ComponentType.ActionRow, components: [rematchButton(row.id, ctx.t)] }],
          allowed_mentions: { parse: [] },
        },
      });
    } catch (error) {
      this.logger.warn({ game: row.id, err: error }, 'could not show the result on the lobby message');
    }
  }
}
