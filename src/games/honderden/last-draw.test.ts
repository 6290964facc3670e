import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { IllegalAction, type Seat } from '../../engine/index.js';
import { honderden, type Card, type HonderdenAction, type HonderdenState, type HonderdenView } from './rules.js';
import { legal, ofType, play, playMatch, position, run, take } from './test-positions.js';

/*
 * Two players, the last draw (rulebook: when the last covered card lies beside the turned trump
 * card or the swapped trump 7, the trick's winner must choose between the two, the other player
 * gets the other one, and the covered card is always shown before it goes into the hand).
 * Rules version 2: the winner chooses without seeing the hidden card; it is shown as it is taken.
 */

const TAKE_HIDDEN: HonderdenAction = { type: 'takeHidden' };
const VIEWERS: (Seat | null)[] = [0, 1, null];
const json = (value: unknown) => JSON.stringify(value);

/** The last two cards of the stock: the hidden 9♣ beside the open trump card; Anne wins the trick. */
const lastTwo = (open: Card, version?: number) =>
  position({
    hands: [
      ['AS', 'KC'],
      ['7S', 'QD'],
    ],
    trump: 'H',
    trumpCard: open,
    stock: ['9C'],
    tricksPlayed: 6,
    version,
  });

describe('Honderden: the last draw (rules version 2)', () => {
  it('the winner chooses between the hidden card and the turned trump card without seeing the hidden one; it is shown as it is taken', () => {
    const { s, events } = run(lastTwo('TH'), [0, play('AS')], [1, play('7S')]);
    expect(s.phase).toBe('chooseLast');
    expect(honderden.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([TAKE_HIDDEN, take('TH')]);
    expect(legal(s, 1)).toEqual([]);
    expect(ofType(events, 'lastDraw')).toEqual([{ type: 'lastDraw', open: 'TH', chooser: 0 }]);
    expect(ofType(events, 'hiddenShown')).toEqual([]);
    for (const viewer of VIEWERS) {
      const v = honderden.view(s, viewer);
      expect(v.lastChoice).toEqual({ hidden: null, open: 'TH' });
      expect(json(v)).not.toContain('"9C"');
    }
    expect(json(legal(s, 0))).not.toContain('"9C"');
    // Naming the unseen card is no way to take it.
    expect(() => honderden.apply(s, 0, take('9C'))).toThrow(IllegalAction);

    const after = run(s, [0, TAKE_HIDDEN]);
    expect(after.s.hands).toEqual([
      ['KC', '9C'],
      ['QD', 'TH'],
    ]);
    expect(after.s.stock).toEqual([]);
    expect(after.s.trumpCard).toBeNull();
    // Taken, the hidden card is shown to both (and to spectators), like the open one.
    for (const viewer of VIEWERS) {
      const v = honderden.view(after.s, viewer);
      expect(ofType(v.events, 'took')).toEqual([
        { type: 'took', seat: 0, card: '9C', hidden: true },
        { type: 'took', seat: 1, card: 'TH', hidden: false },
      ]);
      expect(v.knownCards).toEqual([['9C'], ['TH']]);
      expect(v.dutyToFollow).toBe(true);
    }
    expect(honderden.toAct(after.s)).toEqual([0]);
  });

  it('beside the swapped trump 7: the winner takes the open 7; the other gets the hidden card and shows it', () => {
    const { s } = run(lastTwo('7H'), [0, play('AS')], [1, play('7S')]);
    expect(honderden.view(s, 1).lastChoice).toEqual({ hidden: null, open: '7H' });
    const after = run(s, [0, take('7H')]);
    expect(after.s.hands).toEqual([
      ['KC', '7H'],
      ['QD', '9C'],
    ]);
    const v = honderden.view(after.s, null);
    expect(ofType(v.events, 'took')).toEqual([
      { type: 'took', seat: 0, card: '7H', hidden: false },
      { type: 'took', seat: 1, card: '9C', hidden: true },
    ]);
    expect(v.knownCards).toEqual([['7H'], ['9C']]);
  });

  it('version 1 games keep the old draw: the hidden card is shown before the choice, and either card is taken by name', () => {
    const { s, events } = run(lastTwo('TH', 1), [0, play('AS')], [1, play('7S')]);
    expect(legal(s, 0)).toEqual([take('9C'), take('TH')]);
    expect(ofType(events, 'hiddenShown')).toEqual([{ type: 'hiddenShown', card: '9C', open: 'TH', chooser: 0 }]);
    for (const viewer of VIEWERS) expect(honderden.view(s, viewer).lastChoice).toEqual({ hidden: '9C', open: 'TH' });
    expect(() => honderden.apply(s, 0, TAKE_HIDDEN)).toThrow(IllegalAction);
    // The same cards go to the same hands as under version 2.
    const old = run(s, [0, take('9C')]).s;
    const now = run(run(lastTwo('TH'), [0, play('AS')], [1, play('7S')]).s, [0, TAKE_HIDDEN]).s;
    expect(old.hands).toEqual(now.hands);
    expect(old.known).toEqual(now.known);
  });
});

/** A view without the events of an earlier hand (the action that ends a hand deals the next). */
function thisHand(v: HonderdenView): HonderdenView {
  return {
    ...v,
    events: v.events.slice(
      Math.max(
        0,
        v.events.findLastIndex((e) => e.type === 'handDealt'),
      ),
    ),
  };
}

/** A card of this seat's hand that nobody else has seen. */
const unseenCardOf = (s: HonderdenState, seat: Seat) => s.hands[seat]?.find((c) => !s.known[seat]?.includes(c));

describe('Honderden: the last hidden card stays unseen until it is taken', () => {
  it('no view of any seat or spectator, no event and no action names it, in every state before the choice', () => {
    let choices = 0;
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.infiniteStream(fc.nat()), (seed, picks) => {
        playMatch({ seats: 2, seed, version: 2, picks }, (s) => {
          if (honderden.isOver(s) || s.trumpCard === null || s.stock.length === 0) return;
          const hidden = s.stock[0] as Card;
          for (const viewer of VIEWERS) expect(json(thisHand(honderden.view(s, viewer)))).not.toContain(`"${hidden}"`);
          for (const seat of [0, 1]) expect(json(honderden.legalActions(s, seat))).not.toContain(`"${hidden}"`);
          // States that differ only in which card is hidden look the same to everyone who cannot see it.
          const others: { state: HonderdenState; blind: (Seat | null)[] }[] = [];
          if (s.stock.length >= 2) {
            others.push({ state: { ...s, stock: [s.stock[1] as Card, hidden, ...s.stock.slice(2)] }, blind: VIEWERS });
          } else {
            choices++;
            for (const holder of [0, 1]) {
              const card = unseenCardOf(s, holder);
              if (!card) continue;
              const hands = s.hands.map((h) => h.map((c) => (c === card ? hidden : c)));
              others.push({ state: { ...s, hands, stock: [card] }, blind: VIEWERS.filter((v) => v !== holder) });
            }
          }
          for (const { state, blind } of others) {
            for (const viewer of blind) {
              expect(json(honderden.view(state, viewer))).toBe(json(honderden.view(s, viewer)));
              if (viewer !== null) expect(honderden.legalActions(state, viewer)).toEqual(honderden.legalActions(s, viewer));
            }
          }
        });
      }),
      { numRuns: 25 },
    );
    expect(choices).toBeGreaterThan(10);
  });
});
