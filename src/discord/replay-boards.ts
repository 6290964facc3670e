/**
 * The boards of replays. Each is drawn once per game, action and language and kept for every viewer
 * of that game; the moves just after (and before) the one a member looks at are drawn ahead, so that
 * paging finds the next board ready. What is kept is bounded in bytes, per game and in all, the board
 * used least recently going first. Only spectators' views are drawn: the state after an action is
 * rebuilt from the log (ReplayStates) and shown with no seat, as everyone saw it.
 *
 * What a member may have drawn at once is bounded too, without ever refusing him: a board he waits
 * for is drawn right away, ahead of the boards drawn ahead, while his on-demand allowance lasts (the
 * `/game board` limit, ./rate-limit.ts); past it, it waits its turn among the boards drawn ahead.
 * Those are drawn one at a time for the whole process, at the lowest priority of the board queue
 * (after posts and boards asked for), each member with a board to draw taking his turn, and a member
 * has one place in that line: his newest look replaces the one before.
 */
import type { BoardRenderer, BoardRequest } from '../games/board-renderer.js';
import type { PresentedPlayer } from '../games/presenter.js';
import type { Locale } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { LoadedGame } from '../service/game-service.js';
import type { ReplayStates } from '../service/replay-states.js';
import { Lru } from '../lru.js';

/** A board drawn, with its description for screen readers. */
export interface Board {
  png: Buffer;
  description: string;
}

/**
 * What became of a board someone waits for: drawn, failed to draw, or no longer drawn for him
 * because he looked elsewhere first (his newer look has his place in the line).
 */
export type Drawn = Board | 'failed' | 'elsewhere';

/** What a member looks at: a game's board after `throughs[0]` (an action), then those to draw ahead, most wanted first. */
export interface Look {
  game: LoadedGame;
  locale: Locale;
  players: PresentedPlayer[];
  throughs: readonly number[];
}

export interface BoardLimits {
  /** Bytes kept in all. */
  bytes: number;
  /** Bytes kept for one game. */
  bytesPerGame: number;
  /** Members whose look is remembered for drawing ahead. */
  members: number;
}

/**
 * A board image is 100 to 250 KB: 16 MB keep some 60 to 150 boards, a game's 6 MB the window of a few
 * viewers paging through it. The images are buffers outside the JavaScript heap, handed over by the
 * board worker without a copy.
 */
export const BOARD_LIMITS: BoardLimits = { bytes: 16 * 1024 * 1024, bytesPerGame: 6 * 1024 * 1024, members: 1000 };

const weigh = (board: Board) => board.png.byteLength + 2 * board.description.length;

interface Job {
  key: string;
  look: Look;
  through: number;
}

/** A member's place in the line of boards drawn ahead. */
interface Place {
  look: Look;
  /** Boards of the look drawn, or tried, already (each is drawn ahead once at most). */
  tried: Set<number>;
  /** Told when the board he looks at is drawn or fails, or that his next look came first. */
  waiting?: (drawn: Drawn) => void;
}

export class ReplayBoards {
  private readonly kept: Lru<string, { game: number; board: Board }>;
  private readonly perGame = new Map<number, Lru<string, Board>>();
  private readonly drawing = new Map<string, Promise<Board>>();
  private readonly waiters = new Map<string, Set<(drawn: Drawn) => void>>();
  /** Members with boards to draw ahead, in turn order (a Map keeps the order of insertion). */
  private readonly line = new Map<string, Place>();
  private pumping = false;

  constructor(
    private readonly deps: {
      renderer: BoardRenderer;
      /** The board's description for screen readers, from the very request it is drawn from. */
      describe: (request: BoardRequest) => string;
      states: Pick<ReplayStates, 'after'>;
      logger: Pick<Logger, 'error' | 'warn'>;
    },
    private readonly limits: BoardLimits = BOARD_LIMITS,
  ) {
    this.kept = new Lru(Number.MAX_SAFE_INTEGER, {
      weigh: ({ board }) => weigh(board),
      maxWeight: limits.bytes,
      dropped: (key, { game }) => this.forgetInGame(game, key),
    });
  }

  /**
   * `member` looks at `look`: its first board, when kept, else a promise of what becomes of it
   * (drawn, failed, or left when the member looks elsewhere before it is drawn). `mayAsk` is asked only when
   * the board must be drawn: true puts it ahead of the boards drawn ahead (and takes one of the
   * member's allowance), false leaves it to the line. Either way the boards around it are drawn ahead.
   */
  look(member: string, look: Look, mayAsk: () => boolean): Board | Promise<Drawn> {
    const shown = look.throughs[0] as number;
    const key = keyOf(look, shown);
    const place: Place = { look, tried: new Set() };
    this.replacePlace(member, place);
    const board = this.boardOf(look.game.row.id, key);
    let coming: Promise<Drawn> | undefined;
    if (!board) {
      const running = this.drawing.get(key);
      if (running) coming = settled(running);
      else if (mayAsk()) {
        place.tried.add(shown);
        coming = settled(this.draw({ key, look, through: shown }, 'asked'));
      } else coming = this.waitInLine(key, place);
    }
    this.pump();
    return board ?? (coming as Promise<Drawn>);
  }

  /** Bytes kept, in all or for one game (for tests). */
  bytesKept(game?: number): number {
    return game === undefined ? this.kept.weight : (this.perGame.get(game)?.weight ?? 0);
  }

  /** Members waiting in the line of boards drawn ahead (for tests). */
  get waitingMembers(): number {
    return this.line.size;
  }

  private boardOf(game: number, key: string): Board | undefined {
    const found = this.kept.get(key);
    if (found) this.perGame.get(game)?.get(key);
    return found?.board;
  }

  private keep(game: number, key: string, board: Board): void {
    let ofGame = this.perGame.get(game);
    if (!ofGame) {
      ofGame = new Lru(Number.MAX_SAFE_INTEGER, { weigh, maxWeight: this.limits.bytesPerGame, dropped: (dropped) => this.forgetInAll(game, dropped) });
      this.perGame.set(game, ofGame);
    }
    ofGame.set(key, board);
    if (ofGame.has(key)) this.kept.set(key, { game, board });
    else this.forgetInAll(game, key);
  }

  private forgetInGame(game: number, key: string): void {
    const ofGame = this.perGame.get(game);
    ofGame?.delete(key);
    if (ofGame?.size === 0) this.perGame.delete(game);
  }

  private forgetInAll(game: number, key: string): void {
    this.kept.delete(key);
    if (this.perGame.get(game)?.size === 0) this.perGame.delete(game);
  }

  /** Draws a board once, however many ask for it meanwhile; keeps it and tells those waiting. */
  private draw(job: Job, why: 'asked' | 'ahead'): Promise<Board> {
    const running = this.drawing.get(job.key);
    if (running) return running;
    const { look, through } = job;
    const drawn = (async () => {
      const state = await this.deps.states.after(look.game, through);
      const request: BoardRequest = { gameId: look.game.row.gameId, view: look.game.def.view(state, null), locale: look.locale, players: look.players };
      const png = await this.deps.renderer.render(request, why);
      return { png, description: this.deps.describe(request) };
    })();
    this.drawing.set(job.key, drawn);
    drawn
      .then(
        (board) => {
          this.keep(look.game.row.id, job.key, board);
          this.tell(job.key, board);
        },
        (error: unknown) => {
          // The move's words are shown without it; the board is drawn again when asked again. One
          // drawn ahead fails as the bot stops too (its workers closed): not worth an error then.
          const log = why === 'asked' ? this.deps.logger.error : this.deps.logger.warn;
          log.call(this.deps.logger, { err: error, game: look.game.row.id, seq: through, why }, 'drawing a replay board failed');
          this.tell(job.key, 'failed');
        },
      )
      .finally(() => this.drawing.delete(job.key));
    return drawn;
  }

  private tell(key: string, drawn: Drawn): void {
    const waiting = this.waiters.get(key);
    this.waiters.delete(key);
    for (const told of waiting ?? []) told(drawn);
  }

  /** What becomes of the board at `key`, told when the line (or anyone) draws it, or when the member's next look replaces this one. */
  private waitInLine(key: string, place: Place): Promise<Drawn> {
    return new Promise((resolve) => {
      let waiting = this.waiters.get(key);
      if (!waiting) this.waiters.set(key, (waiting = new Set()));
      const told = (drawn: Drawn) => {
        waiting.delete(told);
        if (waiting.size === 0 && this.waiters.get(key) === waiting) this.waiters.delete(key);
        place.waiting = undefined;
        resolve(drawn);
      };
      waiting.add(told);
      place.waiting = told;
    });
  }

  /** The member's new look takes his place in the line (at its back); his previous look is no longer waited for. */
  private replacePlace(member: string, place: Place): void {
    const before = this.line.get(member);
    this.line.delete(member);
    before?.waiting?.('elsewhere');
    this.line.set(member, place);
    if (this.line.size > this.limits.members) {
      const [oldest, dropped] = this.line.entries().next().value as [string, Place];
      this.line.delete(oldest);
      dropped.waiting?.('elsewhere');
    }
  }

  /** Draws the boards of the line, one at a time, each member in turn, until none is left to draw. */
  private pump(): void {
    if (this.pumping) return;
    this.pumping = true;
    void (async () => {
      try {
        for (let job = this.nextInLine(); job; job = this.nextInLine()) await this.draw(job, 'ahead').catch(() => undefined);
      } finally {
        this.pumping = false;
      }
    })();
  }

  /** The next board of the member whose turn it is: his look's first one neither kept, nor being drawn, nor tried. */
  private nextInLine(): Job | undefined {
    for (const [member, place] of this.line) {
      this.line.delete(member);
      const { look } = place;
      for (const through of look.throughs) {
        if (place.tried.has(through)) continue;
        place.tried.add(through);
        const key = keyOf(look, through);
        if (this.kept.has(key) || this.drawing.has(key)) continue;
        // Back to the end of the line with the rest of his boards.
        this.line.set(member, place);
        return { key, look, through };
      }
      // Nothing left to draw for him: out of the line. His waiter, if any, hears from the draw under way.
    }
    return undefined;
  }
}

/** What becomes of a draw, its failure logged where it is drawn. */
const settled = (drawing: Promise<Board>): Promise<Drawn> => drawing.catch(() => 'failed' as const);

/** Boards are kept by game, the last action they show and the language of their words. */
function keyOf(look: Look, through: number): string {
  return `${look.game.row.id}:${through}:${look.locale}`;
}
