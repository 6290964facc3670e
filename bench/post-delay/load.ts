/**
 * The load of the post-delay benchmark (bench/post-delay.ts), made through the local Discord as
 * people make it:
 * - `Tables`: Cartagena games of three simulated players each; turns are started open-loop at a
 *   fixed rate, each on the next game not busy with a turn, and played through the panel as
 *   people play (Open my panel on the newest board post, then the panel's moves until the panel
 *   says whom the game waits for next). The turn-ending move is recorded by the game and the
 *   sequence number it was committed as (its button's state version + 1).
 *   Nobody waits for the previous turn's post before starting the next turn: the rate holds
 *   whatever the posts do, and a late post shows as delay, not as fewer turns.
 * - `Flood`: members asking `/game board` open-loop, never waiting for their answer: a few heavy
 *   askers (players, in their own game's thread without an id; and non-players naming a game),
 *   far past the per-member limit; and a crowd of members who each ask only now and then, so that
 *   the limit lets nearly all of them through and only the board queue's order keeps the posts
 *   ahead of their boards.
 */
import type { FakeDiscord, InteractionResult, SimUser } from '../../tests/e2e/server/index.js';
import { WaitTimeoutError } from '../../tests/e2e/server/index.js';
import { en } from '../../src/i18n/en.js';
import { gameNumber } from '../../tests/e2e/play.js';
import { openLoop } from '../latency/common.js';
import { chooseMove, latestBoardPost, openGame, readPanel, type Lane } from '../latency/ours.js';

/** A move that ended a turn: the game, the sequence number of its action, the thread it is posted in. */
export interface TurnEnd {
  game: number;
  seq: number;
  threadId: string;
}

/** Clicks a turn may take at most: Cartagena's three actions, or "End turn", and some slack. */
const MAX_STEPS = 6;

export class Tables {
  /** Every move that ended a turn, in the order the answers came. */
  readonly turnEnds: TurnEnd[] = [];
  /** Every game thread, replaced games' too. */
  readonly threads = new Set<string>();
  /** Clicks that failed (no answer, no such button...), with the first line of their error. */
  readonly errors: string[] = [];
  gamesFinished = 0;
  private readonly setups = new Set<Promise<void>>();
  private cursor = 0;

  private constructor(
    private readonly discord: FakeDiscord,
    readonly lanes: Lane[],
  ) {
    for (const lane of lanes) this.threads.add(lane.threadId);
  }

  /** Opens `games` games of three players of their own ("P07a"...), a few at a time. */
  static async open(discord: FakeDiscord, games: number): Promise<Tables> {
    const lanes: Lane[] = [];
    for (let first = 0; first < games; first += 6) {
      const batch = Array.from({ length: Math.min(6, games - first) }, async (_, k) => {
        const i = first + k;
        const players = ['a', 'b', 'c'].map((seat) => discord.user(`p${i}${seat}`, { globalName: `P${String(i).padStart(2, '0')}${seat}` }));
        const variant = i % 2 === 0 ? 'jamaica' : 'tortuga';
        return { players, variant, panel: null, busy: false, ready: true, ...(await openGame(discord, players, variant)) } satisfies Lane;
      });
      lanes.push(...(await Promise.all(batch)));
    }
    return new Tables(discord, lanes);
  }

  /** The game a lane plays now (replaced games get new numbers). */
  gameOf(lane: Lane): number {
    return gameNumber(lane.post);
  }

  /**
   * Starts `perSecond` turns a second for `durationMs`, open-loop; resolves when the turns started
   * have been played. `skipped`: ticks that found every game busy (the driver could not keep up).
   */
  async play(perSecond: number, durationMs: number): Promise<{ skipped: number; maxLagMs: number }> {
    let skipped = 0;
    const run = await openLoop(perSecond, durationMs, async () => {
      for (let k = 0; k < this.lanes.length; k++) {
        const lane = this.lanes[(this.cursor + k) % this.lanes.length] as Lane;
        if (lane.ready && !lane.busy) {
          this.cursor = (this.cursor + k + 1) % this.lanes.length;
          await this.turn(lane);
          return null;
        }
      }
      skipped++;
      return null;
    });
    return { skipped, maxLagMs: run.maxLagMs };
  }

  /** Waits for the games being replaced (a finished game's successor being opened). */
  async settled(): Promise<void> {
    await Promise.all([...this.setups]);
  }

  /** One turn of the player the lane believes is to act, through his panel. */
  private async turn(lane: Lane): Promise<void> {
    lane.busy = true;
    try {
      const actor = lane.actor;
      const post = latestBoardPost(this.discord, lane.threadId) ?? lane.post;
      let panel = (await actor.click(post, { prefix: 'panel:' })).message;
      for (let step = 0; panel && step < MAX_STEPS; step++) {
        const state = readPanel(lane, panel);
        // 'passed': the game waited for someone else (readPanel now names him): his turn comes next.
        if (state === 'over') return this.replace(lane);
        if (state !== 'turn') return;
        const move = chooseMove(panel);
        if (!move) return;
        const customId = 'button' in move ? move.button : move.select;
        const result = 'button' in move ? await actor.click(panel, move.button) : await actor.select(panel, move.select, [move.value]);
        panel = result.message;
        const after = panel ? readPanel(lane, panel) : 'unknown';
        if (after === 'passed' || after === 'over') {
          // act:game:version:index or pick:game:version:n: the move was committed as action version + 1.
          const [, game, version] = customId.split(':');
          this.turnEnds.push({ game: Number(game), seq: Number(version) + 1, threadId: lane.threadId });
          if (after === 'over') this.replace(lane);
          return;
        }
      }
    } catch (error) {
      this.errors.push(error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));
    } finally {
      lane.busy = false;
    }
  }

  /** A finished game is replaced by a new one with the same players, off the schedule. */
  private replace(lane: Lane): void {
    lane.ready = false;
    this.gamesFinished++;
    const setup = openGame(this.discord, lane.players, lane.variant).then(
      (fresh) => {
        Object.assign(lane, fresh, { ready: true });
        this.threads.add(fresh.threadId);
      },
      (error: unknown) => void this.errors.push(`could not open a replacement game: ${String(error)}`),
    );
    this.setups.add(setup);
    void setup.finally(() => this.setups.delete(setup));
  }
}

/** Who asked: a heavy asker (a player or not) or one of the crowd. */
export type Asker = 'heavy player' | 'heavy non-player' | 'crowd';

/** One `/game board` and what came of it. */
export interface Ask {
  asker: Asker;
  outcome: 'drawn' | 'slow down' | 'other' | 'unanswered';
  /** Dispatch to the complete answer (the deferred reply filled in with the board), ms. */
  ms: number;
  detail?: string;
}

const SLOW_DOWN = (en['refusal.slow-down'].split(':')[0] as string).trim();

function classify(asker: Asker, result: InteractionResult): Ask {
  const ms = result.completedMs ?? Number.NaN;
  if (result.messages.some((m) => m.attachments.some((a) => a.filename.endsWith('.png')))) return { asker, outcome: 'drawn', ms };
  if (result.content.startsWith(SLOW_DOWN)) return { asker, outcome: 'slow down', ms };
  return { asker, outcome: 'other', ms, detail: result.content.split('\n')[0] ?? '' };
}

export interface FloodShape {
  /** Heavy askers: this many players (each in his own game's thread) and as many non-players. */
  heavyEach: number;
  /** /game board a second from each heavy asker. */
  heavyPerSecond: number;
  /** Members of the crowd, asked in turn. */
  crowd: number;
  /** /game board a second from the whole crowd. */
  crowdPerSecond: number;
  /** How long a member waits for his board before counting it unanswered. */
  answerTimeoutMs: number;
}

export class Flood {
  /** Every ask made, settled or not. */
  readonly asks: Promise<Ask>[] = [];
  private readonly heavy: { user: SimUser; asker: Asker; lane: Lane }[] = [];
  private readonly crowd: SimUser[];

  constructor(
    discord: FakeDiscord,
    private readonly tables: Tables,
    private readonly shape: FloodShape,
  ) {
    // The last player of the first games asks about his own game; non-players about other games.
    for (let i = 0; i < shape.heavyEach; i++) {
      const lane = tables.lanes[i % tables.lanes.length] as Lane;
      this.heavy.push({ user: lane.players[2] as SimUser, asker: 'heavy player', lane });
      this.heavy.push({ user: discord.user(`heavy${i}`), asker: 'heavy non-player', lane: tables.lanes[(i * 7 + 3) % tables.lanes.length] as Lane });
    }
    this.crowd = Array.from({ length: shape.crowd }, (_, i) => discord.user(`crowd${i}`));
  }

  /**
   * Asks open-loop for `durationMs`: the heavy askers at their rate, the crowd at its rate, mixed
   * on one schedule. Resolves when the last ask was sent; the answers come in later (`asks`).
   */
  async run(durationMs: number): Promise<{ maxLagMs: number }> {
    const heavyRate = this.heavy.length * this.shape.heavyPerSecond;
    const total = heavyRate + this.shape.crowdPerSecond;
    let heavyNext = 0;
    let crowdNext = 0;
    let credit = 0;
    const run = await openLoop(total, durationMs, (n) => {
      // Spread each kind evenly: a heavy ask whenever its share of the ticks so far is due.
      credit += heavyRate / total;
      if (credit >= 1) {
        credit -= 1;
        const { user, asker, lane } = this.heavy[heavyNext++ % this.heavy.length]!;
        // A player asks in his game's thread without an id; a non-player names a game from the channel.
        this.ask(user, asker, asker === 'heavy player' ? { channelId: lane.threadId } : { id: this.tables.gameOf(lane) });
      } else {
        const user = this.crowd[crowdNext++ % this.crowd.length] as SimUser;
        const lane = this.tables.lanes[(n * 13) % this.tables.lanes.length] as Lane;
        // Half the crowd in a game's thread (the game of the thread), half naming it.
        this.ask(user, 'crowd', n % 2 === 0 ? { channelId: lane.threadId } : { id: this.tables.gameOf(lane) });
      }
      return Promise.resolve(null);
    });
    return { maxLagMs: run.maxLagMs };
  }

  private ask(user: SimUser, asker: Asker, where: { channelId: string } | { id: number }): void {
    const options = 'id' in where ? { subcommand: 'board', options: { id: where.id } } : { subcommand: 'board', channelId: where.channelId };
    const asked = user.slash('game', { ...options, timeoutMs: this.shape.answerTimeoutMs }).then(
      (result) => classify(asker, result),
      (error: unknown): Ask => ({
        asker,
        outcome: error instanceof WaitTimeoutError ? 'unanswered' : 'other',
        ms: Number.NaN,
        detail: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
      }),
    );
    this.asks.push(asked);
  }
}
