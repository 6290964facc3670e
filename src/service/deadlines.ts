import type { DeadlinePolicy, GameRow } from '../db/schema.js';
import type { DueCursor, DueWait } from '../db/wait-store.js';
import type { SettingsStore } from '../db/settings-store.js';
import type { GameService, StandInPlan, TimeoutOutcome } from './game-service.js';
import { hostingOf } from './hosting.js';
import { linuxHostClock, type HostClock } from './host-clock.js';

/** A reminder due now: the game and the users it waits for. */
export interface DueReminder {
  game: GameRow;
  userIds: string[];
  /** When their time runs out. */
  deadlineAt: number;
}

/** What `resumeAfterDowntime` credited, and what the wall clock alone would have. */
export interface Downtime {
  awayMs: number;
  wallMs: number;
  /** What bounded the credit: the host's boot clock (same boot), or the wall clock. */
  measuredBy: 'uptime' | 'wall';
}

/**
 * Keeps the time of every running game: reminders at half time, the server's policy when a
 * deadline passes, and the bot's own downtime, which never counts against a player. All of it
 * lives in the database, so a restart loses nothing; the clock is the service's, so tests move it.
 */
export class DeadlineKeeper {
  constructor(
    private readonly service: GameService,
    private readonly settings: SettingsStore,
    /** Whether the public events of a step of this game complete a player's move. */
    private readonly endsMove: (gameId: string, events: unknown[]) => boolean = () => false,
    private readonly host: HostClock = linuxHostClock,
  ) {}

  /** The wall clock the deadlines are written in. */
  now(): number {
    return this.service.clock.now();
  }

  /**
   * Called once at start: every running game's deadline (and reminder) moves on by the time the
   * bot was away, counted from its last heartbeat. The wall clock may have been set meanwhile, so
   * on the same boot of the host the credit is at most what the host's boot clock says passed; after
   * a reboot, or where the host does not tell, the wall clock's difference counts. Never negative.
   */
  async resumeAfterDowntime(): Promise<Downtime> {
    const now = this.now();
    const host = this.host.read();
    const last = await this.settings.lastHeartbeat();
    const lastHost = await this.settings.lastHostHeartbeat();
    const wallMs = last === null ? 0 : Math.max(0, now - last);
    const sameBoot = host !== null && lastHost !== null && host.boot === lastHost.boot;
    const awayMs = sameBoot ? Math.min(wallMs, Math.max(0, host.uptimeMs - lastHost.uptimeMs)) : wallMs;
    await hostingOf(this.service).store.transaction(async (tx) => {
      if (awayMs > 0) await tx.waits.extendAllWaits(awayMs);
      await tx.settings.heartbeat(now, host);
    });
    return { awayMs, wallMs, measuredBy: sameBoot ? 'uptime' : 'wall' };
  }

  /** Records that the bot is running now (on every tick, and at a clean stop). */
  async beat(): Promise<void> {
    await this.settings.heartbeat(this.now(), this.host.read());
  }

  /**
   * Moves every running game's wait by `ms` (negative: back), for a jump of the wall clock that
   * was not time the players had. Returns how many games it moved.
   */
  async shiftWaits(ms: number): Promise<number> {
    return ms === 0 ? 0 : hostingOf(this.service).store.waits.extendAllWaits(ms);
  }

  /** A page of the games whose reminder is due now, soonest first, after `after`. */
  async dueReminders(after: DueCursor | null, limit: number): Promise<DueWait[]> {
    return hostingOf(this.service).store.waits.dueReminders(this.now(), { after, limit });
  }

  /**
   * The reminder of one due game, with the users to remind (those the game waits for); null if
   * the game no longer waits or its reminder went. Throws when the game cannot be read (unknown
   * rules, broken state).
   */
  async reminder(due: DueWait): Promise<DueReminder | null> {
    this.rulesOf(due);
    const game = await this.service.load(due.id);
    if (!game) return null;
    const { row } = game;
    if (row.deadlineAt === null || row.reminderAt === null || row.reminderAt > this.now()) return null;
    const waiting = game.def.toAct(game.state) as unknown;
    if (!Array.isArray(waiting) || waiting.length === 0) throw new Error(`game ${row.id} has a deadline but its rules say it waits for nobody`);
    const people = waiting.flatMap((seat) => {
      const seated = game.seats[seat as number];
      if (seated === undefined) throw new Error(`game ${row.id} waits for a seat it does not have: ${String(seat)}`);
      // Bot players need no reminding: they move as soon as it is their turn.
      return seated.botLevel === null ? [seated.userId] : [];
    });
    if (people.length === 0) {
      await hostingOf(this.service).store.waits.markReminded(row.id, row.version);
      return null;
    }
    return { game: row, userIds: people, deadlineAt: row.deadlineAt };
  }

  /** Marks a reminder as sent; false if the game moved on since it was read. */
  async reminded(reminder: DueReminder): Promise<boolean> {
    return hostingOf(this.service).store.waits.markReminded(reminder.game.id, reminder.game.version);
  }

  /** A page of the games whose deadline has passed, soonest first, after `after`. */
  async dueDeadlines(after: DueCursor | null, limit: number): Promise<DueWait[]> {
    return hostingOf(this.service).store.waits.dueDeadlines(this.now(), { after, limit });
  }

  /**
   * Applies the server's policy to one game whose deadline passed; null if the game moved on in
   * the meantime. Throws when the game cannot be played on (unknown rules, broken state, a timeout
   * move its rules refuse), so that the caller retries it later and says so.
   */
  async expire(due: DueWait, plan?: StandInPlan): Promise<TimeoutOutcome | null> {
    this.rulesOf(due);
    const outcome = await this.service.expire(due.id, await this.policyOf(due), (events) => this.endsMove(due.gameId, events), plan);
    // Neither will change by itself: the rules refused the move they offered for an absent player,
    // or nothing could be done (no move offered, nobody waited for), so the game would stay due.
    if (!outcome.ok && outcome.refusal === 'illegal') throw new Error(`game ${due.id}: its rules refuse their own timeout move`);
    if (outcome.ok && outcome.value.game.row.version === due.version) throw new Error(`game ${due.id}: nothing could be done for the players it waits for`);
    return outcome.ok ? outcome.value : null;
  }

  /** What happens to a game's absent players, by its server's settings. */
  async policyOf(game: Pick<GameRow, 'guildId'>): Promise<DeadlinePolicy> {
    return (await this.settings.guild(game.guildId)).deadlinePolicy;
  }

  private rulesOf(game: Pick<GameRow, 'id' | 'gameId'>): void {
    if (!this.service.definition(game.gameId)) throw new Error(`game ${game.id} has unknown rules '${game.gameId}'`);
  }
}
