/**
 * What the latest turn changed, read from the view's `turn` (all public): the board rings the dice
 * just placed and the cards just taken, and shows the roll and the trick of the turn.
 */
import type { DieEffect, DistributedCard, Joker, Nation, ShanghaienView, TavernCard } from './rules.js';

export type TrickUse =
  { effect: 'adjust'; from: number; to: number } | { effect: 'place-both' | 'reroll' } | { effect: 'joker'; nation: Nation; card: DieEffect };

export interface TurnChanges {
  /** Who made the turn; null before the first. */
  seat: number | null;
  /** The roll the turn ended with (after a roll again, the new one); null when it rolled nothing. */
  roll: [number, number] | null;
  /** The pips of the dice placed, one or two (by ±1: the changed value). */
  placed: number[];
  /** The dirty trick played, if any. */
  trick: TrickUse | null;
  /** The row was numbered in this turn. */
  numbered: boolean;
  /** The shanghai that ended the round, with its distribution. */
  distribution: { seat: number; round: number; cards: DistributedCard[] } | null;
  /** Per seat: the cards the distribution just gave him, and the joker just laid. */
  received: { cards: TavernCard[]; jokers: Joker[] }[];
}

export function turnChanges(view: ShanghaienView): TurnChanges {
  const changes: TurnChanges = {
    seat: null,
    roll: null,
    placed: [],
    trick: null,
    numbered: false,
    distribution: null,
    received: [0, 1].map(() => ({ cards: [], jokers: [] })),
  };
  let round = view.round;
  for (const e of view.turn) {
    if ('seat' in e && e.type !== 'resigned') changes.seat = e.seat;
    switch (e.type) {
      case 'rolled':
        changes.roll = e.dice;
        break;
      case 'oriented':
        changes.numbered = true;
        break;
      case 'placed':
        changes.placed.push(e.pips);
        break;
      case 'trick':
        if (e.effect === 'adjust') changes.trick = { effect: 'adjust', from: e.from, to: e.to };
        else {
          changes.trick = { effect: e.effect };
          if (e.effect === 'reroll') changes.roll = e.dice;
        }
        break;
      case 'joker':
        changes.trick = { effect: 'joker', nation: e.nation, card: e.effect };
        changes.received[e.seat]?.jokers.push({ nation: e.nation, effect: e.effect });
        break;
      case 'shanghai':
        round = e.round;
        break;
      case 'distributed':
        changes.distribution = { seat: e.seat, round, cards: e.cards };
        for (const c of e.cards) if (c.to !== null) changes.received[c.to]?.cards.push(c.card);
        break;
    }
  }
  return changes;
}

/**
 * Marks, for one crew's list of cards, which are new: each card just received marks one equal
 * card not marked yet (equal cards are interchangeable).
 */
export function freshFlags<T>(list: readonly T[], fresh: readonly T[], same: (a: T, b: T) => boolean): boolean[] {
  const flags = list.map(() => false);
  for (const card of fresh) {
    // The last equal card: crews are sorted, and a new card is drawn after its equals.
    for (let i = list.length - 1; i >= 0; i--) {
      if (!flags[i] && same(list[i] as T, card)) {
        flags[i] = true;
        break;
      }
    }
  }
  return flags;
}
