import type { RngState, Seat } from '../../engine/index.js';
import { bestBy, type SparringPlayer } from '../sparring-player.js';
import { backTargetIn, forwardTargetIn, occupancies } from './board.js';
import { SHIP, START, SYMBOLS, type CartagenaAction, type CartagenaSymbol } from './state.js';
import type { CartagenaView } from './view.js';

/*
 * Sparring partner B for Cartagena, from the rules alone (see src/games/sparring-player.ts).
 *
 * Its idea is hand management over the whole turn: it plans its (up to three) actions together,
 * trying every sequence of them on its view, and judges where the sequence leaves it: how far its
 * pirates stand (the last ones weigh more: all six must board), what its hand can still do (a card
 * is worth the jump it gives my rearmost pirate, a second card of a symbol less), cards it will
 * draw from a move back (the open row's in Tortuga, an average card in Jamaica), and the best jump
 * it leaves the next player. The first action of the best plan is played; the rest is planned
 * again with the view the action leads to.
 */

interface Plan {
  pirates: number[][];
  hand: CartagenaSymbol[];
  /** Cards drawn whose symbols are unknown (Jamaica). */
  unknown: number;
  /** Tortuga: the open row still to draw from. */
  row: CartagenaSymbol[];
}

/** What an unknown card (or one more card of any symbol) is worth, in spaces. */
const CARD_WORTH = 3.2;
const BOARDED_BONUS = 4;

function occupied(plan: Plan): number[] {
  return occupancies({ pirates: plan.pirates });
}

function step(view: CartagenaView, plan: Plan, me: Seat, action: CartagenaAction): Plan {
  const counts = occupied(plan);
  const own = [...(plan.pirates[me] as number[])];
  const at = own.indexOf(action.type === 'end' ? -1 : action.from);
  if (action.type === 'forward') {
    own[at] = forwardTargetIn(view.tunnel, counts, action.from, action.card);
    const hand = [...plan.hand];
    hand.splice(hand.indexOf(action.card), 1);
    return { ...plan, pirates: plan.pirates.map((p, s) => (s === me ? own : p)), hand };
  }
  if (action.type === 'back') {
    const to = backTargetIn(counts, action.from) as number;
    const draws = counts[to] as number;
    own[at] = to;
    const pirates = plan.pirates.map((p, s) => (s === me ? own : p));
    if (view.version === 'tortuga') {
      const drawn = plan.row.slice(0, draws);
      return { ...plan, pirates, hand: [...plan.hand, ...drawn], row: plan.row.slice(draws), unknown: plan.unknown + draws - drawn.length };
    }
    return { ...plan, pirates, unknown: plan.unknown + draws };
  }
  return plan;
}

/** The moves a plan could go on with (no "end": stopping is judged at every depth anyway). */
function movesOf(plan: Plan, me: Seat): CartagenaAction[] {
  const counts = occupied(plan);
  const positions = [...new Set(plan.pirates[me] as number[])];
  const moves: CartagenaAction[] = [];
  for (const card of new Set(plan.hand)) for (const from of positions) if (from !== SHIP) moves.push({ type: 'forward', card, from });
  for (const from of positions) if (from !== START && from !== SHIP && backTargetIn(counts, from) !== null) moves.push({ type: 'back', from });
  return moves;
}

/** How far a card would take the rearmost of these pirates. */
function jumpOf(tunnel: readonly CartagenaSymbol[], counts: number[], pirates: number[], card: CartagenaSymbol): number {
  const rear = Math.min(...pirates.filter((p) => p !== SHIP));
  if (!Number.isFinite(rear)) return 0;
  return forwardTargetIn(tunnel, counts, rear, card) - rear;
}

function worth(view: CartagenaView, plan: Plan, me: Seat): number {
  const own = plan.pirates[me] as number[];
  if (own.every((p) => p === SHIP)) return 10_000;
  let value = 0;
  for (const p of own) value += p === SHIP ? SHIP + BOARDED_BONUS : p;
  // The rearmost pirates hold the game up: each space they lag behind counts a little extra.
  const rear = Math.min(...own);
  value += 0.35 * rear;
  const counts = occupied(plan);
  const seen = new Map<CartagenaSymbol, number>();
  for (const card of plan.hand) {
    const copies = seen.get(card) ?? 0;
    seen.set(card, copies + 1);
    const jump = Math.min(jumpOf(view.tunnel, counts, own, card), 12);
    value += (1.5 + 0.5 * jump) * Math.pow(0.75, copies);
  }
  value += CARD_WORTH * plan.unknown;
  // Too many cards in hand are worth less than moves: past eight, each counts half.
  const cards = plan.hand.length + plan.unknown;
  if (cards > 8) value -= 0.5 * CARD_WORTH * (cards - 8);
  return value - 0.45 * nextPlayerThreat(view, plan, me, counts);
}

/** The longest single jump the next player could make with one card (his hand in Tortuga, any symbol in Jamaica). */
function nextPlayerThreat(view: CartagenaView, plan: Plan, me: Seat, counts: number[]): number {
  let next = me;
  for (let k = 1; k < view.seats; k++) {
    const candidate = (me + k) % view.seats;
    if (!view.resigned[candidate]) {
      next = candidate;
      break;
    }
  }
  if (next === me) return 0;
  const hand = view.hands[next];
  const symbols = hand ? [...new Set(hand)] : SYMBOLS;
  const theirs = (plan.pirates[next] as number[]).filter((p) => p !== SHIP);
  let best = 0;
  for (const card of symbols) {
    for (const from of new Set(theirs)) best = Math.max(best, forwardTargetIn(view.tunnel, counts, from, card) - from);
  }
  // Without knowing his hand, a jump he may not have the card for counts less.
  return hand ? best : 0.6 * best;
}

/** The best value reachable from this plan with `left` more actions (stopping allowed). */
function search(view: CartagenaView, plan: Plan, me: Seat, left: number): number {
  let best = worth(view, plan, me);
  if (left === 0 || best >= 10_000) return best;
  for (const move of movesOf(plan, me)) best = Math.max(best, search(view, step(view, plan, me, move), me, left - 1));
  return best;
}

function choose(view: CartagenaView, legal: readonly CartagenaAction[], rng: RngState, me: Seat): CartagenaAction {
  if (legal.length === 1) return legal[0] as CartagenaAction;
  const plan: Plan = { pirates: view.pirates.map((p) => [...p]), hand: [...(view.hands[me] ?? [])], unknown: 0, row: [...view.row] };
  // Deep plans are costly with many pirates spread out; two actions ahead still see a move back paying for a jump.
  const depth = Math.min(view.actionsLeft, movesOf(plan, me).length > 24 ? 2 : 3);
  return bestBy(legal, (action) => (action.type === 'end' ? worth(view, plan, me) : search(view, step(view, plan, me, action), me, depth - 1)), rng, 1e-6);
}

/** Cartagena's sparring partner B: reads only its seat's view (its own hand; every hand in Tortuga). */
export const cartagenaSparringB: SparringPlayer<CartagenaView, CartagenaAction> = (seat) => ({
  choose: (view, legal, rng) => choose(view, legal, rng, seat),
});
