import { describe, expect, it } from 'vitest';
import { DECK_24, DECK_32, SUITS, cardPoints, sortHand, sumPoints, trickWinnerIndex, type Card } from './rules.js';

describe('Honderden: cards', () => {
  it('has a 32-card deck for two and a 24-card deck (9 to ace) for three', () => {
    expect(DECK_32).toHaveLength(32);
    expect(new Set(DECK_32).size).toBe(32);
    expect(DECK_24).toHaveLength(24);
    expect(DECK_24.some((c) => c[0] === '7' || c[0] === '8')).toBe(false);
  });

  it('counts Jas 20, Nel 14, A 11, 10 10, K 3, Q 2, other J 1, the rest nothing: 141 in either deck', () => {
    expect(cardPoints('JH', 'H')).toBe(20);
    expect(cardPoints('9H', 'H')).toBe(14);
    expect(cardPoints('JS', 'H')).toBe(1);
    expect(cardPoints('9S', 'H')).toBe(0);
    expect(cardPoints('AS', 'H')).toBe(11);
    expect(cardPoints('TC', 'H')).toBe(10);
    expect(cardPoints('KD', 'H')).toBe(3);
    expect(cardPoints('QD', 'H')).toBe(2);
    expect(cardPoints('8H', 'H')).toBe(0);
    for (const trump of SUITS) {
      expect(sumPoints(DECK_32, trump)).toBe(141);
      expect(sumPoints(DECK_24, trump)).toBe(141);
    }
  });

  it('wins a trick with the highest card of the led suit when nobody trumps: A K Q J 10 9 8 7', () => {
    expect(trickWinnerIndex(['KS', 'AS'], 'H')).toBe(1);
    expect(trickWinnerIndex(['JS', 'TS'], 'H')).toBe(0);
    expect(trickWinnerIndex(['9S', 'TS', '8S'], 'H')).toBe(1);
    // A higher card of another suit (not trump) does not win.
    expect(trickWinnerIndex(['7S', 'AC'], 'H')).toBe(0);
    expect(trickWinnerIndex(['7S', 'AC', 'AD'], 'H')).toBe(0);
  });

  it('in trump: J (Jas), 9 (Nel), A, K, Q, 10, 8, 7; any trump beats any plain card', () => {
    const order: Card[] = ['JH', '9H', 'AH', 'KH', 'QH', 'TH', '8H', '7H'];
    for (let i = 0; i < order.length; i++) {
      for (let j = i + 1; j < order.length; j++) {
        expect(trickWinnerIndex([order[j] as Card, order[i] as Card], 'H')).toBe(1);
        expect(trickWinnerIndex([order[i] as Card, order[j] as Card], 'H')).toBe(0);
      }
    }
    expect(trickWinnerIndex(['AS', '7H'], 'H')).toBe(1);
    expect(trickWinnerIndex(['AS', '7H', '8H'], 'H')).toBe(2);
    expect(trickWinnerIndex(['7H', 'AS', 'AC'], 'H')).toBe(0);
  });

  it('sorts a hand by suit, then highest first (trump in trump order)', () => {
    expect(sortHand(['7S', 'AH', 'JH', 'TS', '9H', 'KD'], 'H')).toEqual(['TS', '7S', 'JH', '9H', 'AH', 'KD']);
  });
});
