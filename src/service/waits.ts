import { indexOfAction, timeoutActionOf, type Seat } from '../engine/index.js';
import type { DeadlinePolicy, GameRow } from '../db/schema.js';
import type { Storage } from '../db/storage.js';
import type { Hosting } from './hosting.js';
import { ok, refuse, type Outcome, type StandInPlan, type TimeoutOutcome } from './outcomes.js';
import type { Play } from './play.js';
import { RESIGN_ACTION } from './action-log.js';

/** The most time `extend` gives at once: a week, the longest limit offered. */
const MAX_EXTENSION_MS = 7 * 24 * 60 * 60 * 1000;

/** Bound on the steps the bot plays for one absent player in one go; no game needs nearly as many. */
const MAX_TIMEOUT_STEPS = 50;

/** The time a game waits for its players: more time on request, and what happens when it runs out. */
export class Waits {
  constructor(
    private readonly h: Hosting,
    private readonly play: Play,
  ) {}

  /** The host (or a member who may manage the server) gives the players of a running game more time. */
  async extend(id: number, userId: string, ms: number, canManageServer: boolean): Promise<Outcome<GameRow>> {
    // More time only, and never more than the longest limit offered: a deadline never moves into the past.
    if (!Number.isSafeInteger(ms) || ms <= 0 || ms > MAX_EXTENSION_MS) return refuse('bad-options');
    const row = await this.h.store.get(id);
    if (!row) return refuse('game-not-found');
    if (row.status !== 'running') return refuse('not-running');
    if (row.hostId !== userId && !canManageServer) return refuse('not-host');
    if (row.deadlineAt === null) return refuse('no-deadline');
    const deadlineAt = row.deadlineAt + ms;
    // A reminder still to come moves along; one already sent comes again if half the limit is left.
    const half = Math.floor((row.timeLimitMs ?? 0) / 2);
    const reminderAt = row.reminderAt !== null ? row.reminderAt + ms : deadlineAt - half > this.h.clock.now() ? deadlineAt - half : null;
    if (!(await this.h.store.waits.setDeadline(id, row.version, deadlineAt, reminderAt))) return refuse('stale');
    return ok((await this.h.store.get(id)) as GameRow);
  }

  /**
   * A running game whose deadline has passed: each player it waits for either gets a safe legal
   * move made for him, or is removed from the game. `endsMove` tells from a step's public events
   * whether his move is complete (the game's presenter knows: the step that closes a turn).
   * Returns what was done; nothing when the game moved on in the meantime.
   */
  async expire(
    id: number,
    policy: DeadlinePolicy,
    endsMove: (events: unknown[]) => boolean = () => false,
    plan?: StandInPlan,
  ): Promise<Outcome<TimeoutOutcome>> {
    // Every step for every absent player is one write: all of it happens, or none.
    return this.h.store.transaction(async (tx) => {
      await tx.lockGame(id);
      return this.expireNow(tx, id, policy, endsMove, plan);
    });
  }

  private async expireNow(
    tx: Storage,
    id: number,
    policy: DeadlinePolicy,
    endsMove: (events: unknown[]) => boolean,
    plan: StandInPlan | undefined,
  ): Promise<Outcome<TimeoutOutcome>> {
    const game = await this.h.load(id, tx);
    if (!game) return refuse('game-not-found');
    const { row } = game;
    if (row.status !== 'running') return refuse('not-running');
    if (row.deadlineAt === null || row.deadlineAt > this.h.clock.now()) return refuse('no-deadline');
    const absent = game.def.toAct(game.state);
    let current = game;
    const timedOut: Seat[] = [];
    for (const seat of absent) {
      if (current.row.status !== 'running') break;
      timedOut.push(seat);
      if (policy === 'remove') {
        const outcome = await this.play.commit(tx, current, seat, RESIGN_ACTION, 'timeout');
        if (!outcome.ok) return refuse(outcome.refusal);
        await tx.markResigned(id, seat);
        current = outcome.value.game;
        continue;
      }
      // Safe steps while the decision is still his, until his move is over: a move may take
      // several steps (a turn of several actions), but the next move (leading the next
      // trick he won) gets its own time.
      for (let step = 0; step < MAX_TIMEOUT_STEPS && current.row.status === 'running' && current.def.toAct(current.state).includes(seat); step++) {
        // The bot player's choice where one was made for this very state, else the game's safe move.
        const planned = plan?.get(seat)?.[step];
        const legal = planned !== undefined && indexOfAction(current.def.legalActions(current.state, seat), planned) >= 0;
        const action: unknown = legal ? planned : timeoutActionOf(current.def, current.state, seat);
        if (action === undefined) break;
        const outcome = await this.play.commit(tx, current, seat, action, 'timeout');
        if (!outcome.ok) return refuse(outcome.refusal);
        current = outcome.value.game;
        if (endsMove(outcome.value.events)) break;
      }
    }
    return ok({ game: current, seats: timedOut, policy });
  }
}
