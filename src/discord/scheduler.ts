import { DiscordAPIError, type Client } from 'discord.js';
import type { Logger } from '../logger.js';
import type { Settings } from '../service/settings.js';
import type { DueCursor, DueWait } from '../db/wait-store.js';
import type { DeadlineKeeper, DueReminder } from '../service/deadlines.js';
import type { StandInPlan, TimeoutOutcome } from '../service/game-service.js';
import { localeFrom, translator } from '../i18n/index.js';
import type { Announcer } from './announcer.js';
import { gameLink, presenterOf } from './views/present.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { Lanes, Slices } from '../pace.js';
import { StandInLine } from './stand-in-line.js';
import { sendDirectMessage } from './direct-message.js';
import { nonces } from './nonces.js';
import type { MemberChecks } from './member-checks.js';

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

/** Due games read at a time: ids and versions, never states. */
const PAGE = 100;
/** A walk through the due games gives the event loop back at least this often (ms): clicks wait no longer. */
const SLICE_MS = 20;
/**
 * Reminders, and posts of games whose time ran out, out at once: enough to keep Discord busy,
 * few enough that ten thousand due games never hold ten thousand boards or requests in memory.
 * One that Discord does not answer holds its lane for a while at most.
 */
const AT_ONCE = 8;
const HOLD_MS = 15_000;

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
  retain(due: ReadonlySet<number>): void {
    for (const id of this.failing.keys()) if (!due.has(id)) this.failing.delete(id);
  }
}

export interface SchedulerDeps {
  client: Client;
  keeper: DeadlineKeeper;
  /** Whom reminders go to by direct message too. */
  settings: Pick<Settings, 'dmReminders'>;
  announcer: Pick<Announcer, 'post' | 'notice'>;
  presenters: Record<string, AnyGamePresenter>;
  logger: Logger;
  /** A clock that moves only while the process runs and never jumps (ms); tests move theirs. */
  monotonic?: () => number;
  /** Closes the lobbies nobody started in time, a page per tick; the edits of their messages are not waited for. */
  closeExpiredLobbies?: () => Promise<unknown> | void;
  /** Whether the bot hears its players now (its gateway connection is up); always, by default. */
  hearing?: () => boolean;
  /**
   * The bot player's moves for the absent players of a game whose deadline passed (auto-move);
   * undefined where the game's safe moves will do. Thought out off the main thread.
   */
  standIn?: (due: DueWait) => Promise<StandInPlan | undefined> | undefined;
  /** Whether the players a reminder or a deadline is for are still members of the server (src/discord/member-checks.ts). */
  members?: Pick<MemberChecks, 'check' | 'checkGame'>;
}

/**
 * Runs the clock of every game: on each tick it follows the wall clock (a jump moves every wait),
 * records a heartbeat, sends the reminders that are due (in the game's thread, and by direct
 * message to those who asked for it) and applies the server's policy to games whose deadline
 * passed. Each game is handled on its own: one that fails is logged and tried again later, the
 * others go on. Due games are walked in pages of small rows, in slices of the event loop, with a
 * few requests to Discord out at a time: ten thousand due games take longer, never more memory,
 * and never hold up a click. Everything it needs is in the database.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private intervalMs = DEFAULT_INTERVAL_MS;
  private ticks = 0;
  private stopping = false;
  /** Both clocks at the previous tick. */
  private lastClock: { wall: number; monotonic: number } | null = null;
  /** A jump whose waits could not be moved yet. */
  private pendingGap = 0;
  /** The monotonic time of the last tick that heard the players, and of the one before going deaf. */
  private lastHeard: number | null = null;
  private deafSince: number | null = null;
  /** The walks under way: a tick that comes while one is still walking leaves it to finish. */
  private reminderWalk: Promise<void> | null = null;
  private deadlineWalk: Promise<void> | null = null;
  private readonly reminding = new Map<number, Promise<void>>();
  private readonly reminderLanes = new Lanes(AT_ONCE, HOLD_MS);
  private readonly postLanes = new Lanes(AT_ONCE, HOLD_MS);
  private readonly standIns: StandInLine;
  private readonly reminderBackoff = new Backoff();
  private readonly deadlineBackoff = new Backoff();
  private readonly monotonic: () => number;

  constructor(private readonly deps: SchedulerDeps) {
    this.monotonic = deps.monotonic ?? (() => performance.now());
    this.standIns = new StandInLine({
      think: (due) => this.deps.standIn?.(due),
      expire: (due, plan) => void this.expireOne(due, plan),
      mayAct: () => this.mayAct(),
      thinkingFailed: (due, error) =>
        this.deps.logger.warn({ game: due.id, err: error }, 'the bot could not think for an absent player; the safe move is made'),
    });
  }

  start(intervalMs: number): void {
    if (this.timer) return;
    this.stopping = false;
    this.intervalMs = intervalMs;
    this.timer = setInterval(() => void this.tickSafely(), intervalMs);
    void this.tickSafely();
  }

  /** A tick from the timer: whatever it could not do is logged, and the next tick tries again. */
  private tickSafely(): Promise<void> {
    return this.tick().catch((error: unknown) => this.deps.logger.error({ err: error }, 'a tick of the clock failed'));
  }

  /** Stops ticking and walking, waits for the walks and the reminders on their way, records a last heartbeat. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([this.reminderWalk, this.deadlineWalk, ...this.reminding.values()]);
    await this.deps.keeper.beat();
  }

  /** Games whose absent players wait for the bot to think for them (the metrics, tests). */
  get standInsWaiting(): number {
    return this.standIns.length;
  }

  /**
   * One round of the clock. The promise tells when its walks are over and the reminders they
   * started are sent (the timer does not wait for it; tests do). Timeout posts are asked for, not
   * awaited, a few at a time.
   */
  async tick(): Promise<void> {
    this.ticks++;
    const { keeper, logger } = this.deps;
    const trusted = await this.followClock();
    // Deaf, the bot acts for nobody (no reminder, no timeout): the players could not have clicked.
    // No heartbeat either, so that a restart meanwhile gives that time back as downtime.
    if (!(await this.hears())) return;
    try {
      await keeper.beat();
    } catch (error) {
      // Stopping, or woken to find its shard gone, the process lets the heartbeat go: it is no longer its to record.
      if (this.mayAct()) logger.error({ err: error }, 'could not record the heartbeat');
      else logger.warn({ err: error }, 'the heartbeat was not recorded: the bot no longer acts');
    }
    // Until the waits have moved with a jump of the wall clock, nothing is due for sure.
    if (!trusted) return;
    const reminders = (this.reminderWalk ??= this.walkReminders().finally(() => (this.reminderWalk = null)));
    const deadlines = (this.deadlineWalk ??= this.walkDeadlines().finally(() => (this.deadlineWalk = null)));
    this.standIns.next();
    // Not waited for: the walks go on meanwhile, as before.
    const closing = Promise.resolve()
      .then(() => this.deps.closeExpiredLobbies?.())
      .catch((error: unknown) => logger.error({ err: error }, 'could not close the expired lobbies'));
    await Promise.all([reminders, deadlines]);
    void closing;
  }

  /** Whether the bot may act on a game now: it hears its players and is not stopping. */
  private mayAct(): boolean {
    return !this.stopping && (this.deps.hearing?.() ?? true);
  }

  /**
   * Calls `visit` for every due game, soonest first, a page at a time, giving the event loop back
   * every slice. Stops early when the bot may no longer act; returns the ids it met (all of them,
   * if it walked to the end), or null if it stopped early or could not read.
   */
  private async walk(
    read: (after: DueCursor | null, limit: number) => Promise<DueWait[]>,
    visit: (due: DueWait) => Promise<void> | void,
    what: string,
  ): Promise<Set<number> | null> {
    const met = new Set<number>();
    const slices = new Slices(SLICE_MS);
    let after: DueCursor | null = null;
    for (;;) {
      let page: DueWait[];
      try {
        page = await read(after, PAGE);
      } catch (error) {
        this.deps.logger.error({ err: error }, `could not read the due ${what}`);
        return null;
      }
      for (const due of page) {
        if (!this.mayAct()) return null;
        met.add(due.id);
        await visit(due);
        await slices.breathe();
      }
      if (page.length < PAGE) return met;
      after = page[page.length - 1] as DueWait;
    }
  }

  /** Starts each due reminder on its own, a few at a time; a game whose reminder is on its way is left alone. */
  private async walkReminders(): Promise<void> {
    const started: Promise<void>[] = [];
    const met = await this.walk(
      (after, limit) => this.deps.keeper.dueReminders(after, limit),
      async (due) => {
        if (this.reminding.has(due.id) || !this.reminderBackoff.ready(due.id, this.ticks)) return;
        await this.reminderLanes.start(() => {
          const sending = this.remindGame(due).finally(() => this.reminding.delete(due.id));
          this.reminding.set(due.id, sending);
          started.push(sending);
          return sending;
        });
      },
      'reminders',
    );
    if (met) this.reminderBackoff.retain(met);
    await Promise.all(started);
  }

  /** One game's reminder; never throws. */
  private async remindGame(due: DueWait): Promise<void> {
    try {
      const reminder = await this.deps.keeper.reminder(due);
      if (reminder) await this.remind(reminder);
      this.reminderBackoff.succeeded(due.id);
    } catch (error) {
      this.failed(this.reminderBackoff, due.id, error, 'could not send a reminder');
    }
  }

  /**
   * Whether the bot hears its players now. Back from a time it did not, every wait moves on by that
   * time, counted from the last tick that heard them (a little more than the outage, never less).
   */
  private async hears(): Promise<boolean> {
    const now = this.monotonic();
    if (!(this.deps.hearing?.() ?? true)) {
      this.deafSince ??= this.lastHeard ?? now;
      return false;
    }
    if (this.deafSince !== null) {
      const deafMs = Math.round(now - this.deafSince);
      try {
        const games = await this.deps.keeper.shiftWaits(deafMs);
        this.standIns.forget();
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
  private async followClock(): Promise<boolean> {
    const wall = this.deps.keeper.now();
    const monotonic = this.monotonic();
    const last = this.lastClock;
    this.lastClock = { wall, monotonic };
    const gap = this.pendingGap + (last ? wallClockGap(wall - last.wall, monotonic - last.monotonic, this.intervalMs) : 0);
    if (gap === 0) return true;
    try {
      const games = await this.deps.keeper.shiftWaits(gap);
      this.standIns.forget();
      this.pendingGap = 0;
      // A pause the monotonic clock counted is given back here; the outage, if deaf meanwhile, must not give it again.
      if (this.deafSince !== null && last && gap > 0) this.deafSince += Math.min(gap, Math.max(0, monotonic - last.monotonic - this.intervalMs));
      this.deps.logger.warn({ jumpMs: gap, games }, 'the wall clock jumped; every wait moved with it');
      return true;
    } catch (error) {
      this.pendingGap = gap;
      this.deps.logger.error({ err: error, jumpMs: gap }, 'the wall clock jumped and the waits could not be moved');
      return false;
    }
  }

  /**
   * The thread notice first, then the direct messages (best effort), then the mark. If the notice
   * fails this throws: nothing is marked and no DM went out, so the retry sends each once.
   */
  private async remind(reminder: DueReminder): Promise<void> {
    const { announcer, settings, logger, client } = this.deps;
    const { game, deadlineAt } = reminder;
    // A player who left the server is reminded of nothing: the rule for absent players now applies to him.
    const gone = (await this.deps.members?.check(game.guildId, reminder.userIds)) ?? [];
    const userIds = reminder.userIds.filter((id) => !gone.includes(id));
    if (userIds.length === 0) {
      await this.deps.keeper.reminded(reminder);
      return;
    }
    const t = translator(localeFrom(game.locale));
    const seconds = Math.floor(deadlineAt / 1000);
    const time = { time: `<t:${seconds}:f>`, relative: `<t:${seconds}:R>` };
    const name = t(presenterOf(this.deps, game.gameId).name);
    // A reminder posted but not marked (the bot stopped in between) is answered with the same post.
    await announcer.notice(
      game,
      t('reminder.thread', { mentions: userIds.map((id) => `<@${id}>`).join(', '), ...time }),
      userIds,
      nonces.reminder(game.id, game.version),
    );
    for (const userId of userIds) {
      if (!(await settings.dmReminders(userId))) continue;
      try {
        const nonce = nonces.reminderDm(game.id, game.version, userId);
        await sendDirectMessage(client.rest, userId, t('reminder.dm', { game: name, id: game.id, link: gameLink(game), ...time }), nonce);
      } catch (error) {
        // A user who closed his direct messages simply gets no DM; anything else is worth a warning.
        if (error instanceof DiscordAPIError && error.code === CANNOT_MESSAGE_USER) logger.debug({ user: userId }, 'direct messages closed');
        else logger.warn({ err: error, user: userId }, 'could not send a reminder by direct message');
      }
    }
    await this.deps.keeper.reminded(reminder);
  }

  /**
   * Applies the policy to each game whose deadline passed and asks for its post, a few posts out
   * at a time; a game for the bot to play (auto-move) joins the stand-ins' line instead.
   */
  private async walkDeadlines(): Promise<void> {
    const { keeper } = this.deps;
    // The tick waits for the policy to be applied (the writes), never for the posts.
    const applied: Promise<unknown>[] = [];
    const met = await this.walk(
      (after, limit) => keeper.dueDeadlines(after, limit),
      async (due) => {
        if (!this.deadlineBackoff.ready(due.id, this.ticks) || this.standIns.has(due.id)) return;
        // Whether those whose time ran out are still members: if not, the rule for absent players applies to their next turns too.
        void this.deps.members?.checkGame(due.id, due.guildId, null, false);
        if (this.deps.standIn && (await keeper.policyOf(due)) === 'auto-move') this.standIns.offer(due);
        else
          await this.postLanes.start(() => {
            const applying = this.applyDeadline(due);
            applied.push(applying);
            return applying.then((expired) => expired && this.postExpired(due, expired));
          });
      },
      'deadlines',
    );
    await Promise.all(applied);
    if (!met) return;
    this.deadlineBackoff.retain(met);
    this.standIns.retain(met);
  }

  /**
   * One game's deadline: the policy applied and its post asked for; a failure is retried later.
   * Returns the post's attempt, if one was asked for.
   */
  private async expireOne(due: DueWait, plan?: StandInPlan): Promise<void> {
    const expired = await this.applyDeadline(due, plan);
    if (expired) await this.postExpired(due, expired, plan);
  }

  /** The policy applied to one game whose deadline passed: what was done, or null; a failure is logged and retried later. */
  private async applyDeadline(due: DueWait, plan?: StandInPlan): Promise<TimeoutOutcome | null> {
    try {
      const expired = await this.deps.keeper.expire(due, plan);
      this.deadlineBackoff.succeeded(due.id);
      return expired;
    } catch (error) {
      this.failed(this.deadlineBackoff, due.id, error, 'could not apply the deadline of a game');
      return null;
    }
  }

  /** Logs what a deadline did and asks for the game's post (a failed post is the announcer's to retry). */
  private async postExpired(due: DueWait, expired: TimeoutOutcome, plan?: StandInPlan): Promise<void> {
    this.deps.logger.info({ game: due.id, seats: expired.seats, policy: expired.policy, bot: plan !== undefined }, 'time ran out');
    await this.deps.announcer.post(due.id).catch(() => undefined);
  }

  private failed(backoff: Backoff, game: number, error: unknown, message: string): void {
    const retryInTicks = backoff.failed(game, this.ticks, Math.max(1, Math.ceil(MAX_BACKOFF_MS / this.intervalMs)));
    this.deps.logger.error({ game, err: error, retryInTicks }, message);
  }
}
