import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RUM, type SailorCard } from './cards.js';
import { BLACK_JACK, halunken, type HalunkenEvent } from './rules.js';
import { halunkenPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { t, ctxFor, ctx, anyGame, play } from './presenter-testing.js';
import { y, g, v, r } from './test-positions.js';
import { playersAt } from '../../../tests/support/players.js';

describe('Halunken posts', () => {
  it('posts whenever someone new is waited for or a round ends, and never after a choice that leaves others choosing', () => {
    let quietChoices = 0;
    fc.assert(
      fc.property(anyGame, (game) => {
        play({ ...game, steps: 400 }, (before, seat, action, after) => {
          const post = turnEnded(after.events);
          const was = new Set(halunken.toAct(before));
          const now = halunken.toAct(after);
          const someoneNew = now.some((x) => !was.has(x));
          if (someoneNew || after.round !== before.round || after.game !== before.game || halunken.isOver(after)) expect(post).toBe(true);
          if (!post) {
            // Nobody new: the same choosers minus the one who chose, or the same hirer robbing again.
            expect(now.every((x) => was.has(x))).toBe(true);
            if (action.type !== 'choose' && action.type !== 'chooseForBlackJack') expect(now).toEqual([seat]);
            else quietChoices++;
          }
          if (action.type === 'choose' && after.phase.name === 'choose' && after.round === before.round) expect(post).toBe(false);
        });
      }),
      { numRuns: 80 },
    );
    expect(quietChoices).toBeGreaterThan(50);
  });

  it('describes the rulebook example: blue 5, red 3, green 5, yellow Rum as 1', () => {
    const c = { t, players: playersAt(['Blue', 'Red', 'Green', 'Yellow'], 'blue') };
    const events: HalunkenEvent[] = [
      { type: 'chose', seat: 3, forBlackJack: false },
      {
        type: 'revealed',
        laid: [
          { piece: 0, card: 5, cancelled: true, steps: null },
          { piece: 1, card: 3, cancelled: false, steps: 3 },
          { piece: 2, card: 5, cancelled: true, steps: null },
          { piece: 3, card: RUM, cancelled: false, steps: null },
        ],
      },
      { type: 'rumNamed', piece: 3, seat: 3, number: 1 },
      { type: 'tookTavernCard', seat: 0, space: 2, card: y(4), nextTop: g(5) },
      { type: 'tookTavernCard', seat: 2, space: 7, card: r(9), nextTop: null },
      { type: 'moved', piece: 3, from: 3, to: 4, steps: 1 },
      { type: 'tookTavernCard', seat: 3, space: 4, card: v(8), nextTop: y(2) },
      { type: 'stole', seat: 3, from: 1, card: g(13), by: 'captain' },
      { type: 'displaced', piece: 1, from: 4, to: 5 },
      { type: 'moved', piece: 1, from: 5, to: 8, steps: 3 },
      { type: 'tavernEmpty', seat: 1, space: 8 },
      { type: 'roundEnded', round: 1 },
    ];
    expect(presenter.describe(events, c)).toEqual([
      '🂠 Cards revealed: Blue ~~5~~, Red **3**, Green ~~5~~, Yellow **Rum**. Struck-out cards are equal and cancel: those captains stay.',
      "🥃 Yellow's Rum counts as 1.",
      'Blue stays at tavern 3 and hires 🟡 Yellow 4.',
      'Green stays at tavern 8 and hires 🔴 Red 9.',
      'Yellow moves 1 from tavern 4 to tavern 5 and hires 🟣 Violet 8.',
      'Yellow takes ⚪ Grey 13 from Red.',
      'Red is pushed on to tavern 6.',
      'Red moves 3 from tavern 6 to tavern 9; the tavern is empty.',
    ]);
  });

  it("describes Black Jack's auction, robberies and gifts, the scoring and a resignation", () => {
    const lines = presenter.describe(
      [
        { type: 'roundStarted', round: 2 },
        { type: 'auctionStarted', seat: 2 },
        { type: 'passed', seat: 2 },
        { type: 'bid', seat: 3, card: y(3) },
        { type: 'bid', seat: 0, card: g(5) },
        { type: 'passed', seat: 1, couldNotBid: true },
        { type: 'hired', seat: 0, card: g(5) },
        { type: 'blackJackMoved', card: 8, from: 0, to: 9, passed: [1, 0, 2], hirer: 0 },
        { type: 'stole', seat: 0, from: 1, card: r(15), by: 'blackJack' },
        { type: 'noSteal', seat: 0, from: 2, by: 'blackJack', reason: 'moreCards' },
        { type: 'notHired' },
        { type: 'gave', seat: 2, card: y(1) },
        { type: 'noSteal', seat: null, from: 3, by: 'blackJack', reason: 'noCards' },
        { type: 'tookFromHarbour', seat: 1, card: y(1) },
        { type: 'harbourEmpty', seat: 3 },
        { type: 'declinedSteal', seat: 1, from: 2 },
        { type: 'noSteal', seat: 1, from: 0, by: 'captain', reason: 'moreCards' },
        { type: 'rumNamed', piece: BLACK_JACK, seat: null, number: 6 },
        { type: 'resigned', seat: 3, removed: [y(2), y(3)] },
        {
          type: 'gameScored',
          game: 2,
          games: 3,
          scores: [{ cards: 3, sum: 20, doubled: 'red', bonus: 15, score: 35 }, null, { cards: 0, sum: 0, doubled: null, bonus: 0, score: 0 }, null],
          totals: [80, 40, 12, 0],
        },
        { type: 'gameOver', reason: 'tooFewPlayers' },
      ],
      ctx,
    );
    expect(lines).toEqual([
      '**Round 2 of 8**',
      'Auction for Black Jack: Cees bids first.',
      'Cees passes.',
      'Dirk offers 🟡 Yellow 3.',
      'Anne offers ⚪ Grey 5.',
      // Never asked: nothing in his crew beat Anne's offer.
      'Bart cannot bid (no sailor worth enough).',
      '🏴‍☠️ **Anne hires Black Jack** for this round and pays ⚪ Grey 5 into the harbour.',
      '🏴‍☠️ Black Jack turns up his 8 and goes from tavern 1 to tavern 10, passing Bart, Anne and Cees, working for Anne.',
      'Black Jack robs Bart for Anne: 🔴 Red 15.',
      'Black Jack may not rob Cees for Anne: Cees holds fewer sailors.',
      'Nobody hires Black Jack this round: he robs for the harbour.',
      'Cees gives 🟡 Yellow 1 to Black Jack (into the harbour).',
      'Dirk has no sailor to give Black Jack.',
      'Bart takes 🟡 Yellow 1 from the harbour.',
      'Dirk meets Black Jack, but the harbour is empty.',
      "Bart leaves Cees's crew alone.",
      'Bart may not steal from Anne: Bart holds more sailors.',
      "🥃 Black Jack's Rum counts as 6 (drawn at random: nobody hired him).",
      'Dirk is out of the game; their 2 sailors leave play.',
      // The last game's scores are left to the final ranking (its breakdown): no line repeats them.
      'Only Anne and Cees are still playing, too few to go on: the long game ends here, and game 2 is scored as it stands.',
    ]);
  });

  it('a long game scores each game but the last by colour, saying which game; the last is left to the final ranking', () => {
    const c = ctxFor(3);
    const anne = { cards: 4, sum: 46, doubled: 'yellow' as const, bonus: 22, score: 68 };
    const cees = { cards: 1, sum: 5, doubled: 'grey' as const, bonus: 5, score: 10 };
    const crews = [[y(10), y(12), g(9), r(15)], [], [g(5)]];
    const first = presenter.describe([{ type: 'gameScored', game: 1, games: 3, scores: [anne, null, cees], crews, totals: [68, 0, 10] }], c);
    // Game 1: the totals would repeat the scores; Bart, who left, is not scored again.
    expect(first).toEqual(['**Scoring of game 1 of 3**', '• ■ Anne: 2 × 22 yellow + 9 grey + 15 red = **68**.', '• ● Cees: 2 × 5 grey = **10**.']);
    const second = presenter.describe(
      [
        {
          type: 'gameScored',
          game: 2,
          games: 3,
          scores: [cees, null, anne],
          crews: [crews[2] as SailorCard[], [], crews[0] as SailorCard[]],
          totals: [78, 0, 78],
        },
      ],
      c,
    );
    expect(second.at(-1)).toBe('Totals after game 2: ■ Anne 78, ▲ Bart 0, ● Cees 78.');
    // Stored before the crews were recorded: the doubled colour and the rest; before `games` was: a long game all the same.
    const old = presenter.describe([{ type: 'gameScored', game: 1, scores: [anne, null, cees], totals: [68, 0, 10] }], c);
    expect(old.slice(0, 2)).toEqual(['**Scoring of game 1 of 3**', '• ■ Anne: 2 × 22 yellow + 24 in other colours = **68**.']);
    // The last game's scoring, followed by the end: nothing here, the ranking says it.
    expect(
      presenter.describe(
        [
          { type: 'gameScored', game: 1, games: 1, scores: [anne, null, cees], crews, totals: [68, 0, 10] },
          { type: 'gameOver', reason: 'finished' },
        ],
        c,
      ),
    ).toEqual([]);
  });

  it('a post during the choice (after a resignation) says who has chosen, never what', () => {
    const lines = presenter.describe(
      [
        { type: 'chose', seat: 0, forBlackJack: false },
        { type: 'chose', seat: 0, forBlackJack: true },
        { type: 'chose', seat: 2, forBlackJack: false },
        { type: 'chose', seat: 3, forBlackJack: false },
        { type: 'resigned', seat: 1, removed: [] },
      ],
      ctx,
    );
    expect(lines).toEqual([
      'Anne has chosen a movement card.',
      "Anne has chosen Black Jack's card too.",
      'Cees and Dirk have chosen their movement cards.',
      'Bart is out of the game.',
    ]);
  });
});
