import { describe, expect, it } from 'vitest';
import { IllegalAction } from '../../engine/index.js';
import { DECK_32, honderden, type Card, type HonderdenState } from './rules.js';
import { CLAIM, STUK, handEnded, legal, ofType, play, position, run } from './test-positions.js';

describe('Honderden: claims ("ik dek"), two players', () => {
  // Trump hearts: 20 + 14 + 11 + 11 + 11 + 10 + 10 = 87 in won cards.
  const rich: Card[] = ['JH', '9H', 'AS', 'AC', 'AD', 'TS', 'TC'];
  const claimPosition = (carried = [0, 0]) =>
    position({
      hands: [
        ['KH', 'QH', '7S'],
        ['8S', '9S', '7C'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      won: [rich, ['7D', '8D']],
      tricksWon: [4, 1],
      tricksPlayed: 5,
      carried,
      dealer: 1,
    });

  it("may claim at any step of one's own turn", () => {
    const s = claimPosition();
    expect(legal(s, 0)).toContainEqual(CLAIM);
    expect(legal(s, 1)).toEqual([]);
    expect(legal(honderden.apply(s, 0, STUK), 0)).toContainEqual(CLAIM);
  });

  it('right (100 or more) wins the hand: 1 game point, +1 with the loser under 50 (onder Jan)', () => {
    const { s, events } = run(claimPosition(), [0, STUK], [0, CLAIM]);
    expect(ofType(events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 107, right: true }]);
    const result = handEnded(events);
    expect(result).toMatchObject({ ending: 'claim', claimer: 0, winner: 0, gamePoints: 2, onderJan: true, pit: false, next: 'newGame' });
    expect(result.points[0]).toEqual({ carried: 0, cards: 87, roem: 0, stuk: 20, lastTrick: 0, total: 107 });
    expect(result.points[1]).toMatchObject({ total: 0 });
    expect(s.gamePoints).toEqual([2, 0]);
    // A new game: points from nothing, the next dealer.
    expect(s.game).toBe(2);
    expect(s.carried).toEqual([0, 0]);
    expect(s.dealer).toBe(0);
    expect(ofType(events, 'handDealt')).toMatchObject([{ dealer: 0, leader: 1, game: 2, handInGame: 1 }]);
    expect(honderden.view(s, null).lastResult).toEqual(result);
  });

  it('wrong (under 100) gives the hand to the opponent; onder Jan judged on the claimer', () => {
    const { s, events } = run(claimPosition(), [0, CLAIM]);
    expect(ofType(events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 87, right: false }]);
    expect(handEnded(events)).toMatchObject({ ending: 'wrongClaim', claimer: 0, winner: 1, gamePoints: 1, onderJan: false });
    expect(s.gamePoints).toEqual([0, 1]);
    const poor = run(position({ hands: [['7S'], ['8S']], trump: 'H', won: [['AS'], []] }), [0, CLAIM]);
    expect(handEnded(poor.events)).toMatchObject({ winner: 1, gamePoints: 2, onderJan: true });
  });

  it('counts points carried from earlier hands of the game', () => {
    const { events } = run(claimPosition([15, 40]), [0, CLAIM]);
    expect(handEnded(events)).toMatchObject({ winner: 0, ending: 'claim' });
    expect(handEnded(events).points[0]).toMatchObject({ carried: 15, total: 102 });
  });

  it("no view shows running points during a hand, not even the claimer's own: the claim needs attention", () => {
    const s = claimPosition();
    const swapped: HonderdenState = {
      ...s,
      won: [
        ['7D', '8D', 'JH', '9H', 'AS'],
        ['AC', 'AD', 'TS', 'TC'],
      ],
    };
    // Other cards won, other points: every view is the same.
    for (const viewer of [0, 1, null]) expect(JSON.stringify(honderden.view(swapped, viewer))).toBe(JSON.stringify(honderden.view(s, viewer)));
  });

  it('is offered only once it can be right (rules version 3): a trick won, or 100 points everybody knows of', () => {
    // The first trick of a game's first hand: nobody has won anything, and nobody may claim.
    const first = position({
      hands: [
        ['KH', 'QH', '7S'],
        ['8S', '9S', '7C'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      tricksPlayed: 0,
      dealer: 1,
    });
    expect(legal(first, 0)).not.toContainEqual(CLAIM);
    expect(legal(honderden.apply(first, 0, STUK), 0)).not.toContainEqual(CLAIM);
    // 85 carried and stuk make 105 before any trick is won: then it is offered (and right).
    const carried = position({
      hands: [
        ['KH', 'QH', '7S'],
        ['8S', '9S', '7C'],
      ],
      trump: 'H',
      trumpCard: 'TH',
      tricksPlayed: 0,
      dealer: 1,
      carried: [85, 0],
    });
    expect(legal(carried, 0)).not.toContainEqual(CLAIM);
    const withStuk = honderden.apply(carried, 0, STUK);
    expect(legal(withStuk, 0)).toContainEqual(CLAIM);
    expect(ofType(run(withStuk, [0, CLAIM]).events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 105, right: true }]);
    // A trick won, whatever it was worth: offered.
    const poor = position({ hands: [['7S'], ['8S']], trump: 'H', won: [['7D', '8D'], []], tricksWon: [1, 0] });
    expect(legal(poor, 0)).toContainEqual(CLAIM);
    // Games opened under version 2 keep the claim at any step.
    expect(legal({ ...first, rules: 2 }, 0)).toContainEqual(CLAIM);
  });
});

describe('Honderden: playing a hand out (two players)', () => {
  /** The last trick: seat 0 leads 7S, seat 1 wins it with 8S (+5). */
  const lastTrick = (p: { won: Card[][]; carried?: number[]; tricksWon?: number[]; gamePoints?: number[]; target?: number; hands?: Card[][] }) =>
    position({
      hands: p.hands ?? [['7S'], ['8S']],
      trump: 'H',
      won: p.won,
      tricksWon: p.tricksWon ?? [8, 7],
      tricksPlayed: 15,
      carried: p.carried ?? [0, 0],
      dealer: 1,
      ...(p.gamePoints ? { gamePoints: p.gamePoints } : {}),
      ...(p.target ? { target: p.target } : {}),
    });
  const finish = (s: HonderdenState, a: Card = '7S', b: Card = '8S') => run(s, [0, play(a)], [1, play(b)]);

  it('the last trick counts 5; nobody at 100: another hand by the same dealer, points carried on', () => {
    const s0 = lastTrick({
      won: [
        ['AS', 'AC', 'TS'],
        ['AD', 'TD'],
      ],
      carried: [10, 20],
    });
    const { s, events } = finish(s0);
    const result = handEnded(events);
    expect(result.points[0]).toEqual({ carried: 10, cards: 32, roem: 0, stuk: 0, lastTrick: 0, total: 42 });
    expect(result.points[1]).toEqual({ carried: 20, cards: 21, roem: 0, stuk: 0, lastTrick: 5, total: 46 });
    expect(result).toMatchObject({ ending: 'playedOut', winner: null, gamePoints: 0, next: 'nextHand' });
    expect(ofType(events, 'trickWon')).toMatchObject([{ seat: 1, trick: 16, last: true }]);
    expect(s.carried).toEqual([42, 46]);
    expect(s.dealer).toBe(1);
    expect(s.handInGame).toBe(2);
    expect(s.game).toBe(1);
    expect(honderden.view(s, 0).carried).toEqual([42, 46]);
    expect(ofType(events, 'handDealt')).toMatchObject([{ dealer: 1, handInGame: 2, replay: false }]);
  });

  it('the highest total of 100 or more wins', () => {
    const { s, events } = finish(lastTrick({ won: [['TS'], ['KS']], carried: [110, 97] }));
    expect(handEnded(events)).toMatchObject({ winner: 0, gamePoints: 1, onderJan: false, next: 'newGame' });
    expect(handEnded(events).points.map((p) => p?.total)).toEqual([120, 105]);
    expect(s.gamePoints).toEqual([1, 0]);
  });

  it('a tie replays the hand by the same dealer, from the points it started with', () => {
    const { s, events } = finish(
      lastTrick({
        won: [
          ['KC', 'QC'],
          ['KS', 'QS'],
        ],
        carried: [100, 95],
      }),
    );
    const result = handEnded(events);
    expect(result.points.map((p) => p?.total)).toEqual([105, 105]);
    expect(result).toMatchObject({ winner: null, next: 'replay' });
    expect(s.carried).toEqual([100, 95]);
    expect(s.dealer).toBe(1);
    expect(s.handInGame).toBe(1);
    expect(s.hand).toBe(2);
    expect(ofType(events, 'handDealt')).toMatchObject([{ replay: true }]);
  });

  it('onder Jan: the loser under 50 gives a second game point', () => {
    const { s } = finish(lastTrick({ won: [['AC'], ['AS', 'AD', 'TS', 'TD']], carried: [30, 60] }));
    expect(s.lastResult).toMatchObject({ winner: 1, gamePoints: 2, onderJan: true });
  });

  it('a pit (every trick) gives one more: 3 with the loser under 50, 2 otherwise', () => {
    const rest = DECK_32.filter((c) => c !== 'AS' && c !== '7S');
    const pit = lastTrick({ hands: [['AS'], ['7S']], won: [rest, []], tricksWon: [15, 0] });
    const { events } = finish(pit, 'AS', '7S');
    expect(handEnded(events)).toMatchObject({ winner: 0, pit: true, onderJan: true, gamePoints: 3 });
    expect(handEnded(events).points[0]?.total).toBe(146);
    const carried = lastTrick({ hands: [['AS'], ['7S']], won: [rest, []], tricksWon: [15, 0], carried: [0, 60] });
    expect(handEnded(finish(carried, 'AS', '7S').events)).toMatchObject({ pit: true, onderJan: false, gamePoints: 2 });
  });

  it('the match ends when a player reaches the target', () => {
    const s0 = lastTrick({ won: [['AC'], ['AS', 'AD', 'TS', 'TD']], carried: [30, 60], gamePoints: [1, 1], target: 3 });
    const { s, events } = finish(s0);
    expect(handEnded(events).next).toBe('matchOver');
    expect(ofType(events, 'gamePoints')).toEqual([{ type: 'gamePoints', seat: 1, gained: 2, reason: 'hand', totals: [1, 3] }]);
    expect(ofType(events, 'matchOver')).toEqual([{ type: 'matchOver', winner: 1, reason: 'target' }]);
    expect(ofType(events, 'handDealt')).toEqual([]);
    expect(honderden.isOver(s)).toBe(true);
    expect(honderden.toAct(s)).toEqual([]);
    expect(honderden.legalActions(s, 0)).toEqual([]);
    expect(honderden.result(s)).toEqual({ scores: [1, 3], ranking: [[1], [0]] });
    expect(() => honderden.apply(s, 0, play('7S'))).toThrow(IllegalAction);
  });
});
