import type { DeadlinePolicy, GameRow, SeatRow } from '../db/schema.js';
import type { Storage } from '../db/storage.js';
import type { Hosting } from './hosting.js';
import { haveASay } from './away-waits.js';
import type { Play } from './play.js';
import { RESIGN_ACTION } from './action-log.js';

/**
 * The seat of a player who left the server stays his, played by the bot "until he is back": a
 * moment no game reaches. (The stand-in's `until` is a time; this one never comes.)
 */
export const UNTIL_BACK = Number.MAX_SAFE_INTEGER;

/** What the bot did in one game of a player who left the server. */
export interface LeftGame {
  /** The game as it is afterwards. */
  row: GameRow;
  seat: SeatRow;
  /** The server's rule for absent players, applied at once: taken out of the game, or played by the bot. */
  rule: 'removed' | 'stand-in';
  /** Whether the game was cancelled with that: every other player had asked to, or nobody is left to play it. */
  cancelled: 'agreed' | 'nobody' | null;
}

/** The notice that tells a game's other players what happened, kept with the change itself. */
export type LeftNotice = (game: LeftGame) => { text: string; mentions: string[] };

/**
 * Members who left the server, as the bot learns it (a check answered Unknown Member, or the member
 * event): in each of their running games the server's rule for absent players applies at once, and
 * neither a cancel vote nor a stand-in vote waits for them. A member who comes back and opens his
 * game has his seat back; what was played for him meanwhile stands.
 */
export class Members {
  constructor(
    private readonly h: Hosting,
    private readonly play: Play,
  ) {}

  /**
   * A member left a server: each running game of his there goes on without him. Each game is one
   * write: the mark, the rule applied, the cancelling where it follows, and the notice. Games where
   * the bot already knew are left alone, so a second report of the same departure does nothing.
   */
  async left(guildId: string, userId: string, notice: LeftNotice): Promise<LeftGame[]> {
    const { store } = this.h;
    const policy = (await store.settings.guild(guildId)).deadlinePolicy;
    const games = (await store.openGames.activeGamesOf(guildId, userId)).filter(({ game }) => game.status === 'running');
    const left: LeftGame[] = [];
    // One game after the other, each in its own write.
    for (const {
      game: { id },
    } of games) {
      const done = await store.transaction(async (tx) => {
        await tx.lockGame(id);
        return this.leftGame(tx, id, userId, policy, notice);
      });
      if (done) left.push(done);
    }
    return left;
  }

  /** In one game: the mark, the rule applied, the cancelling where it follows, the notice; null when the bot already knew. */
  private async leftGame(tx: Storage, id: number, userId: string, policy: DeadlinePolicy, notice: LeftNotice): Promise<LeftGame | null> {
    const game = await this.h.load(id, tx);
    const seat = game?.seats.find((s) => s.userId === userId && s.botLevel === null && !s.resigned && s.leftAt === null);
    if (!game || game.row.status !== 'running' || !seat) return null;
    await tx.markLeft(id, seat.seat, this.h.clock.now());
    let rule: LeftGame['rule'] = 'stand-in';
    if (policy === 'remove') {
      const outcome = await this.play.commit(tx, game, seat.seat, RESIGN_ACTION, 'left');
      if (!outcome.ok) return null;
      await tx.markResigned(id, seat.seat);
      rule = 'removed';
    } else {
      await tx.timeOff.grantStandIn(id, seat.seat, UNTIL_BACK);
      this.h.tellCommitted(id, 'stand-in', tx);
    }
    const cancelled = await this.cancelIfAgreed(tx, id);
    const done: LeftGame = { row: (await tx.get(id)) as GameRow, seat, rule, cancelled };
    const { text, mentions } = notice(done);
    await tx.notices.add(id, text, mentions);
    return done;
  }

  /**
   * The player of a game marked as gone acts in it again: he is a member again. His seat is his once
   * more (the bot stops playing it); a player the game already took out stays out. Returns the game
   * when he was marked, else null (the usual case: nothing written).
   */
  async back(id: number, userId: string): Promise<GameRow | null> {
    const { store } = this.h;
    const seat = (await store.seatsOf(id)).find((s) => s.userId === userId && s.leftAt !== null && !s.resigned);
    const row = await store.get(id);
    if (!seat || row?.status !== 'running') return null;
    await store.markBack(id, seat.seat);
    this.h.tellCommitted(id, 'stand-in');
    return row;
  }

  /**
   * The people of a running game whom the bot should make sure are still members: the game waits
   * for them, or (when `voting`) the cancel vote does. Never the bots, nor those it knows left.
   */
  async toCheck(id: number, exceptUserId: string | null, voting: boolean): Promise<string[]> {
    const game = await this.h.load(id);
    if (!game || game.row.status !== 'running') return [];
    const toAct = new Set(game.def.toAct(game.state));
    return haveASay(game.seats)
      .filter((s) => s.userId !== exceptUserId && (toAct.has(s.seat) || (voting && !game.row.cancelVotes.includes(s.userId))))
      .map((s) => s.userId);
  }

  /** The vote to cancel was all but one player's, and he left (or nobody is left to play): the game ends. */
  private async cancelIfAgreed(tx: Storage, id: number): Promise<LeftGame['cancelled']> {
    const row = await tx.get(id);
    if (row?.status !== 'running') return null;
    const people = haveASay(await tx.seatsOf(id));
    const why = people.length === 0 ? 'nobody' : row.cancelVotes.length > 0 && people.every((s) => row.cancelVotes.includes(s.userId)) ? 'agreed' : null;
    if (why === null || !(await tx.cancel(id))) return null;
    this.h.tellCommitted(id, 'cancel', tx);
    return why;
  }
}
