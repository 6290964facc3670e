import type { Logger } from '../logger.js';
import type { GameService } from '../service/game-service.js';
import type { Thinker } from '../ai/thinker.js';
import type { Announcer } from './announcer.js';
import type { LivePanels } from './live-panels.js';
import { callsForPost } from './turn-posts.js';
import type { BotLevel } from '../db/schema.js';

const NO_LIVE_PANELS: Pick<LivePanels, 'isWatching'> = { isWatching: () => false };

/**
 * Bot players in Discord: whenever a game has a bot to move, the bot thinks (off the main thread)
 * and acts through the game service like a person, its move logged with origin 'bot' and posted
 * like anyone's. One game's bots move one after another, one decision at a time: each decision
 * waits for the worker taking turns game by game (see Thinker), so a game whose bots play on alone
 * never holds up another game's. A game woken while its bots think is looked at again when they
 * are done. After a restart, `catchUp` wakes every game waiting for a bot at once.
 *
 * Like everything else that acts on a game, a bot does not move while the bot cannot hear that
 * game's players (its gateway is down, or it was removed from their server): a move then would go
 * on without people who cannot click, and its post could not go out. Such a game is held, and
 * `resume` wakes it once the bot hears them again.
 */
export class BotPlayers {
  /** Games whose bots are thinking, and whether they were woken again meanwhile. */
  private readonly busy = new Map<number, boolean>();
  /** Games whose bots were to move while the bot could not hear their players. */
  private readonly held = new Set<number>();
  private stopped = false;

  constructor(
    private readonly deps: {
      service: GameService;
      thinker: Thinker;
      announcer: Pick<Announcer, 'post'>;
      logger: Logger;
      /** Whether the bot hears the players of this server now (connected, and in the server); always, by default. */
      hears?: (guildId: string) => boolean;
      /** The players' live panels, which spare some posts (src/discord/turn-posts.ts); none by default. */
      panels?: Pick<LivePanels, 'isWatching'>;
      /** How well the bot plays for a player away whom the others let it play for: the server's level for absent players; normal by default. */
      standInLevel?: (guildId: string) => BotLevel | Promise<BotLevel>;
    },
  ) {
    deps.service.afterCommit((gameId) => void this.wake(gameId));
  }

  /** Lets the bots of this game move while it is their turn (returns when they are done). */
  wake(gameId: number): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.busy.has(gameId)) {
      this.busy.set(gameId, true);
      return Promise.resolve();
    }
    this.busy.set(gameId, false);
    return this.play(gameId)
      .catch((error: unknown) => {
        // At shutdown the thinking is cut short on purpose; the move is made after the restart.
        if (this.stopped) this.deps.logger.info({ game: gameId }, 'a bot move was left for after the restart');
        else this.deps.logger.error({ game: gameId, err: error }, 'a bot player could not move');
      })
      .finally(() => {
        const again = this.busy.get(gameId);
        this.busy.delete(gameId);
        if (again) void this.wake(gameId);
      });
  }

  /** Every running game with a bot to move (after a restart): each game's first decision is asked for before any game's second. */
  async catchUp(): Promise<void> {
    await Promise.all((await this.deps.service.gamesWithBots()).map((id) => this.wake(id)));
  }

  /** The bot hears players again (its gateway is back, or it was added back to a server): the held games' bots move. */
  resume(): Promise<void> {
    const games = [...this.held];
    this.held.clear();
    // A game whose server is still out of reach is held again by its own wake.
    return Promise.all(games.map((id) => this.wake(id))).then(() => undefined);
  }

  stop(): void {
    this.stopped = true;
  }

  /** Whether the bots of this game may move now; if not, the game is held until `resume`. */
  private mayMove(gameId: number, guildId: string): boolean {
    if (this.deps.hears?.(guildId) ?? true) return true;
    this.held.add(gameId);
    this.deps.logger.debug({ game: gameId }, 'a bot move waits until the bot hears the players again');
    return false;
  }

  private async play(gameId: number): Promise<void> {
    const { service, thinker, announcer, logger } = this.deps;
    // Most games have no bots (nor a player the bot stands in for): their seats say so without reading the game's state.
    if (!(await service.seatsOf(gameId)).some((s) => s.botLevel !== null || s.standInUntil !== null)) return;
    while (!this.stopped) {
      const game = await service.load(gameId);
      if (!game) return;
      const [seat] = service.botsToAct(game);
      if (seat === undefined) return;
      if (!this.mayMove(gameId, game.row.guildId)) return;
      const level = game.seats[seat]?.botLevel ?? (await this.deps.standInLevel?.(game.row.guildId)) ?? 'normal';
      const started = performance.now();
      // The seed comes from the game and the moment: a stored game's bot moves can be explained again.
      const { action, iterations, capped } = await thinker.choose(
        { gameId: game.row.gameId, state: game.state, seat, level, seed: `${game.row.seed}/${game.row.version}/${seat}` },
        gameId,
      );
      // A level is a number of iterations; the time cap stopping it means the machine is far busier than planned.
      if (capped)
        logger.info(
          { game: gameId, seat, botLevel: level, iterations, thinkMs: Math.round(performance.now() - started) },
          'a bot decision was cut short by its time cap',
        );
      // Asked again: the bot may have gone deaf, or been removed from the server, while it thought.
      if (!this.mayMove(gameId, game.row.guildId)) return;
      const outcome = await service.actAsBot(gameId, seat, game.row.version, action);
      if (!outcome.ok) {
        // Someone moved meanwhile (a simultaneous choice): think again from the new state.
        if (outcome.refusal === 'stale') continue;
        logger.warn({ game: gameId, seat, refusal: outcome.refusal }, 'a bot move was refused');
        return;
      }
      // Per move, like a click's line: debug only (the minute's summary counts the moves).
      logger.debug({ game: gameId, seat, botLevel: level, thinkMs: Math.round(performance.now() - started), version: outcome.value.seq }, 'bot move');
      if (callsForPost({ panels: this.deps.panels ?? NO_LIVE_PANELS }, outcome.value)) void announcer.post(gameId);
    }
  }
}
