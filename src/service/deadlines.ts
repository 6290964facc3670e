import type { GameRow } from '../db/schema.js';
import type { SettingsStore } from '../db/settings-store.js';
import type { GameService, TimeoutOutcome } from './game-service.js';

/** A reminder due now: the game and the users it waits for. */
export interface DueReminder {
  game: GameRow;
  userIds: string[];
  /** When their time runs out. */
  deadlineAt: number;
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
  ) {}

  private now(): number {
    return this.service.clock.now();
  }

  /**
   * Called once at start: every running game's deadline (and reminder) moves on by the time the
   * bot was away, counted from its last heartbeat. Returns that time in ms (0 on a first start).
   */
  resumeAfterDowntime(): number {
    const now = this.now();
    const last = this.settings.lastHeartbeat();
    const away = last === null ? 0 : Math.max(0, now - last);
    this.service.store.transaction(() => {
      if (away > 0) this.service.store.extendAllWaits(away);
      this.settings.heartbeat(now);
    });
    return away;
  }

  /** Records that the bot is running now (called on every tick). */
  beat(): void {
    this.settings.heartbeat(this.now());
  }

  /** Reminders whose time has come, with the users to remind (those the game waits for). */
  dueReminders(): DueReminder[] {
    return this.service.store.dueReminders(this.now()).flatMap((row) => {
      const game = this.service.load(row.id);
      if (!game || row.deadlineAt === null) return [];
      const waiting = game.def.toAct(game.state) as number[];
      const userIds = waiting.map((seat) => game.seats[seat]?.userId).filter((id): id is string => id !== undefined);
      return [{ game: row, userIds, deadlineAt: row.deadlineAt }];
    });
  }

  /** Marks a reminder as sent; false if the game moved on since it was read. */
  reminded(reminder: DueReminder): boolean {
    return this.service.store.markReminded(reminder.game.id, reminder.game.version);
  }

  /** Applies each server's policy to every game whose deadline has passed. */
  expireDue(): TimeoutOutcome[] {
    return this.service.store.dueDeadlines(this.now()).flatMap((row) => {
      const outcome = this.service.expire(row.id, this.settings.guild(row.guildId).deadlinePolicy, (events) => this.endsMove(row.gameId, events));
      return outcome.ok ? [outcome.value] : [];
    });
  }
}
