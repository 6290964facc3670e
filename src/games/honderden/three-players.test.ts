import { describe, expect, it } from 'vitest';
import { DECK_24, honderden, tableOf, type Card, type HonderdenState } from './rules.js';
import { CLAIM, DONE, STUK, SWAP, declare, handEnded, legal, ofType, play, plays, position, reject, roemSteps, run, seq } from './test-positions.js';

describe('Honderden: three players', () => {
  it("deals 8 each from 24 cards; the dealer's last card lies face up, sets trump and stays his", () => {
    const s = honderden.setup({ seats: 3, seed: 'three', options: { target: 5 } });
    expect(tableOf(s)).toBe('three');
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8]);
    expect(new Set(s.hands.flat()).size).toBe(24);
    expect(s.hands.flat().every((c) => DECK_24.includes(c))).toBe(true);
    expect(s.stock).toEqual([]);
    expect(s.trumpCard).toBeNull();
    expect(s.hands[s.dealer]).toContain(s.turnedUp);
    expect(s.trump).toBe(s.turnedUp[1]);
    for (const viewer of [0, 1, 2, null]) {
      expect(honderden.view(s, viewer).knownCards[s.dealer]).toEqual([s.turnedUp]);
    }
    expect(honderden.toAct(s)).toEqual([(s.dealer + 1) % 3]);
    expect(legal(s, (s.dealer + 1) % 3)).not.toContainEqual(SWAP);
  });

  it('must follow suit (or trump) from the first trick on', () => {
    const s0 = position({
      hands: [
        ['AS', '9D'],
        ['KS', 'TH', 'AC'],
        ['QS', 'JD'],
      ],
      trump: 'H',
      tricksPlayed: 0,
    });
    const led = honderden.apply(s0, 0, play('AS'));
    expect(plays(led, 1)).toEqual(['KS', 'TH']);
  });

  // Trump hearts (the dealer, seat 2, turned up the ace of hearts). Seat 0 leads.
  const p0: Card[] = ['KS', 'QS', 'JS', '9H', 'TH', '9C', 'TC', '9D'];
  const p1: Card[] = ['AC', 'KC', 'QC', 'JC', 'AS', 'TS', 'JH', 'QH'];
  const p2: Card[] = ['AD', 'KD', 'QD', 'JD', 'TD', '9S', 'KH', 'AH'];
  const deal3 = (version?: number) =>
    position({ hands: [p0, p1, p2], trump: 'H', tricksPlayed: 0, dealer: 2, turnedUp: 'AH', known: [[], [], ['AH']], version });

  // Games opened under version 1 tell every statement and judgement at once (version 2: roem-three.test.ts).
  it('version 1: each later player may reject the standing declaration with higher roem, judged at once', () => {
    const s0 = deal3(1);
    const { s: led } = run(s0, [0, declare(seq(3, 'K'))], [0, play('9C')]);
    expect(roemSteps(led, 1)).toEqual([reject(seq(4, 'A'))]);
    const { s: second, events: e1 } = run(led, [1, reject(seq(4, 'A'))], [1, play('AC')]);
    expect(ofType(e1, 'rejection')).toEqual([{ type: 'rejection', seat: 1, of: 0, success: true }]);
    expect(roemSteps(second, 2)).toEqual([reject(seq(5, 'A'))]);
    const { s, events } = run(second, [2, reject(seq(5, 'A'))], [2, play('9S')]);
    expect(ofType(events, 'rejection')).toEqual([{ type: 'rejection', seat: 2, of: 1, success: true }]);
    expect(s.statements.map((st) => st.status)).toEqual(['rejected', 'rejected', 'hundred']);
    expect(s.gamePoints).toEqual([0, 0, 1]);
    expect(s.phase).toBe('play');
    expect(honderden.toAct(s)).toEqual([1]);
  });

  it('after the trick, silent players who played before the declaration may still reject it, in order', () => {
    const s0 = deal3();
    // Seat 0 plays without roem, seat 1 declares, seat 2 lets it stand; then seat 0 is asked.
    const { s } = run(s0, [0, play('9C')], [1, declare(seq(4, 'A'))], [1, play('AC')], [2, play('9S')]);
    expect(s.phase).toBe('roemAnswer');
    expect(honderden.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([DONE]);
    const done = run(s, [0, DONE]);
    expect(done.s.roem).toEqual([0, 50, 0]);
    expect(done.s.phase).toBe('play');
    expect(honderden.toAct(done.s)).toEqual([1]);
  });

  it('after the trick, every silent player who played before the declaration is asked, in order', () => {
    const s0 = deal3();
    // Seats 0 and 1 play without roem; seat 2 declares a five on the ace.
    const { s } = run(s0, [0, play('9C')], [1, play('AC')], [2, declare(seq(5, 'A'))], [2, play('9S')]);
    // Neither can reject a five on the ace; both are asked in turn, seat 0 first.
    expect(honderden.toAct(s)).toEqual([0]);
    expect(legal(s, 0)).toEqual([DONE]);
    const next = run(s, [0, DONE]).s;
    expect(honderden.toAct(next)).toEqual([1]);
    expect(next.phase).toBe('roemAnswer');
    const done = run(next, [1, DONE]);
    expect(done.s.phase).toBe('play');
    expect(ofType(done.events, 'roemHundred')).toEqual([{ type: 'roemHundred', seat: 2, points: 100 }]);
  });

  it('a late rejection can itself be rejected by a later silent player', () => {
    // Clubs are trump. Seat 2 declares 3 on the king (hearts); seat 0 has 3 on the king in spades
    // (equal, neither in trump: the earlier player wins); seat 1 has 4 on the ace (diamonds).
    const s0 = position({
      hands: [
        ['KS', 'QS', 'JS', '9D'],
        ['AD', 'KD', 'QD', 'JD', '9S'],
        ['KH', 'QH', 'JH', 'TD'],
      ],
      trump: 'C',
      tricksPlayed: 0,
    });
    const { s } = run(s0, [0, play('9D')], [1, play('JD')], [2, declare(seq(3, 'K'))], [2, play('TD')]);
    expect(legal(s, 0)).toEqual([reject(seq(3, 'K')), DONE]);
    const r0 = run(s, [0, reject(seq(3, 'K'))], [0, DONE]);
    expect(ofType(r0.events, 'rejection')).toEqual([{ type: 'rejection', seat: 0, of: 2, success: true }]);
    // Seat 1 played before both declarations: he is asked now, against seat 0's.
    expect(honderden.toAct(r0.s)).toEqual([1]);
    expect(legal(r0.s, 1)).toEqual([reject(seq(4, 'A')), DONE]);
    const r1 = run(r0.s, [1, reject(seq(4, 'A'))], [1, DONE]);
    expect(r1.s.statements.map((st) => [st.seat, st.status])).toEqual([
      [2, 'rejected'],
      [0, 'rejected'],
      [1, 'counted'],
    ]);
    expect(r1.s.roem).toEqual([0, 50, 0]);
    expect(r1.s.phase).toBe('play');
  });

  it('roem only in the first trick; stuk any time', () => {
    const later = position({ hands: [['KS'], ['AS'], ['AD', 'KD', 'QD', 'KH', 'QH']], trump: 'H', tricksPlayed: 1, turn: 2 });
    expect(roemSteps(later, 2)).toEqual([]);
    expect(legal(later, 2)).toContainEqual(STUK);
  });

  it('a claim only together with a stuk declaration, in that turn', () => {
    const s0 = position({
      hands: [
        ['KH', 'QH', 'AS'],
        ['9S', 'TS', 'JS'],
        ['9D', 'TD', 'JD'],
      ],
      trump: 'H',
      won: [['JH', '9H', 'AC', 'AD', 'TC'], [], []],
      tricksWon: [2, 0, 0],
      tricksPlayed: 5,
    });
    expect(legal(s0, 0)).not.toContainEqual(CLAIM);
    const stuk = honderden.apply(s0, 0, STUK);
    expect(legal(stuk, 0)).toContainEqual(CLAIM);
    // 20 + 14 + 11 + 11 + 10 = 66 + stuk 20 = 86: wrong. The other with more points wins.
    const { events } = run(stuk, [0, CLAIM]);
    expect(ofType(events, 'claimed')).toEqual([{ type: 'claimed', seat: 0, points: 86, right: false }]);
    // Both others have 0: a tie between them replays the hand.
    expect(handEnded(events)).toMatchObject({ ending: 'wrongClaim', winner: null, next: 'replay' });
  });

  const claim3 = (won: Card[][], carried = [0, 0, 0], handInGame = 1) =>
    position({
      hands: [
        ['KH', 'QH', 'AS'],
        ['9S', 'TS', 'JS'],
        ['9D', 'TD', 'JD'],
      ],
      trump: 'H',
      won,
      tricksWon: [2, 1, 1],
      tricksPlayed: 4,
      carried,
      handInGame,
      dealer: 2,
    });

  it('game points: 1, doubled only if both others are under 50', () => {
    // 20 + 14 + 11 + 11 + 10 + 10 + stuk 20 = 96 + carried 10 = 106.
    const won: Card[][] = [['JH', '9H', 'AC', 'AD', 'TC', 'TH'], ['KC'], ['QC']];
    const both = run(claim3(won, [10, 40, 45]), [0, STUK], [0, CLAIM]);
    expect(handEnded(both.events)).toMatchObject({ winner: 0, gamePoints: 2, onderJan: true });
    const one = run(claim3(won, [10, 40, 50]), [0, STUK], [0, CLAIM]);
    expect(handEnded(one.events)).toMatchObject({ winner: 0, gamePoints: 1, onderJan: false });
    // The deal passes on with the new game.
    expect(one.s.dealer).toBe(0);
  });

  it('a wrong claim gives the hand to the other player with more points', () => {
    const won: Card[][] = [['KC'], ['JH', '9H'], ['AC']];
    const { events } = run(claim3(won, [0, 20, 10]), [0, STUK], [0, CLAIM]);
    expect(handEnded(events)).toMatchObject({ ending: 'wrongClaim', winner: 1, gamePoints: 2, onderJan: true });
    expect(handEnded(events).points.map((p) => p?.total)).toEqual([23, 54, 21]);
  });

  /** Seat 0 takes the last trick (7 of 8) with the ace of spades. */
  const last3 = (won: Card[][], tricksWon: number[], handInGame: number, carried = [0, 0, 0]) =>
    position({
      hands: [['AS'], ['9S'], ['TS']],
      trump: 'H',
      won,
      tricksWon,
      tricksPlayed: 7,
      handInGame,
      carried,
      dealer: 2,
    });
  const finish3 = (s: HonderdenState) => run(s, [0, play('AS')], [1, play('9S')], [2, play('TS')]);
  const rest24 = DECK_24.filter((c) => !['AS', '9S', 'TS'].includes(c));

  it('a pit counts only in the first hand of a game, and is worth 3', () => {
    const first = finish3(last3([rest24, [], []], [7, 0, 0], 1));
    expect(handEnded(first.events)).toMatchObject({ winner: 0, pit: true, gamePoints: 3 });
    const later = finish3(last3([rest24, [], []], [7, 0, 0], 2, [0, 30, 60]));
    expect(handEnded(later.events)).toMatchObject({ winner: 0, pit: false, gamePoints: 1 });
  });

  it('if nobody reaches 100 the points are carried on and the deal passes on', () => {
    const { s, events } = finish3(last3([['AC', 'TC'], ['AD', 'TD'], ['AH']], [2, 2, 2], 1));
    expect(handEnded(events)).toMatchObject({ winner: null, next: 'nextHand' });
    expect(s.carried).toEqual([21 + 21 + 5, 21, 11]);
    expect(s.dealer).toBe(0);
    expect(s.handInGame).toBe(2);
    expect(s.hands.map((h) => h.length)).toEqual([8, 8, 8]);
  });
});
