import type { RngState, Seat } from '../../engine/index.js';
import { bestBy, type SparringPlayer } from '../sparring-player.js';
import type { Crew, TavernCard } from './cards.js';
import { distribute, finalScoring, type RowEnd } from './scoring.js';
import { DICE_PER_PLAYER, ROUNDS, type ShanghaienAction } from './state.js';
import type { ShanghaienView } from './view.js';

/*
 * Sparring partner B for Shanghaien, from the rules alone (see src/games/sparring-player.ts).
 *
 * Its idea: every card of the open row is worth what it would change in the final scoring if I got
 * it, and what it would cost me if the opponent got it (a sailor of a nation where he leads turns
 * his sum into my gain, and so on). The row is worth the cards each of us would take if the round
 * ended now. Before each choice it looks one roll of mine and one reply of the opponent's ahead
 * (every roll of two dice, his best placement or his shanghai), and it spends a dirty trick only
 * when that gains more than the point the card keeps and what it may still do later.
 */

type Dice = number[][];

/** What each row card is worth to me in my crew and (negative) in the opponent's. */
interface CardWorth {
  mine: number[];
  theirs: number[];
}

const ROLLS: readonly [number, number][] = Array.from({ length: 36 }, (_, i) => [Math.floor(i / 6) + 1, (i % 6) + 1]);

function withCard(crew: Crew, card: TavernCard): Crew {
  if (card.kind === 'sailor') return { ...crew, sailors: [...crew.sailors, card] };
  return { ...crew, tricks: [...crew.tricks, card] };
}

/** My total less the opponent's, as the final scoring would count these crews. */
function margin(crews: Crew[], me: Seat): number {
  const totals = finalScoring(crews).totals;
  return (totals[me] as number) - (totals[1 - me] as number);
}

/** A trick card still to be played is worth more than its end point while rounds remain. */
function trickOption(round: number): number {
  return round >= ROUNDS ? 0 : (1.2 * (ROUNDS - round)) / (ROUNDS - 1);
}

function cardWorth(view: ShanghaienView, me: Seat): CardWorth {
  const base = margin(view.crews, me);
  const later = (ROUNDS - view.round) / ROUNDS;
  const mine: number[] = [];
  const theirs: number[] = [];
  for (const slot of view.row) {
    const card = slot.card;
    // A sailor's own value also counts a little: more cards of a nation to come may need it.
    const extra = card.kind === 'sailor' ? 0.2 * card.value * later : trickOption(view.round + 1);
    const crewsIfMine = view.crews.map((crew, seat) => (seat === me ? withCard(crew, card) : crew));
    const crewsIfTheirs = view.crews.map((crew, seat) => (seat === me ? crew : withCard(crew, card)));
    mine.push(margin(crewsIfMine, me) - base + extra);
    theirs.push(margin(crewsIfTheirs, me) - base - extra);
  }
  return { mine, theirs };
}

class Planner {
  constructor(
    private readonly me: Seat,
    private readonly worth: CardWorth,
    private readonly first: RowEnd,
    /** What a die left in supply is worth for the rest of the round. */
    private readonly spare: number,
  ) {}

  /** The row as it would be shared if the round ended now, for me. */
  shared(dice: Dice): number {
    let value = 0;
    for (const claim of distribute(dice, this.first)) {
      if (claim.to === this.me) value += this.worth.mine[claim.index] as number;
      else if (claim.to !== null) value += this.worth.theirs[claim.index] as number;
    }
    return value;
  }

  /** The row as it stands, with the dice each of us still holds counted a little. */
  standing(dice: Dice): number {
    const left = (seat: Seat) => DICE_PER_PLAYER - (dice[seat] as number[]).reduce((a, b) => a + b, 0);
    return this.shared(dice) + this.spare * (left(this.me) - left(1 - this.me));
  }

  place(dice: Dice, seat: Seat, pips: number): Dice {
    const index = this.first === 'left' ? pips - 1 : 6 - pips;
    return dice.map((d, s) => (s === seat ? d.map((n, i) => (i === index ? n + 1 : n)) : d));
  }

  /** The opponent to act: he ends the round or rolls and places as suits him worst for me. */
  theirTurn(dice: Dice): number {
    const them = 1 - this.me;
    const placed = (dice[them] as number[]).reduce((a, b) => a + b, 0);
    const supply = DICE_PER_PLAYER - placed;
    const options: number[] = [];
    if (placed >= 2) options.push(this.shared(dice));
    if (supply >= 2) {
      let sum = 0;
      for (const [a, b] of ROLLS) sum += Math.min(this.standing(this.place(dice, them, a)), this.standing(this.place(dice, them, b)));
      options.push(sum / ROLLS.length);
    }
    return options.length === 0 ? this.shared(dice) : Math.min(...options);
  }

  /** My best placement of one die of this roll. */
  bestPlacement(dice: Dice, roll: readonly number[]): number {
    return Math.max(...roll.map((pips) => this.theirTurn(this.place(dice, this.me, pips))));
  }

  /** My roll now, each result placed as well as I can. */
  rolling(dice: Dice): number {
    let sum = 0;
    for (const roll of ROLLS) sum += this.bestPlacement(dice, roll);
    return sum / ROLLS.length;
  }
}

function diceOf(view: ShanghaienView): Dice {
  return [0, 1].map((seat) => view.row.map((slot) => slot.dice[seat] as number));
}

function choose(view: ShanghaienView, legal: readonly ShanghaienAction[], rng: RngState, me: Seat): ShanghaienAction {
  if (legal.length === 1) return legal[0] as ShanghaienAction;
  const worth = cardWorth(view, me);
  const spread = Math.max(...worth.mine.map((m, i) => m - (worth.theirs[i] as number)));
  const spare = 0.5 * spread;
  const dice = diceOf(view);
  const planners = new Map<RowEnd, Planner>();
  const planner = (first: RowEnd) => planners.get(first) ?? planners.set(first, new Planner(me, worth, first, spare)).get(first)!;
  const oriented = view.first;
  const trickCost = 1 + trickOption(view.round);
  const rolled = view.rolled ?? [0, 0];
  // The best plain placement: what a joker comes on top of (the die is placed after it).
  const plain = oriented === null ? 0 : planner(oriented).bestPlacement(dice, rolled);
  const score = (action: ShanghaienAction): number => {
    switch (action.type) {
      case 'shanghai':
        return planner(oriented as RowEnd).shared(dice);
      case 'roll':
        // Not numbered yet: I am the start player and will number it after this roll.
        return oriented === null ? Math.max(planner('left').rolling(dice), planner('right').rolling(dice)) : planner(oriented).rolling(dice);
      case 'orient':
        return planner(action.first).bestPlacement(dice, rolled);
      case 'place':
        return planner(oriented as RowEnd).theirTurn(planner(oriented as RowEnd).place(dice, me, action.pips));
      case 'adjust':
        return planner(oriented as RowEnd).theirTurn(planner(oriented as RowEnd).place(dice, me, action.to)) - trickCost;
      case 'place-both': {
        const p = planner(oriented as RowEnd);
        return p.theirTurn(p.place(p.place(dice, me, rolled[0]), me, rolled[1])) - trickCost;
      }
      case 'reroll':
        return (oriented === null ? Math.max(planner('left').rolling(dice), planner('right').rolling(dice)) : planner(oriented).rolling(dice)) - trickCost;
      case 'joker': {
        const crews = view.crews.map((crew, seat): Crew => {
          if (seat !== me) return crew;
          const at = crew.tricks.findIndex((t) => t.effect === action.effect);
          return { ...crew, tricks: crew.tricks.filter((_, i) => i !== at), jokers: [...crew.jokers, { nation: action.nation, effect: action.effect }] };
        });
        return plain + margin(crews, me) - margin(view.crews, me) - trickOption(view.round);
      }
    }
  };
  return bestBy(legal, score, rng, 1e-6);
}

/** Shanghaien's sparring partner B: reads only its seat's view (everything but the draw pile). */
export const shanghaienSparringB: SparringPlayer<ShanghaienView, ShanghaienAction> = (seat) => ({
  choose: (view, legal, rng) => choose(view, legal, rng, seat),
});
