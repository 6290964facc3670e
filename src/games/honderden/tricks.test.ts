import { describe, expect, it } from 'vitest';
import { legalPlays, type Card } from './rules.js';

describe('Honderden: which cards may be played', () => {
  const hand: Card[] = ['KS', '7H', 'AC'];
  it('without the duty (two players, stock not empty) anything goes', () => {
    expect(legalPlays(hand, 'S', 'H', false)).toEqual(hand);
  });
  it('with the duty: follow suit or trump (both always allowed)', () => {
    expect(legalPlays(hand, 'S', 'H', true)).toEqual(['KS', '7H']);
  });
  it('unable to follow: anything, trump or not', () => {
    expect(legalPlays(hand, 'D', 'H', true)).toEqual(hand);
  });
  it('trump led: trump if you can, but never a duty to over-trump', () => {
    expect(legalPlays(hand, 'H', 'H', true)).toEqual(['7H']);
    expect(legalPlays(['JH', '7H', 'AS'], 'H', 'H', true)).toEqual(['JH', '7H']);
    expect(legalPlays(['AS', 'KC'], 'H', 'H', true)).toEqual(['AS', 'KC']);
  });
  it('the leader plays anything', () => {
    expect(legalPlays(hand, null, 'H', true)).toEqual(hand);
  });
});
