import type { ZodType } from 'zod';
import type { RngState } from './random.js';

/** A place at the table, 0 .. seats-1, in turn order. */
export type Seat = number;

/** Final outcome: a score per seat and the places, best first, with tied seats grouped. */
export interface GameResult {
  scores: number[];
  ranking: Seat[][];
}

/**
 * The contract every game implements (names fixed by the design guide; `rulesVersion`, the view
 * type V and `resign` are this project's additions). Everything is pure and deterministic: all chance comes
 * from the seeded generator stored inside the state, so (seed, options, actions) replays a game.
 */
export interface GameDefinition<S, A, O, V = unknown> {
  id: string;
  /**
   * Bumped whenever a rules change would make old action logs replay differently. Each game is
   * stored with the version it was opened under and keeps those rules to its end: `setup` gets it,
   * and the state carries it (see `rulesOf`).
   */
  rulesVersion: number;
  /** The most and fewest seats any variant allows; `seatRange` narrows it per variant. */
  minSeats: number;
  maxSeats: number;
  /** Seats allowed with these options, when a variant needs fewer or more than the others. */
  seatRange?(options: O): { min: number; max: number };
  /** Variants and settings, with defaults. */
  options: ZodType<O>;
  /** `rulesVersion`: the rules the game was opened under (default: the current ones). */
  setup(args: { seats: number; seed: string; options: O; rulesVersion?: number }): S;
  /** Who must act now; several seats act simultaneously; [] when the game is over. */
  toAct(s: S): Seat[];
  /** Every legal action of this seat, JSON-serialisable and finite. */
  legalActions(s: S, seat: Seat): A[];
  /** Returns the next state; throws IllegalAction for anything legalActions does not list. */
  apply(s: S, seat: Seat, a: A): S;
  /**
   * Whether the public events of one step (a spectator's view's `events` after it) close a turn,
   * trick or round; each game decides which. The bot then makes a new public post covering every
   * step since the previous one, and a move made for an absent player or a bot ends there.
   */
  turnEnded(events: unknown[]): boolean;
  /**
   * Optional: whether `seat` may take back the action that turned `before` into `after`: it showed
   * nothing new to anyone (no card drawn, no die rolled, no hidden card shown) and the turn (or a
   * simultaneous secret choice) is still open. Without it no move can be undone.
   */
  undoable?(before: S, after: S, seat: Seat): boolean;
  /** What that seat (null: a spectator) may know. The only way information leaves the engine. */
  view(s: S, seat: Seat | null): V;
  isOver(s: S): boolean;
  result(s: S): GameResult | null;
  /**
   * A player leaves a running game (resigns or is removed). The game goes on without him, or ends
   * if the rules cannot go on; recorded in the log like any action so that replay stays exact.
   */
  resign(s: S, seat: Seat): S;
  /**
   * A safe legal action for a seat whose time ran out (the bot plays it for him). Without it the
   * first legal action is played.
   */
  timeoutAction?(s: S, seat: Seat): A;
  /**
   * For bot players: a complete state drawn at random among those consistent with what `seat`
   * knows, computed from that seat's information only (its view and the public history), with a
   * fresh random generator from `seed`, so that future draws are unknown too. Two states that
   * `seat` cannot tell apart give the same result for the same seed.
   */
  determinize?(s: S, seat: Seat, seed: string): S;
  /**
   * For bot players, optional: how promising an unfinished state looks for each seat, in [0, 1],
   * used where a simulated game is cut off before its end. Without it such a game counts as even.
   */
  estimate?(s: S): number[];
  /**
   * For bot players, optional, with `estimate`: the steps a simulated game runs before `estimate`
   * judges it. A long game whose positions estimate well searches more in the same time this way.
   */
  playoutSteps?: number;
  /**
   * For bot players, optional: the action a simulated game takes for `seat` (the search's
   * playouts, and the others' part of a simultaneous choice), instead of a uniformly random one.
   * A cheap bias (no boarding without a prospect, roem declared) makes simulated games look like
   * real ones; it runs thousands of times per decision, so it must be fast. `rng` is the search's.
   */
  playoutAction?(s: S, seat: Seat, legal: A[], rng: RngState): A;
  /**
   * For bot players, optional: the legal actions the search's tree tries for `seat` in `s` (a
   * determinization), the rest left out as never worth a try (boarding with no boats to spare), so
   * that the tree, and the bot's own choice at its root, keep to what the playouts would consider.
   * A cheap test like `playoutAction`'s; an empty list counts as all of `legal`.
   */
  searchActions?(s: S, seat: Seat, legal: A[]): A[];
  /**
   * For bot players, optional: whether, in `s`, the other seats choose by `playoutAction` in the
   * search's tree, on the drawn state, so that the tree branches on the searching seat's choices
   * only. One tree serves every determinization, so a choice of another seat made in it cannot
   * depend on the cards he was dealt in each; where his choices depend on his hand and the policy
   * plays them sensibly, the policy plays him better.
   */
  othersByPolicy?(s: S): boolean;
  /**
   * For bot players, optional: a step that is never worse than its alternatives for a player who
   * knows what `seat` knows (declaring roem, swapping the trump 7), or undefined. Decided from
   * the seat's view only, outside the search, so the search spends its work on real choices.
   */
  obviousStep?(view: V, legal: A[]): A | undefined;
  /**
   * For bot players, optional: the best action by exact search, where the game knows that `s`, a
   * determinization for `seat`, leaves that seat nothing to guess (the last tricks of a card game
   * once every card can be counted); else undefined. Called on a determinization only, never on
   * the real state, so it cannot use what the seat does not know.
   */
  solve?(s: S, seat: Seat): A | undefined;
}

/** The action the bot plays for a seat whose time ran out: the game's choice, else the first legal one. */
export function timeoutActionOf<S, A>(def: Pick<GameDefinition<S, A, unknown>, 'legalActions' | 'timeoutAction'>, s: S, seat: Seat): A | undefined {
  return def.timeoutAction?.(s, seat) ?? def.legalActions(s, seat)[0];
}

/** Any game, with its types erased: what the generic Discord layer and the store handle. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased on purpose: `unknown` would refuse every real game (apply and view take its state)
export type AnyGameDefinition = GameDefinition<any, any, any, any>;

/** The seats a game accepts with the given (parsed) options. */
export function seatRangeOf<O>(
  def: Pick<GameDefinition<unknown, unknown, O>, 'minSeats' | 'maxSeats' | 'seatRange'>,
  options: O,
): { min: number; max: number } {
  return def.seatRange?.(options) ?? { min: def.minSeats, max: def.maxSeats };
}

/** Thrown by `apply` for an action that is not legal for that seat in that state. */
export class IllegalAction extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IllegalAction';
  }
}

/**
 * The rules version a state is played under: the one its `setup` was given, stored in the state as
 * `rules`. States stored before games carried it were set up under version 1.
 */
export function rulesOf(state: { rules?: number }): number {
  return state.rules ?? 1;
}
