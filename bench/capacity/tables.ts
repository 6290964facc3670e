/**
 * The games of bench/capacity.ts, played through the local Discord as people play them: Cartagena
 * (Jamaica) between two simulated people, and one game in BOT_EVERY with one person against a
 * normal bot, who thinks in the bot's worker as in any game with a bot seated.
 *
 * Each game has its own clock: a person takes his turn every PERIOD_MS (one move a minute), the
 * games' first turns spread evenly over a period (a golden-ratio sequence, so they stay spread as
 * games are added), open-loop: a game whose previous turn is still being played, or that is being
 * replaced, misses its tick (counted). In a game with a bot the person moves every two periods and
 * the bot answers him at once, so that game too takes one move a minute on average.
 *
 * A turn is played as in bench/post-delay/load.ts: "Open my panel" on the newest board post, then
 * the panel's moves until it says whom the game waits for. Every click is timed from its dispatch
 * to the bot's callback, as the local Discord stamps both; the turn's last move is kept with the
 * moment of its callback (the commit is made by then) to find its board post later.
 */
import { WaitTimeoutError, type FakeDiscord, type InteractionResult, type SimUser } from '../../tests/e2e/server/index.js';
import { chooseMove, latestBoardPost, openGame, readPanel, type Lane, type OpenWhere } from '../latency/ours.js';

/** One game a minute: the period of a person's turns in a game between people. */
export const PERIOD_MS = 60_000;
/** Every BOT_EVERY-th game seats a bot against one person. */
export const BOT_EVERY = 5;
/** Clicks a turn may take at most: Cartagena's three actions, or "End turn", and some slack. */
const MAX_STEPS = 6;
/** Games opened at once while the tables grow. */
const OPENING_AT_ONCE = 6;

export interface Click {
  kind: 'open' | 'move';
  /** Dispatch, as the local Discord stamps it (ms since the epoch). */
  at: number;
  /** Dispatch → callback, ms (NaN when no answer came). */
  ms: number;
  outcome: 'ok' | 'unanswered' | 'error';
}

/** A move that ended a person's turn: its game and action number, the thread, the callback's moment. */
export interface TurnEnd {
  game: number;
  seq: number;
  threadId: string;
  committedAt: number;
  withBot: boolean;
}

interface Game extends Lane {
  withBot: boolean;
  channelId: string;
  /** The next tick of this game's clock. */
  dueAt: number;
}

export class Tables {
  readonly clicks: Click[] = [];
  readonly turnEnds: TurnEnd[] = [];
  readonly threads = new Set<string>();
  readonly errors: string[] = [];
  /** Ticks that found their game still busy with its previous turn or being replaced. */
  missedTicks = 0;
  gamesFinished = 0;
  private readonly games: Game[] = [];
  private readonly setups = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private readonly turns = new Set<Promise<void>>();

  /** `channels`: where games are opened, in turn (one per server, so that every shard has games). */
  constructor(
    private readonly discord: FakeDiscord,
    private readonly channels: string[],
  ) {}

  get size(): number {
    return this.games.length;
  }

  get withBots(): number {
    return this.games.filter((g) => g.withBot).length;
  }

  /** Opens games until there are `count`, a few at a time, with nothing else being played. */
  async grow(count: number): Promise<void> {
    while (this.games.length < count) {
      const batch = Array.from({ length: Math.min(OPENING_AT_ONCE, count - this.games.length) }, (_, k) => this.games.length + k);
      const opened = await Promise.all(batch.map((i) => this.open(i)));
      for (const game of opened) {
        this.games.push(game);
        this.threads.add(game.threadId);
      }
    }
  }

  /**
   * Starts every game's clock: its first tick at its place in the period from now. Ticks go on
   * until `pause`.
   */
  play(): void {
    const start = Date.now();
    this.games.forEach((game, i) => {
      game.dueAt = start + this.offset(i) * this.periodOf(game);
    });
    this.timer = setInterval(() => this.tick(), 20);
  }

  /** Stops the clocks and waits for the turns being played and the games being replaced. */
  async pause(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([...this.turns]);
    await Promise.all([...this.setups]);
  }

  /** Where game i's first tick falls in its period: 0 ≤ offset < 1, evenly spread for any count. */
  private offset(i: number): number {
    return (i * 0.6180339887498949) % 1;
  }

  private periodOf(game: Game): number {
    return game.withBot ? 2 * PERIOD_MS : PERIOD_MS;
  }

  private tick(): void {
    const now = Date.now();
    for (const game of this.games) {
      if (game.dueAt > now) continue;
      game.dueAt += this.periodOf(game);
      if (game.busy || !game.ready) {
        this.missedTicks++;
        continue;
      }
      const turn = this.turn(game);
      this.turns.add(turn);
      void turn.finally(() => this.turns.delete(turn));
    }
  }

  private async open(i: number): Promise<Game> {
    const withBot = i % BOT_EVERY === BOT_EVERY - 1;
    const seats = withBot ? ['a'] : ['a', 'b'];
    const players = seats.map((seat) => this.discord.user(`cap${i}${seat}`, { globalName: `C${String(i).padStart(4, '0')}${seat}` }));
    const channelId = this.channels[i % this.channels.length] as string;
    const where: OpenWhere = { channelId, ...(withBot ? { bots: { count: 1, level: 'normal' as const } } : {}) };
    const opened = await openGame(this.discord, players, 'jamaica', where);
    return { players, variant: 'jamaica', panel: null, busy: false, ready: true, withBot, channelId, dueAt: 0, ...opened };
  }

  /** One click, timed from its dispatch to the bot's callback (the local Discord's stamps). */
  private async click(kind: Click['kind'], send: () => Promise<InteractionResult>): Promise<InteractionResult | null> {
    try {
      const result = await send();
      const callback = result.interaction.callback;
      this.clicks.push({ kind, at: result.interaction.dispatchedAt, ms: callback ? callback.ms : Number.NaN, outcome: callback ? 'ok' : 'unanswered' });
      return result;
    } catch (error) {
      this.clicks.push({ kind, at: Date.now(), ms: Number.NaN, outcome: error instanceof WaitTimeoutError ? 'unanswered' : 'error' });
      this.errors.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
      return null;
    }
  }

  /** The turn of the person the game believes is to act, through his panel. */
  private async turn(game: Game): Promise<void> {
    game.busy = true;
    try {
      const actor = game.actor;
      const passed = await this.turnOf(game, actor);
      // His panel named the other person as the one waited for: the post pinged him, he plays now.
      if (passed && game.actor !== actor) await this.turnOf(game, game.actor);
    } finally {
      game.busy = false;
    }
  }

  /** `actor` opens his panel and plays his moves; true when the panel said at once that the game waits for someone else. */
  private async turnOf(game: Game, actor: SimUser): Promise<boolean> {
    const post = latestBoardPost(this.discord, game.threadId) ?? game.post;
    let panel = (await this.click('open', () => actor.click(post, { prefix: 'panel:' })))?.message ?? null;
    for (let step = 0; panel && step < MAX_STEPS; step++) {
      const state = readPanel(game, panel);
      if (state === 'over') this.replace(game);
      // 'passed': the game waits for someone else (the other person, now the actor, or the bot still thinking).
      if (state !== 'turn') return step === 0 && state === 'passed';
      const move = chooseMove(panel);
      if (!move) return false;
      const customId = 'button' in move ? move.button : move.select;
      const current = panel;
      const result = await this.click('move', () => ('button' in move ? actor.click(current, move.button) : actor.select(current, move.select, [move.value])));
      panel = result?.message ?? null;
      const after = panel ? readPanel(game, panel) : 'unknown';
      if (result?.interaction.callback && (after === 'passed' || after === 'over')) {
        // act:game:version:index or pick:game:version:n: the move was committed as action version + 1.
        const [, id, version] = customId.split(':');
        this.turnEnds.push({
          game: Number(id),
          seq: Number(version) + 1,
          threadId: game.threadId,
          committedAt: result.interaction.callback.at,
          withBot: game.withBot,
        });
        if (after === 'over') this.replace(game);
        return false;
      }
    }
    return false;
  }

  /** A finished game is replaced by a new one with the same players and seats, off the clock. */
  private replace(game: Game): void {
    game.ready = false;
    this.gamesFinished++;
    const where: OpenWhere = { channelId: game.channelId, ...(game.withBot ? { bots: { count: 1, level: 'normal' as const } } : {}) };
    const setup = openGame(this.discord, game.players, game.variant, where).then(
      (fresh) => {
        Object.assign(game, fresh, { ready: true });
        this.threads.add(fresh.threadId);
      },
      (error: unknown) => void this.errors.push(`could not open a replacement game: ${String(error).split('\n')[0]}`),
    );
    this.setups.add(setup);
    void setup.finally(() => this.setups.delete(setup));
  }
}
