import { indexOfAction, type GameDefinition, type RngState, type Seat } from '../engine/index.js';
import { registry, type GameId } from './index.js';
import type { SparringPlayer, SparringSeat } from './sparring-player.js';

export type { SparringPlayer, SparringSeat } from './sparring-player.js';

/** Each hosted game's sparring partner B by id (src/games/<id>/sparring-b.ts), where it has one. */
export const sparringPlayers: Partial<Record<GameId, SparringPlayer<unknown, unknown>>> = Object.fromEntries(
  Object.entries(registry).flatMap(([id, game]) => (game.sparringB ? [[id, game.sparringB as SparringPlayer<unknown, unknown>]] : [])),
);

/**
 * The sparring partners B of some seats in one game, for a bench or a test: each sees the table
 * through its own seat's view after every step (call `observe` after the setup and after every
 * `apply`, whoever acted), and chooses from that view and its legal actions.
 */
export class SparringTable<S, A> {
  private readonly players = new Map<Seat, SparringSeat<unknown, A>>();

  constructor(
    private readonly def: GameDefinition<S, A, unknown, unknown>,
    seats: readonly Seat[],
  ) {
    const make = sparringPlayers[def.id as GameId] as SparringPlayer<unknown, A> | undefined;
    if (!make) throw new Error(`${def.id}: no sparring partner B`);
    for (const seat of seats) this.players.set(seat, make(seat));
  }

  observe(state: S): void {
    for (const [seat, player] of this.players) player.observe?.(this.def.view(state, seat));
  }

  /** The seat's choice, as listed by `legalActions` (a choice it does not list is a bug: thrown). */
  choose(state: S, seat: Seat, rng: RngState): A {
    const player = this.players.get(seat);
    if (!player) throw new Error(`${this.def.id}: seat ${seat} has no sparring partner B here`);
    const legal = this.def.legalActions(state, seat);
    const choice = player.choose(this.def.view(state, seat), legal, rng);
    const index = indexOfAction(legal, choice);
    if (index < 0) throw new Error(`${this.def.id}: sparring partner B chose an action that is not legal: ${JSON.stringify(choice)}`);
    return legal[index] as A;
  }
}
