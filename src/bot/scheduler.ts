import { DiscordAPIError, type Client } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameRow } from '../db/schema.js';
import type { SettingsStore } from '../db/settings-store.js';
import type { DeadlineKeeper, DueReminder } from '../service/deadlines.js';
import type { StandInPlan } from '../service/game-service.js';
import { localeFrom, translator } from '../i18n/index.js';
import type { Announcer } from './announcer.js';
import { gameLink, presenterOf } from './context.js';
import type { AnyGamePresenter } from '../games/presenter.js';

/** Discord's answer when a user does not accept direct messages from the bot. */
const CANNOT_MESSAGE_USER = 50007;

/** The interval assumed until `start` gives one (the configured default). */
const DEFAULT_INTERVAL_MS = 30_000;
/** A game that failed is tried again after 1, 2, 4 ... ticks, but at least this often. */
const MAX_BACKOFF_MS = 10 * 60_000;
/**
 * Below this many intervals (and a minute) a difference between the clocks is jitter, not a
 * jump: a tick late by a few seconds because the event loop was busy never moves a deadline.
 */
const JUMP_INTERVALS = 3;
const MIN_JUMP_MS = 60_000;

/**
 * The part of the wall clock's move between two ticks that was not time the bot ran; 0 for
 * ordinary ticks and jitter.
 *
 * Between two ticks the bot ran for at most one interval (the timer fires every interval), and for
 * no longer than the monotonic clock measured (it stops while the host is suspended and does not
 * move when the wall clock is set). Whatever else the wall clock did is the gap: set forward or a
 * suspended host (the wall clock moved, the monotonic one did not), a paused process or VM (the
 * tick came far too late), set back (the gap is negative). Every wait moves by the gap, back when
 * it is negative: a deadline and `now` are both wall-clock moments, so moving them together keeps
 * everyone's time left exactly what it was before the jump.
 */
export function wallClockGap(wallMs: number, monotonicMs: number, intervalMs: number): number {
  const ran = Math.max(0, Math.min(monotonicMs, intervalMs));
  const gap = wallMs - ran;
  return Math.abs(gap) > Math.max(JUMP_INTERVALS * intervalMs, MIN_JUMP_MS) ? gap : 0;
}

/** Games whose step failed, each skipped for a growing number of ticks before it is tried again. */
class Backoff {
  private readonly failing = new Map<number, { failures: number; retryAt: number }>();

  ready(id: number, tick: number): boolean {
    return (this.failing.get(id)?.retryAt ?? 0) <= tick;
  }

  /** Records a failure on `tick`; returns how many ticks the game is skipped: 1, 2, 4 ... `max`. */
  failed(id: number, tick: number, max: number): number {
    const failures = (this.failing.get(id)?.failures ?? 0) + 1;
    const skip = Math.min(2 ** (failures - 1), max);
    this.failing.set(id, { failures, retryAt: tick + skip + 1 });
    return skip;
  }

  succeeded(id: number): void {
    this.failing.delete(id);
  }

  /** Forgets games that are no longer due (they moved on, ended, or were repaired). */
  retain(due: GameRow[]): void {
    const ids = new Set(due.map((row) => row.id));
    for (const id of this.failing.keys()) if (!ids.has(id)) this.failing.delete(id);
  }
}

export interface SchedulerDeps {
  client: Client;
  keeper: DeadlineKeeper;
  settings: SettingsStore;
  announcer: Pick<Announcer, 'post' | 'notice'>;
  presenters: Record<string, AnyGamePresenter>;
  logger: Logger;
  /** A clock that moves only while the process runs and never jumps (ms); tests move theirs. */
  monotonic?: () => number;
  /** Closes the lobbies nobody started in time, a page per tick; the edits of their messages are not waited for. */
  closeExpiredLobbies?: () => void;
  /** Whether the bot hears its players now (its gateway connection is up); always, by default. */
  hearing?: () => boolean;
  /**
   * The bot player's moves for the absent players of a game whose deadline passed (auto-move);
   * undefined where the game's safe moves will do. Thought out off the main thread.
   */
  standIn?: (row: GameRow) => Promise<StandInPlan | undefined> | undefined;
}

/**
 * Runs the clock of every game: on each tick it follows the wall clock (a jump moves every wait),
 * records a heartbeat, sends the reminders that are due (in the game's thread, and by direct
 * message to those who asked for it) and applies the server's policy to games whose deadline
 * passed. Each game is handled on its own: one that fails is logged and tried again later, the
 * others go on. Nothing in a tick waits for Discord. Everything it needs is in the database.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private intervalMs = DEFAULT_INTERVAL_MS;
  private ticks = 0;
  /** Both clocks at the previous tick. */
  private lastClock: { wall: number; monotonic: number } | null = null;
  /** A jump whose waits could not be moved yet. */
  private pendingGap = 0;
  /** The monotonic time of the last tick that heard the players, and of the one before going deaf. */
  private lastHeard: number | null = null;
  private deafSince: number | null = null;
  private readonly reminding = new Map<number, Promise<void>>();
  /** Games whose absent players' moves are being thought out. */
  private readonly standingIn = new Set<number>();
  private readonly reminderBackoff = new Backoff();
  private readonly deadlineBackoff = new Backoff();
  private readonly monotonic: () => number;

  constructor(private readonly deps: SchedulerDeps) {
    this.monotonic = deps.monotonic ?? (() => performance.now());
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    this.intervalMs = intervalMs;
    this.timer = setInterval(() => void this.tick(), intervalMs);
    void this.tick();
  }

  /** Stops ticking, waits for reminders on their way and records a last heartbeat. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.reminding.values());
    this.deps.keeper.beat();
  }

  /**
   * One round of the clock. Its work is done when it returns; the promise tells when the reminders
   * it started are sent (the timer does not wait for it; tests do). Posts are queued, not awaited.
   */
  tick(): Promise<void> {
    this.ticks++;
    const { keeper, logger } = this.deps;
    const trusted = this.followClock();
    // Deaf, the bot acts for nobody (no reminder, no timeout): the players could not have clicked.
    // No heartbeat either, so that a restart meanwhile gives that time back as downtime.
    if (!this.hears()) return Promise.resolve();
    try {
      keeper.beat();
    } catch (error) {
      logger.error({ err: error }, 'could not record the heartbeat');
    }
    // Until the waits have moved with a jump of the wall clock, nothing is due for sure.
    if (!trusted) return Promise.resolve();
    let reminders: Promise<void>[] = [];
    try {
      reminders = this.startReminders();
    } catch (error) {
      logger.error({ err: error }, 'could not read the due reminders');
    }
    try {
      this.expireDue();
    } catch (error) {
      logger.error({ err: error }, 'could not read the due deadlines');
    }
    try {
      this.deps.closeExpiredLobbies?.();
    } catch (error) {
      logger.error({ err: error }, 'could not close the expired lobbies');
    }
    return Promise.all(reminders).then(() => undefined);
  }

  /**
   * Whether the bot hears its players now. Back from a time it did not, every wait moves on by that
   * time, counted from the last tick that heard them (a little more than the outage, never less).
   */
  private hears(): boolean {
    const now = this.monotonic();
    if (!(this.deps.hearing?.() ?? true)) {
      this.deafSince ??= this.lastHeard ?? now;
      return false;
    }
    if (this.deafSince !== null) {
      const deafMs = Math.round(now - this.deafSince);
      try {
        const games = this.deps.keeper.shiftWaits(deafMs);
        this.deafSince = null;
        this.deps.logger.info({ deafMs, games }, 'the bot could not hear Discord; every wait moved on by that time');
      } catch (error) {
        this.deps.logger.error({ err: error, deafMs }, 'the bot could not hear Discord, and the waits could not be moved on');
        return false;
      }
    }
    this.lastHeard = now;
    return true;
  }

  /** Moves every wait by a jump of the wall clock since the previous tick; false while it cannot. */
  private followClock(): boolean {
    const wall = this.deps.keeper.now();
    const monotonic = this.monotonic();
    const last = this.lastClock;
    this.lastClock = { wall, monotonic };
    const gap = this.pendingGap + (last ? wallClockGap(wall - last.wall, monotonic - last.monotonic, this.intervalMs) : 0);
    if (gap === 0) return true;
    try {
      const games = this.deps.keeper.shiftWaits(gap);
      this.pendingGap = 0;
      this.deps.logger.warn({ jumpMs: gap, games }, 'the wall clock jumped; every wait moved with it');
      return true;
    } catch (error) {
      this.pendingGap = gap;
      this.deps.logger.error({ err: error, jumpMs: gap }, 'the wall clock jumped and the waits could not be moved');
      return false;
    }
  }

  /** Starts each due reminder on its own; a game whose reminder is still on its way is left alone. */
  private startReminders(): Promise<void>[] {
    const due = this.deps.keeper.dueReminderGames();
    this.reminderBackoff.retain(due);
    const started: Promise<void>[] = [];
    for (const row of due) {
      if (this.reminding.has(row.id) || !this.reminderBackoff.ready(row.id, this.ticks)) continue;
      const sending = this.remindGame(row).finally(() => this.reminding.delete(row.id));
      this.reminding.set(row.id, sending);
      started.push(sending);
    }
    return started;
  }

  /** One game's reminder; never throws. */
  private async remindGame(row: GameRow): Promise<void> {
    try {
      const reminder = this.deps.keeper.reminder(row);
      if (reminder) await this.remind(reminder);
      this.reminderBackoff.succeeded(row.id);
    } catch (error) {
      this.failed(this.reminderBackoff, row.id, error, 'could not send a reminder');
    }
  }

  /**
   * The thread notice first, then the direct messages (best effort), then the mark. If the notice
   * fails this throws: nothing is marked and no DM went out, so the retry sends each once.
   */
  private async remind(reminder: DueReminder): Promise<void> {
    const { announcer, settings, logger, client } = this.deps;
    const { game, userIds, deadlineAt } = reminder;
    const t = translator(localeFrom(game.locale));
    const seconds = Math.floor(deadlineAt / 1000);
    const time = { time: `<t:${seconds}:f>`, relative: `<t:${seconds}:R>` };
    const name = t(presenterOf(this.deps, game.gameId).name);
    await announcer.notice(game, t('reminder.thread', { mentions: userIds.map((id) => `<@${id}>`).join(', '), ...time }), userIds);
    for (const userId of userIds.filter((id) => settings.dmReminders(id))) {
      try {
        const user = await client.users.fetch(userId);
        await user.send({ content: t('reminder.dm', { game: name, id: game.id, link: gameLink(game), ...time }), allowedMentions: { parse: [] } });
      } catch (error) {
        // A user who closed his direct messages simply gets no DM; anything else is worth a warning.
        if (error instanceof DiscordAPIError && error.code === CANNOT_MESSAGE_USER) logger.debug({ user: userId }, 'direct messages closed');
        else logger.warn({ err: error, user: userId }, 'could not send a reminder by direct message');
      }
    }
    this.deps.keeper.reminded(reminder);
  }

  /** Applies the policy to each game whose deadline passed, and asks for its post. */
  private expireDue(): void {
    const { keeper } = this.deps;
    const due = keeper.dueDeadlineGames();
    this.deadlineBackoff.retain(due);
    for (const row of due) {
      if (!this.deadlineBackoff.ready(row.id, this.ticks) || this.standingIn.has(row.id)) continue;
      const thinking = keeper.policyOf(row) === 'auto-move' ? this.deps.standIn?.(row) : undefined;
      if (!thinking) {
        this.expireOne(row);
        continue;
      }
      // The bot's moves are thought out in a worker; meanwhile the tick goes on with the other games.
      this.standingIn.add(row.id);
      thinking
        .catch((error: unknown) => {
          this.deps.logger.warn({ game: row.id, err: error }, 'the bot could not think for an absent player; the safe move is made');
          return undefined;
        })
        .then((plan) => this.expireOne(row, plan))
        .finally(() => this.standingIn.delete(row.id));
    }
  }

  /** One game's deadline: the policy applied, the post asked for; a failure is retried later. */
  private expireOne(row: GameRow, plan?: StandInPlan): void {
    const { keeper, announcer, logger } = this.deps;
    try {
      const expired = keeper.expire(row, plan);
      this.deadlineBackoff.succeeded(row.id);
      if (!expired) return;
      logger.info({ game: row.id, seats: expired.seats, policy: expired.policy, bot: plan !== undefined }, 'time ran out');
      void announcer.post(row.id);
    } catch (error) {
      this.failed(this.deadlineBackoff, row.id, error, 'could not apply the deadline of a game');
    }
  }

  private failed(backoff: Backoff, game: number, error: unknown, message: string): void {
    const retryInTicks = backoff.failed(game, this.ticks, Math.max(1, Math.ceil(MAX_BACKOFF_MS / this.intervalMs)));
    this.deps.logger.error({ game, err: error, retryInTicks }, message);
  }
}
