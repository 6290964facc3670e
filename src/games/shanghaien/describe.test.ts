import { describe, expect, it } from 'vitest';
import {
  distribute,
  finalScoring,
  shanghaien,
  type Crew,
  type DistributedCard,
  type ShanghaienAction,
  type ShanghaienEvent,
  type TavernCard,
} from './rules.js';
import { shanghaienPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { ctx, play, view } from './presenter-testing.js';
import { sailor } from './test-positions.js';

/** The lines of a public post, event by event, and when a post is asked for. */

describe('Shanghaien event lines', () => {
  it('describes a turn: roll, numbering, placement', () => {
    const row: TavernCard[] = [sailor('american', 1), sailor('french', 2), sailor('german', 3), sailor('chinese', 4), sailor('dutch', 3), sailor('spanish', 2)];
    const lines = presenter.describe(
      [
        { type: 'round-started', round: 2, startPlayer: 1, row },
        { type: 'rolled', seat: 1, dice: [5, 2] },
        { type: 'oriented', seat: 1, first: 'left', card: sailor('american', 1) },
        { type: 'placed', seat: 1, pips: 5, card: sailor('dutch', 3) },
      ] satisfies ShanghaienEvent[],
      ctx,
    );
    expect(lines).toEqual([
      "**Round 2 of 8**: Marc starts. The tavern, left to right from Marc's side: 🇺🇸 American 1, 🇫🇷 Frenchman 2, 🇩🇪 German 3, 🇨🇳 Chinese 4, 🇳🇱 Dutchman 3, 🇪🇸 Spaniard 2.",
      '🎲 Marc rolled 5 and 2.',
      "Marc numbered the row: the left end from Marc's side (🇺🇸 American 1) is card 1.",
      'Marc placed a 5 at card 5 (🇳🇱 Dutchman 3).',
    ]);
  });

  it("names left and right from Anne's side when she starts: she sits across the row from Marc", () => {
    const row: TavernCard[] = [sailor('american', 1), sailor('french', 2), sailor('german', 3), sailor('chinese', 4), sailor('dutch', 3), sailor('spanish', 2)];
    const lines = presenter.describe(
      [
        { type: 'round-started', round: 3, startPlayer: 0, row },
        { type: 'oriented', seat: 0, first: 'left', card: sailor('american', 1) },
      ] satisfies ShanghaienEvent[],
      ctx,
    );
    expect(lines).toEqual([
      "**Round 3 of 8**: Anne starts. The tavern, left to right from Anne's side: 🇪🇸 Spaniard 2, 🇳🇱 Dutchman 3, 🇨🇳 Chinese 4, 🇩🇪 German 3, 🇫🇷 Frenchman 2, 🇺🇸 American 1.",
      "Anne numbered the row: the right end from Anne's side (🇺🇸 American 1) is card 1.",
    ]);
  });

  it('describes each trick and the joker', () => {
    const lines = presenter.describe(
      [
        { type: 'trick', seat: 0, effect: 'adjust', from: 3, to: 4 },
        { type: 'trick', seat: 0, effect: 'place-both', dice: [2, 6] },
        { type: 'trick', seat: 1, effect: 'reroll', dice: [1, 1] },
        { type: 'joker', seat: 1, effect: 'reroll', nation: 'british' },
        { type: 'placed', seat: 0, pips: 4, card: { kind: 'trick', effect: 'reroll' } },
      ] satisfies ShanghaienEvent[],
      ctx,
    );
    expect(lines).toEqual([
      '🃏 Anne played the dirty trick “±1”: the 3 became a 4.',
      '🃏 Anne played the dirty trick “place both dice”.',
      '🃏 Marc played the dirty trick “roll again” and rolled 1 and 1.',
      '🃏 Marc laid the dirty trick “roll again” as a joker with the 🇬🇧 Brits: it counts as a sailor worth 2.',
      'Anne placed a 4 at card 4 (🃏 dirty trick “roll again”).',
    ]);
  });

  it("describes the rulebook's distribution example card by card, with the reasons", () => {
    // Anne placed 2, 2, 3, 6, 6 and Marc 3, 4, 5, 6, 6 (card 1 on the left).
    const dice = [
      [0, 2, 1, 0, 0, 2],
      [0, 0, 1, 1, 1, 2],
    ];
    const row = [sailor('american', 1), sailor('french', 2), sailor('german', 3), sailor('chinese', 4), sailor('dutch', 3), sailor('spanish', 2)];
    const cards: DistributedCard[] = distribute(dice, 'left').map((c) => ({ ...c, card: row[c.index] as TavernCard }));
    const lines = presenter.describe(
      [
        { type: 'shanghai', seat: 1, round: 3, forced: false },
        { type: 'distributed', seat: 1, cards },
      ] satisfies ShanghaienEvent[],
      ctx,
    );
    expect(lines).toEqual([
      '⚓ **Marc shanghais** and ends round 3:',
      '• Card 1 (🇺🇸 American 1): no dice, removed.',
      '• Card 2 (🇫🇷 Frenchman 2) → **Anne**, the only one with dice there.',
      '• Card 3 (🇩🇪 German 3) is removed: dice tied 1 to 1, neighbour pips tied 4 to 4.',
      '• Card 4 (🇨🇳 Chinese 4) → **Marc**, the only one with dice there.',
      '• Card 5 (🇳🇱 Dutchman 3) → **Marc**, the only one with dice there.',
      '• Card 6 (🇪🇸 Spaniard 2) → **Marc**: dice tied 2 to 2, more pips on the neighbouring cards, 5 to 0.',
    ]);
    const more = presenter.describe(
      [
        { type: 'shanghai', seat: 0, round: 8, forced: true },
        { type: 'distributed', seat: 0, cards: [{ ...(cards[0] as DistributedCard), dice: [1, 3], to: 1, reason: 'more-dice' }] },
      ],
      ctx,
    );
    expect(more).toEqual(['⚓ **Anne must shanghai** (fewer than 2 dice left) and ends round 8:', '• Card 1 (🇺🇸 American 1) → **Marc**: more dice, 3 to 1.']);
  });

  it("describes the rulebook's final scoring example per nationality", () => {
    // Anne keeps her Spanish (7); the French tie (3 each); Marc's Americans (7 over 6) and Chinese (3 over 1) score Anne's sums; Marc has one trick card.
    const anne: Crew = {
      sailors: [sailor('american', 2), sailor('american', 4), sailor('french', 3), sailor('chinese', 1), sailor('spanish', 3), sailor('spanish', 4)],
      jokers: [],
      tricks: [],
    };
    const marc: Crew = {
      sailors: [sailor('american', 1), sailor('american', 3), sailor('american', 3), sailor('french', 1), sailor('french', 2), sailor('chinese', 3)],
      jokers: [],
      tricks: [{ kind: 'trick', effect: 'reroll' }],
    };
    const scoring = finalScoring([anne, marc]);
    expect(scoring.totals).toEqual([7, 8]);
    const lines = presenter.describe([{ type: 'game-over', scoring }], ctx);
    expect(lines).toEqual([
      '**Final scoring**',
      '• 🇺🇸 Americans: Marc 7 beats Anne 6 and scores 6.',
      '• 🇫🇷 French: tied at 3, nobody scores.',
      '• 🇨🇳 Chinese: Marc 3 beats Anne 1 and scores 1.',
      '• 🇪🇸 Spaniards: only Anne has them and scores 7.',
      '• 🃏 Unused dirty tricks, 1 point each: ● Anne 0, ■ Marc 1.',
    ]);
    // The totals are the final ranking's, with each player's breakdown (as the rulebook adds up Marc's 8).
    const over = { ...view(shanghaien.setup({ seats: 2, seed: 'example', options: {} }), null), over: true, phase: 'over' as const, scoring };
    expect(presenter.breakdown?.(over, 1, ctx)).toBe('6 (Americans) + 1 (Chinese) + 1 (dirty trick)');
    expect(presenter.breakdown?.(over, 0, ctx)).toBe('7 (Spaniards)');
    expect(presenter.status(over, ctx)).toBe('The game is over: Marc wins with 8 to 7.');
  });

  it('asks for a post after each turn, each shanghai and the end, not after a roll or a trick that places nothing', () => {
    let s = play('posts', 0, 0);
    const seat = s.current;
    s = shanghaien.apply(s, seat, { type: 'roll' });
    expect(turnEnded(s.events)).toBe(false);
    s = shanghaien.apply(s, seat, { type: 'orient', first: 'left' });
    expect(turnEnded(s.events)).toBe(false);
    s = shanghaien.apply(s, seat, shanghaien.legalActions(s, seat).find((a) => a.type === 'place') as ShanghaienAction);
    expect(turnEnded(s.events)).toBe(true);
    expect(turnEnded([{ type: 'trick', seat: 0, effect: 'reroll', dice: [1, 2] }])).toBe(false);
    expect(turnEnded([{ type: 'joker', seat: 0, effect: 'reroll', nation: 'dutch' }])).toBe(false);
    expect(
      turnEnded([
        { type: 'trick', seat: 0, effect: 'adjust', from: 1, to: 2 },
        { type: 'placed', seat: 0, pips: 2, card: sailor('dutch', 1) },
      ]),
    ).toBe(true);
    expect(
      turnEnded([
        { type: 'shanghai', seat: 0, round: 1, forced: false },
        { type: 'distributed', seat: 0, cards: [] },
      ]),
    ).toBe(true);
    expect(turnEnded([{ type: 'resigned', seat: 0, winner: 1 }])).toBe(true);
  });
});
