import { describe, expect, it } from 'vitest';
import { bestCombo, compareCombos, findCombos, mayBeat, comboPoints, type Card, type Combo } from './rules.js';
import { seq } from './test-positions.js';

describe('Honderden: roem combinations', () => {
  it('finds carrés (A, K, Q, J, 10 only) and sequences in the order A K Q J 10 9 8 7', () => {
    const combos = findCombos(['9S', '9H', '9C', '9D', 'JS', 'TS', '8S', '7S', 'AC', 'KC', 'QC', 'JC']);
    expect(combos.map((c) => (c.kind === 'carre' ? `carre ${c.rank}` : `${c.length} on ${c.top}${c.suit}`))).toEqual(['5 on JS', '4 on AC']);
    expect(findCombos(['AS', 'AH', 'AC', 'AD']).map((c) => c.kind)).toEqual(['carre']);
  });

  it('finds two separate runs in one suit, and lets a card serve a carré and a sequence', () => {
    const runs = findCombos(['AS', 'KS', 'QS', '9S', '8S', '7S']);
    expect(runs).toMatchObject([
      { kind: 'sequence', suit: 'S', top: 'A', length: 3 },
      { kind: 'sequence', suit: 'S', top: '9', length: 3 },
    ]);
    const both = findCombos(['AS', 'AH', 'AC', 'AD', 'KS', 'QS']);
    expect(both).toMatchObject([
      { kind: 'carre', rank: 'A' },
      { kind: 'sequence', suit: 'S', top: 'A', length: 3 },
    ]);
  });

  it('scores carré 100, carré of jacks 200, sequences of 3, 4, 5 and more 20, 50, 100', () => {
    const [aces] = findCombos(['AS', 'AH', 'AC', 'AD']);
    const [jacks] = findCombos(['JS', 'JH', 'JC', 'JD']);
    expect(comboPoints(aces as Combo)).toBe(100);
    expect(comboPoints(jacks as Combo)).toBe(200);
    const spades: Card[] = ['AS', 'KS', 'QS', 'JS', 'TS', '9S', '8S', '7S'];
    const runOf = (n: number) => findCombos(spades.slice(0, n))[0] as Combo;
    expect([3, 4, 5, 6, 8].map((n) => comboPoints(runOf(n)))).toEqual([20, 50, 100, 100, 100]);
  });

  const one = (cards: Card[]) => findCombos(cards)[0] as Combo;
  const jacks = one(['JS', 'JH', 'JC', 'JD']);
  const queens = one(['QS', 'QH', 'QC', 'QD']);
  const aces = one(['AS', 'AH', 'AC', 'AD']);
  const fiveOnJack = one(['9C', '8C', '7C', 'TC', 'JC']);
  const threeOnAce = one(['AS', 'KS', 'QS']);
  const fourOnAceClubs = one(['AC', 'KC', 'QC', 'JC']);
  const fourOnAceTrump = one(['AH', 'KH', 'QH', 'JH']);
  const kqjSpades = one(['KS', 'QS', 'JS']);
  const kqjClubs = one(['KC', 'QC', 'JC']);
  const kqjTrump = one(['KH', 'QH', 'JH']);

  it('compares by the number of cards first: a sequence of 5 beats a carré, a carré beats a sequence of 3', () => {
    expect(compareCombos(fiveOnJack, 1, aces, 0, 'H')).toBeGreaterThan(0);
    expect(compareCombos(queens, 1, threeOnAce, 0, 'H')).toBeGreaterThan(0);
  });

  it('then by the highest card: a carré of queens (100) beats a carré of jacks (200)', () => {
    expect(compareCombos(queens, 1, jacks, 0, 'H')).toBeGreaterThan(0);
    expect(compareCombos(jacks, 0, queens, 1, 'H')).toBeLessThan(0);
  });

  it('then trump, then the leader (earlier in the trick); a carré counts as trump', () => {
    expect(compareCombos(kqjTrump, 1, kqjSpades, 0, 'H')).toBeGreaterThan(0);
    expect(compareCombos(kqjClubs, 1, kqjSpades, 0, 'H')).toBeLessThan(0);
    expect(compareCombos(kqjSpades, 0, kqjClubs, 1, 'H')).toBeGreaterThan(0);
    expect(compareCombos(aces, 1, fourOnAceClubs, 0, 'H')).toBeGreaterThan(0);
    expect(compareCombos(aces, 1, fourOnAceTrump, 0, 'H')).toBeLessThan(0);
    expect(compareCombos(aces, 0, fourOnAceTrump, 1, 'H')).toBeGreaterThan(0);
  });

  it('the best of several combinations is the highest in that order', () => {
    expect(bestCombo([threeOnAce, jacks, kqjTrump], 'H')).toBe(jacks);
    expect(bestCombo([kqjSpades, kqjTrump], 'H')).toBe(kqjTrump);
  });

  it('a rejection is possible when the combination beats some roem of the announced (vague) category', () => {
    expect(mayBeat(queens, 1, { kind: 'carre' }, 0, 'H')).toBe(true); // it beats carrés of jacks and tens
    expect(mayBeat(one(['TS', 'TH', 'TC', 'TD']), 1, { kind: 'carre' }, 0, 'H')).toBe(false);
    expect(mayBeat(kqjTrump, 1, seq(3, 'K'), 0, 'H')).toBe(true);
    expect(mayBeat(kqjClubs, 1, seq(3, 'K'), 0, 'H')).toBe(false);
    expect(mayBeat(kqjClubs, 0, seq(3, 'K'), 1, 'H')).toBe(true);
    expect(mayBeat(threeOnAce, 1, seq(4, '7'), 0, 'H')).toBe(false);
    expect(mayBeat(fiveOnJack, 1, { kind: 'carre' }, 0, 'H')).toBe(true);
  });
});
