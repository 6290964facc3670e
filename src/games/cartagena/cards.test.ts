import { describe, expect, it } from 'vitest';
import { cartagena, START } from './rules.js';
import { S, act, exampleTunnel, lastMove, position } from './test-positions.js';

/** The cards a move back draws: from the deck (Jamaica) or the open row (Tortuga), and what happens when they run out. */

describe('Cartagena: drawing cards for a move back', () => {
  const tunnel = exampleTunnel;

  it('reshuffles the discard pile into a new deck when the deck is empty', () => {
    const s = position({
      tunnel,
      pirates: [
        [10, START, START, START, START, START],
        [5, 5, START, START, START, START],
      ],
      hands: [[], []],
      drawPile: [S.key],
      discardPile: [S.hat, S.hat, S.skull],
    });
    const next = act(s, { type: 'back', from: 10 });
    expect(next.hands[0]).toHaveLength(2);
    expect(next.hands[0]?.[0]).toBe(S.key);
    expect(next.events).toContainEqual({ type: 'reshuffled' });
    expect(next.drawPile.length + next.discardPile.length).toBe(2);
  });

  it('draws fewer cards when deck and discard pile are both empty', () => {
    const s = position({
      tunnel,
      pirates: [
        [10, START, START, START, START, START],
        [5, 5, START, START, START, START],
      ],
      hands: [[], []],
      drawPile: [S.key],
      discardPile: [],
    });
    const next = act(s, { type: 'back', from: 10 });
    expect(next.hands[0]).toEqual([S.key]);
    expect(lastMove(next)).toMatchObject({ drawCount: 1, drew: [S.key] });
  });
});

describe("Cartagena: Tortuga's open row", () => {
  it('draws in the row order and lays out twelve new cards when the row runs out', () => {
    const s = position({
      version: 'tortuga',
      tunnel: exampleTunnel,
      pirates: [
        [10, START, START, START, START, START],
        [5, 5, START, START, START, START],
      ],
      hands: [[], []],
      row: [S.pistol],
    });
    const deckBefore = s.drawPile.length;
    const next = act(s, { type: 'back', from: 10 });
    expect(next.hands[0]?.[0]).toBe(S.pistol);
    expect(next.hands[0]).toHaveLength(2);
    expect(next.row).toHaveLength(11);
    expect(next.drawPile).toHaveLength(deckBefore - 12);
    expect(next.events).toContainEqual({ type: 'row-laid-out', cards: 12 });
  });

  it('reshuffles the discards when the deck cannot fill a row, and lays out what there is when still short', () => {
    const s = position({
      version: 'tortuga',
      tunnel: exampleTunnel,
      pirates: [
        [10, START, START, START, START, START],
        [5, START, START, START, START, START],
      ],
      hands: [[], []],
      row: [S.pistol],
      drawPile: [S.key, S.key],
      discardPile: [S.hat, S.hat, S.hat],
    });
    const next = act(s, { type: 'back', from: 10 });
    expect(next.hands[0]).toEqual([S.pistol]);
    expect(next.row).toHaveLength(5);
    expect(next.drawPile).toEqual([]);
    expect(next.discardPile).toEqual([]);
  });

  it('shows every hand to everyone', () => {
    const s = cartagena.setup({ seats: 3, seed: 'open', options: { version: 'tortuga' } });
    const v = cartagena.view(s, null);
    expect(v.hands).toEqual(s.hands);
    expect(v.row).toHaveLength(12);
  });
});
