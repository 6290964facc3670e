import { Client, DefaultRestOptions, Events, GatewayIntentBits, REST, type ClientOptions, type RESTOptions } from 'discord.js';
import type { Logger } from '../logger.js';
import type { GameService } from '../service/game-service.js';
import type { AnyGamePresenter } from '../games/presenter.js';
import { Announcer } from './announcer.js';
import { clientCacheOptions } from './client-caches.js';
import { buildCommands } from './commands.js';
import { warnIfNoCommands } from './command-check.js';
import type { Activity, BotContext } from './context.js';
import { routeInteraction } from './router.js';
import type { GameId } from '../games/index.js';
import type { BoardRenderer } from '../games/board-renderer.js';
import type { DeadlineKeeper } from '../service/deadlines.js';
import { Scheduler } from './scheduler.js';
import { fatalClose } from './fatal-close.js';
import { watchGuildMembership } from './guild-membership.js';
import { requestPressure, type RequestPressure } from './request-pressure.js';
import { WARN_EVERY, watchInvalidRequests } from './invalid-requests.js';
import type { BotCounter } from '../db/bot-counter-store.js';
import { NotActing } from './not-acting.js';
import { identifyThrottlerOf, type IdentifySlots } from './identify-throttler.js';
import { BotPlayers } from './bot-players.js';
import { gatewayProblem, logGateway } from './gateway.js';
import type { Thinker } from '../ai/thinker.js';
import type { DueWait } from '../db/wait-store.js';
import type { StandInPlan } from '../service/game-service.js';
import { closeExpiredLobbies } from './lobby-close.js';
import { LivePanels, type CurrentPanel } from './live-panels.js';
import { MemberChecks, watchMembers } from './member-checks.js';
import { pingsNow } from '../service/pings.js';
import { isHisTurn, panelMessage, retiredPanelMessage } from './panel.js';
import { translator, type Locale } from '../i18n/index.js';

export interface BotOptions {
  service: GameService;
  presenters: Record<GameId, AnyGamePresenter>;
  /** Draws board images (worker threads in the bot). */
  boards: BoardRenderer;
  logger: Logger;
  /** Keeps every game's time; ticks once the bot is connected. */
  keeper: DeadlineKeeper;
  /** How often the clock of the games is checked, in ms. */
  schedulerIntervalMs: number;
  /** Another Discord-compatible API base, e.g. the local test server. */
  apiBase?: string;
  /**
   * The REST proxy the bot's processes share (DISCORD_REST_PROXY): the client's requests go there
   * instead of to `apiBase`. The live panels' edits still go to `apiBase` (or Discord): Discord
   * leaves interaction requests out of the global limit the proxy keeps.
   */
  restProxy?: string;
  /**
   * Each IDENTIFY takes its bucket's slot here, for the whole bot (src/discord/identify-throttler.ts);
   * without it, discord.js spaces the identifies of this process only.
   */
  identifySlots?: IdentifySlots;
  /**
   * The bot's counts over every process (src/db/bot-counter-store.ts): its invalid requests
   * (src/discord/invalid-requests.ts) and its requests against the global limit (request-pressure.ts);
   * without it, each process goes by its own.
   */
  botCounters?: BotCounter;
  /** Register the commands in this server at start (instant, unlike global registration). */
  devGuildId?: string;
  /**
   * The gateway closed for good (src/discord/fatal-close.ts): the bot cannot go on. Told what to do,
   * which it logs (a shard has its manager log it); without it, the client logs it.
   */
  onFatalClose?: (close: { shard: number; code: number; whatToDo: string }) => void;
  /** Where bot players think (a worker thread in the bot). */
  thinker: Thinker;
  /** Told of every interaction handled (the metrics). */
  activity: Activity;
  /** Ask for the (privileged) Server Members intent, to hear at once that a player left (src/discord/member-checks.ts). */
  memberEvents?: boolean;
  /**
   * Whether this process acts for its shard now (PostgreSQL: it holds the shard's lease). While it
   * does not, nothing goes to Discord: no answer, no post, no edit, no bot move, no reminder.
   */
  acting?: () => boolean;
}

/**
 * The bot player's moves for the absent players of a game whose time ran out, at the level the
 * server chose; undefined for a game that has no bot players yet (its safe moves are made).
 */
async function standIn(options: BotOptions, due: DueWait): Promise<StandInPlan | undefined> {
  const game = await options.service.load(due.id);
  if (!game?.def.determinize) return undefined;
  const { row } = game;
  const seats = game.def.toAct(game.state);
  const { absentLevel: level } = await options.service.settings.guild(row.guildId);
  const request = { gameId: row.gameId, state: game.state, seats, level, seed: `${row.seed}/${row.version}/absent` };
  return options.thinker.standIn(request).then((pairs) => new Map(pairs));
}

/** A player's panel as it stands now, for editing his live panel; null for someone not seated. */
async function livePanelOf(ctx: BotContext, gameId: number, userId: string, locale: Locale): Promise<CurrentPanel | null> {
  const game = await ctx.service.load(gameId);
  const seat = game?.seats.find((s) => s.userId === userId)?.seat;
  if (!game || seat === undefined || game.row.status === 'lobby') return null;
  // Cancelling changes no version: the last word of a panel, after every version.
  if (game.row.status === 'cancelled')
    return {
      version: Number.MAX_SAFE_INTEGER,
      message: { content: `#${gameId} · ${translator(locale)('cancel.done')}`, components: [], allowed_mentions: { parse: [] } },
      yourTurn: false,
      over: true,
    };
  const { content, components } = await panelMessage(ctx, game, seat, locale);
  return {
    version: game.row.version,
    message: { content, components, allowed_mentions: { parse: [] } },
    yourTurn: isHisTurn(game, seat),
    over: game.row.status !== 'running',
  };
}

/**
 * REST that sends only while `acting` says so, checked at the moment each request would leave (a
 * process frozen between deciding to post and posting finds out when it wakes), and counts what
 * it sends against Discord's global limit (./request-pressure.ts).
 */
function sentWhile(acting: (() => boolean) | undefined, pressure: RequestPressure): Partial<RESTOptions> {
  return {
    makeRequest: (url, init) => {
      if (acting && !acting()) return Promise.reject(new NotActing());
      pressure.sent(url);
      return DefaultRestOptions.makeRequest(url, init);
    },
  };
}

/**
 * The discord.js client, wired to the router. Only the Guilds intent (and, if asked for, the Server
 * Members one): the bot works through interactions and never reads messages.
 */
export function createBot(options: BotOptions): { client: Client; ctx: BotContext; scheduler: Scheduler; bots: BotPlayers; pressure: RequestPressure } {
  const clientOptions: ClientOptions = {
    intents: [GatewayIntentBits.Guilds, ...(options.memberEvents ? [GatewayIntentBits.GuildMembers] : [])],
    // Nothing that grows with every member, message or game stays in memory (src/discord/client-caches.ts).
    ...clientCacheOptions(),
  };
  // REST goes to this base; the gateway address then comes from its GET /gateway/bot answer.
  const api = options.restProxy ?? options.apiBase;
  // Near Discord's global limit, posts keep the budget and trims wait for a quieter moment.
  const pressure = requestPressure(options.logger, options.botCounters ? { counter: options.botCounters } : {});
  clientOptions.rest = { invalidRequestWarningInterval: WARN_EVERY, ...(api ? { api } : {}), ...sentWhile(options.acting, pressure) };
  if (options.identifySlots) clientOptions.ws = { buildIdentifyThrottler: identifyThrottlerOf(options.identifySlots, options.logger) };
  const client = new Client(clientOptions);
  // Panels are edited through their interactions' tokens, which Discord does not count against the
  // bot's global limit: their own REST client, so that edits never take the board posts' turn.
  const panelRest = new REST({
    invalidRequestWarningInterval: WARN_EVERY,
    ...(options.apiBase ? { api: options.apiBase } : {}),
    ...sentWhile(options.acting, pressure),
  });
  const announcer = new Announcer(client, options.service, options.presenters, options.boards, options.logger);
  const ctx: BotContext = {
    client,
    service: options.service,
    presenters: options.presenters,
    announcer,
    boards: options.boards,
    logger: options.logger,
    activity: options.activity,
    ...(options.acting ? { acting: options.acting } : {}),
    panels: new LivePanels({
      rest: panelRest,
      panelOf: (gameId, userId, locale) => livePanelOf(ctx, gameId, userId, locale),
      retired: retiredPanelMessage,
      postsOut: (gameId) => announcer.postsOut(gameId),
      logger: options.logger,
    }),
  };
  // Posts land below the panels shown before them: a panel far up is shown anew when his turn comes.
  announcer.afterMessage((gameId, messageId) => ctx.panels.posted(gameId, messageId));
  ctx.members = watchMembers(client, new MemberChecks({ rest: client.rest, service: options.service, announcer, logger: options.logger }));
  options.service.afterCommit((gameId) => ctx.panels.changed(gameId));
  // A player at his live panel who just acted is not pinged for a turn that comes straight back to him;
  // nor is one whose ping setting says not now.
  announcer.notToPing = async (game, users) => {
    const atTheTable = ctx.panels.atTheTable(game.row.id);
    const pinged = await Promise.all(users.map(async (user) => atTheTable.has(user) || (await pingsNow(options.service, game, user))));
    return new Set(users.filter((user, i) => atTheTable.has(user) || !pinged[i]));
  };
  // Bots move only while the bot hears their players, as the scheduler acts (src/discord/scheduler.ts).
  const acting = options.acting ?? (() => true);
  const hears = (guildId: string) => acting() && gatewayProblem(client) === null && !announcer.absentGuilds.has(guildId);
  const bots = new BotPlayers({
    service: options.service,
    thinker: options.thinker,
    announcer,
    logger: options.logger,
    hears,
    panels: ctx.panels,
    standInLevel: async (guildId) => (await options.service.settings.guild(guildId)).absentLevel,
  });
  // First among the ready listeners: the servers the bot left while it was stopped are known before
  // the scheduler, the catch-up of posts and the bots start.
  watchGuildMembership(client, options.service, announcer, options.logger, () => void bots.resume());
  const scheduler = new Scheduler({
    client,
    keeper: options.keeper,
    settings: options.service.settings,
    announcer,
    presenters: options.presenters,
    logger: options.logger,
    standIn: (due) => standIn(options, due),
    closeExpiredLobbies: () => closeExpiredLobbies(ctx),
    hearing: () => acting() && gatewayProblem(client) === null,
    members: ctx.members,
  });

  client.once(
    Events.ClientReady,
    (ready) =>
      void (async () => {
        options.logger.info({ user: ready.user.tag, guilds: ready.guilds.cache.size }, 'connected to Discord');
        // The games' clock first: deadlines never wait for Discord. Reminders and deadlines that fell
        // due while the bot was away are handled on the first tick; the catch-up of unannounced posts
        // runs meanwhile (posts of one game stay in order, and none is made twice).
        scheduler.start(options.schedulerIntervalMs);
        announcer.catchUp().catch((error: unknown) => options.logger.error({ err: error }, 'catching up on unannounced posts failed'));
        announcer.start();
        // Bots whose turn it was when the bot stopped move now.
        bots.catchUp().catch((error: unknown) => options.logger.error({ err: error }, 'waking the bot players failed'));
        if (options.devGuildId) {
          try {
            await ready.application.commands.set(buildCommands(options.presenters), options.devGuildId);
            options.logger.info({ guild: options.devGuildId }, 'slash commands registered in the development server');
          } catch (error) {
            options.logger.error({ err: error }, 'registering the slash commands failed');
          }
        } else {
          await warnIfNoCommands(ready.application, options.logger);
        }
      })(),
  );
  client.on(Events.InteractionCreate, (interaction) => void routeInteraction(ctx, interaction));
  client.on(Events.Error, (error) => options.logger.error({ err: error }, 'discord client error'));
  // discord.js stays "ready" after this close and never reconnects: the bot would run deaf and mute.
  client.on(Events.ShardDisconnect, (event, shard) => {
    const whatToDo = fatalClose(event.code);
    if (!whatToDo) return;
    if (options.onFatalClose) options.onFatalClose({ shard, code: event.code, whatToDo });
    else options.logger.fatal({ shard, code: event.code }, whatToDo);
  });
  client.on(Events.Warn, (message) => options.logger.warn(message));
  logGateway(client, options.logger);
  // Hearing Discord again, with the session resumed or a new one: the bots held meanwhile move.
  client.on(Events.ShardResume, () => void bots.resume());
  client.on(Events.ShardReady, () => void bots.resume());
  watchInvalidRequests([client.rest, panelRest], announcer, options.logger, options.botCounters ? { counter: options.botCounters } : {});
  announcer.trimsWait = () => !pressure.spare();
  return { client, ctx, scheduler, bots, pressure };
}
