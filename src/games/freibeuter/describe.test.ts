import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { freibeuter, pointAt } from './rules.js';
import { freibeuterPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { anyGame, ctx, play, position, t, view } from './presenter-testing.js';
import { playersAt } from '../../../tests/support/players.js';

/** The lines of a public post (describe.ts), and when a post is asked for. */

describe('Freibeuter posts', () => {
  it('posts when the turn passes on or the game ends, never in the middle of a turn', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        play({ ...game, steps: 300 }, (before, _, __, after) => {
          const passed = after.turn !== before.turn || freibeuter.isOver(after);
          expect(turnEnded(after.events)).toBe(passed);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('describes every kind of event in words', () => {
    const lines = presenter.describe(
      [
        { type: 'turnStarted', seat: 1, turn: 1 },
        { type: 'boarded', seat: 1, point: pointAt('B2'), value: 15 },
        { type: 'turnStarted', seat: 2, turn: 2 },
        { type: 'placed', seat: 2, field: 'C3' },
        { type: 'tookTreasure', seat: 3, field: 'D4', amount: 2 },
        { type: 'dutchmanPlaced', seat: 0, line: 'C', field: 'C4' },
        { type: 'dutchmanPlaced', seat: 0, line: '4', field: 'C4' },
        { type: 'encircled', points: [pointAt('B3')] },
        { type: 'encircled', points: [pointAt('B2'), pointAt('B3'), pointAt('C3')] },
        { type: 'orderChoice', seat: 0, points: [pointAt('B2'), pointAt('C3')] },
        { type: 'escaped', point: pointAt('B3'), value: 10 },
        {
          type: 'captured',
          seat: 1,
          point: pointAt('B2'),
          value: 15,
          perBoat: 3,
          payments: [
            { seat: 0, boats: 2, amount: 6 },
            { seat: 2, boats: 1, amount: 3 },
          ],
          total: 9,
        },
        { type: 'credit', seat: 1, point: pointAt('B2'), amount: 7, marker: true },
        { type: 'captured', seat: 3, point: pointAt('E5'), value: 5, perBoat: 1, payments: [], total: 0 },
        { type: 'credit', seat: 3, point: pointAt('E5'), amount: 4, marker: false },
        {
          type: 'pirateTreasure',
          point: pointAt('C3'),
          shares: [
            { seat: 0, boats: 2, amount: 4 },
            { seat: 3, boats: 1, amount: 2 },
          ],
          left: 2,
        },
        { type: 'pirateTreasure', point: pointAt('D3'), shares: [], left: 1 },
        { type: 'pirateTreasure', point: pointAt('D4'), shares: [{ seat: 1, boats: 3, amount: 6 }], left: 0 },
        { type: 'doubleTaken', point: pointAt('F6'), value: 20 },
        { type: 'dutchmanRemoved', field: 'C4' },
        { type: 'drew', seat: 0, pile: 'sea', card: null, forced: false },
        { type: 'drew', seat: 0, pile: 'sea', card: 'A1', forced: true },
        { type: 'drew', seat: 0, pile: 'dutchman', card: 'C', forced: false },
        { type: 'resigned', seat: 2, boatsBack: 2 },
        { type: 'resigned', seat: 1, boatsBack: 1 },
        { type: 'resigned', seat: 3, boatsBack: 0 },
        // Said already by the last pirate treasure's line.
        { type: 'gameOver', reason: 'pirateTreasures', seat: null, scores: [1, 2, 3, 4] },
        { type: 'gameOver', reason: 'seaPileEmpty', seat: 1, scores: [1, 2, 3, 4] },
        { type: 'gameOver', reason: 'noBoats', seat: 2, scores: [1, 2, 3, 4] },
      ],
      ctx,
    );
    expect(lines).toEqual([
      'The tokens are shuffled onto the sea and everybody gets 4 sea cards and a Dutchman card. Bart begins (drawn by lot).',
      '⚓ Bart boards ship 8 at B2-C3 (worth 15, pays 3 per boat).',
      '⛵ Cees puts a boat on C3.',
      '🪙 Dirk plays D4, where a boat already lies, and takes 2 treasure.',
      '👻 Anne plays the Dutchman card of row C: the Flying Dutchman sails to C4.',
      '👻 Anne plays the Dutchman card of column 4: the Flying Dutchman sails to C4.',
      'The ring around B3-C4 is closed.',
      'The rings around B2-C3, B3-C4 and C3-D4 are closed.',
      'Anne chooses the order for B2-C3 and C3-D4.',
      '💨 The ship at B3-C4 (10) had nobody aboard and escapes.',
      '💰 **Bart takes the ship at B2-C3 (15)**, paying 3 per boat: Anne 6, Cees 3.',
      '🏦 Bart cannot pay it all and borrows 7 from the bank (a boat is laid aside as a marker; 14 to repay at the end).',
      '💰 **Dirk takes the ship at E5-F6 (5)**; nobody else has a boat around it.',
      '🏦 Dirk cannot pay it all and borrows 4 from the bank (8 to repay at the end; no boat left to mark it).',
      '🏴‍☠️ **Pirate treasure at C3-D4**: Anne 4, Dirk 2. 2 pirate treasures left.',
      '🏴‍☠️ **Pirate treasure at D3-E4**: nobody still playing has a boat around it. 1 pirate treasure left.',
      '🏴‍☠️ **Pirate treasure at D4-E5**: Bart 6. That was the last one: this move ends the game.',
      '✨ The double-value token at F6-G7 is taken: ships worth 20 count double at the end.',
      'The Flying Dutchman leaves C4.',
      'Anne draws a sea card.',
      'Anne draws a sea card (no choice).',
      'Anne draws a Dutchman card.',
      'Cees leaves the game; the boats on the sea stay, and 2 boarding boats go home, so those ships are free again.',
      'Bart leaves the game; the boats on the sea stay, and the boarding boat goes home, so that ship is free again.',
      'Dirk leaves the game; the boats on the sea stay and still help close rings.',
      '🏁 Bart goes to draw a sea card, but the pile is empty: that ends the game.',
      '🏁 Cees starts a turn with no boat left: that ends the game.',
    ]);
    // The end of the pirate treasures, when no line has said it yet.
    expect(presenter.describe([{ type: 'gameOver', reason: 'pirateTreasures', seat: null, scores: [1, 2, 3, 4] }], ctx)).toEqual([
      '🏁 The last pirate treasure is gone: that ends the game.',
    ]);
  });

  it('tells the rulebook example of a payment as it happens: Marc pays Anne 6 and Carl 3', () => {
    // Anne's boat on B2, Carl's on B3, Marc's own on C2; Marc boarded the 15 at B2-C3; Anne closes it on C3.
    const s = position({
      tokens: { B2: { kind: 'ship', value: 15 } },
      boarded: { B2: 1 },
      boats: { B2: [0], C2: [1], B3: [2] },
      hand: { sea: ['C3', 'A1', 'A2', 'A3'], dutchman: ['A'] },
    });
    const c = { t, players: playersAt(['Anne', 'Marc', 'Carl'], 'red') };
    const panel = presenter.panel(view(s, 0), freibeuter.legalActions(s, 0), c);
    expect(panel.groups.flatMap((g) => g.choices).find((ch) => ch.label === 'Put a boat on C3')?.description).toBe(
      'Closes B2-C3: Marc takes ship 15, pays you 6',
    );
    const after = freibeuter.apply(s, 0, { type: 'place', field: 'C3' });
    expect(presenter.describe(view(after, null).events, c)).toEqual([
      '⛵ Anne puts a boat on C3.',
      'The ring around B2-C3 is closed.',
      '💰 **Marc takes the ship at B2-C3 (15)**, paying 3 per boat: Carl 3, Anne 6.',
    ]);
  });
});
