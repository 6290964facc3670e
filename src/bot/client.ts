import { Client, Events, GatewayIntentBits, Options, type ClientOptions } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameService } from '../service/game-service.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { Announcer } from './announcer.js';
import { buildCommands } from './commands.js';
import type { BotContext } from './context.js';
import { routeInteraction } from './router.js';
import type { GameId } from '../games/index.js';
import type { BoardRenderer } from '../games/board-renderer.js';
import type { SettingsStore } from '../db/settings-store.js';
import type { DeadlineKeeper } from '../service/deadlines.js';
import { Scheduler } from './scheduler.js';

export interface BotOptions {
  service: GameService;
  presenters: Record<GameId, AnyGamePresenter>;
  /** Draws board images (worker threads in the bot). */
  boards: BoardRenderer;
  logger: Logger;
  settings: SettingsStore;
  /** Keeps every game's time; ticks once the bot is connected. */
  keeper: DeadlineKeeper;
  /** How often the clock of the games is checked, in ms. */
  schedulerIntervalMs: number;
  /** Another Discord-compatible API base, e.g. the local test server. */
  apiBase?: string;
  /** Register the commands in this server at start (instant, unlike global registration). */
  devGuildId?: string;
}

/**
 * The discord.js client, wired to the router. Only the Guilds intent: the bot works through
 * interactions and never reads messages.
 */
export function createBot(options: BotOptions): { client: Client; ctx: BotContext; scheduler: Scheduler } {
  const clientOptions: ClientOptions = {
    intents: [GatewayIntentBits.Guilds],
    // The bot never reads old messages (interactions carry theirs), so it keeps none: with a
    // thread per game, cached messages would grow with every game a server plays.
    makeCache: Options.cacheWithLimits({ ...Options.DefaultMakeCacheSettings, MessageManager: 0 }),
  };
  // REST goes to this base; the gateway address then comes from its GET /gateway/bot answer.
  if (options.apiBase) clientOptions.rest = { api: options.apiBase };
  const client = new Client(clientOptions);
  const announcer = new Announcer(client, options.service, options.presenters, options.boards, options.logger);
  const ctx: BotContext = {
    client,
    service: options.service,
    presenters: options.presenters,
    announcer,
    boards: options.boards,
    logger: options.logger,
    settings: options.settings,
  };
  const scheduler = new Scheduler({ client, keeper: options.keeper, settings: options.settings, announcer, presenters: options.presenters, logger: options.logger });

  client.once(Events.ClientReady, async (ready) => {
    options.logger.info({ user: ready.user.tag, guilds: ready.guilds.cache.size }, 'connected to Discord');
    try {
      if (options.devGuildId) {
        await ready.application.commands.set(buildCommands(options.presenters), options.devGuildId);
        options.logger.info({ guild: options.devGuildId }, 'slash commands registered in the development server');
      }
      await announcer.catchUp();
    } catch (error) {
      options.logger.error({ err: error }, 'start-up tasks failed');
    }
    // Reminders and deadlines that fell due while the bot was away are handled on the first tick.
    scheduler.start(options.schedulerIntervalMs);
  });
  client.on(Events.InteractionCreate, (interaction) => void routeInteraction(ctx, interaction));
  client.on(Events.Error, (error) => options.logger.error({ err: error }, 'discord client error'));
  client.on(Events.Warn, (message) => options.logger.warn(message));
  return { client, ctx, scheduler };
}
