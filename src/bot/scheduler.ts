import { DiscordAPIError, type Client } from 'discord.js';
import type { Logger } from '../logger.js';
import type { SettingsStore } from '../db/settings-store.js';
import type { DeadlineKeeper, DueReminder } from '../service/deadlines.js';
import { localeFrom, translator } from '../i18n/index.js';
import type { Announcer } from './announcer.js';
import { gameLink, presenterOf } from './context.js';
import type { AnyGamePresenter } from '../games/presenter.js';

/** Discord's answer when a user does not accept direct messages from the bot. */
const CANNOT_MESSAGE_USER = 50007;

/**
 * Runs the clock of every game: on each tick it records a heartbeat, sends the reminders that
 * are due (in the game's thread, and by direct message to those who asked for it) and applies
 * the server's policy to games whose deadline passed. Everything it needs is in the database.
 */
export class Scheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: {
      client: Client;
      keeper: DeadlineKeeper;
      settings: SettingsStore;
      announcer: Announcer;
      presenters: Record<string, AnyGamePresenter>;
      logger: Logger;
    },
  ) {}

  start(intervalMs: number): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), intervalMs);
    void this.tick();
  }

  /** Stops ticking, waits for a tick in progress and records a last heartbeat. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.deps.keeper.beat();
  }

  /** One round of the clock; a tick still running is not started twice. */
  tick(): Promise<void> {
    this.running ??= this.work().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async work(): Promise<void> {
    const { keeper, announcer, logger } = this.deps;
    try {
      keeper.beat();
      for (const reminder of keeper.dueReminders()) await this.remind(reminder);
      for (const expired of keeper.expireDue()) {
        logger.info({ game: expired.game.row.id, seats: expired.seats, policy: expired.policy }, 'time ran out');
        await announcer.post(expired.game.row.id);
      }
    } catch (error) {
      logger.error({ err: error }, 'the scheduler tick failed');
    }
  }

  private async remind(reminder: DueReminder): Promise<void> {
    const { announcer, settings, logger, client } = this.deps;
    const { game, userIds, deadlineAt } = reminder;
    const t = translator(localeFrom(game.locale));
    const seconds = Math.floor(deadlineAt / 1000);
    const time = { time: `<t:${seconds}:f>`, relative: `<t:${seconds}:R>` };
    const name = t(presenterOf(this.deps, game.gameId).name);
    try {
      await announcer.notice(game, t('reminder.thread', { mentions: userIds.map((id) => `<@${id}>`).join(', '), ...time }), userIds);
    } catch (error) {
      logger.warn({ err: error, game: game.id }, 'could not post a reminder');
    }
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
}
