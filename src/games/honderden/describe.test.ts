import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { honderden, type HandResult, type HonderdenEvent, type Play } from './rules.js';
import { honderdenPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { ctxFor, anyGame, play, view } from './presenter-testing.js';

describe('Honderden posts', () => {
  it('posts once a trick, hand or the match ends (and after roem answers, claims, leaving); quiet steps leave the same player to act or open a trick', () => {
    let quiet = 0;
    let openTrick = 0;
    fc.assert(
      fc.property(anyGame, (game) => {
        play(game, (after, before, seat, action) => {
          const post = turnEnded(view(after, null).events);
          const now = honderden.toAct(after);
          if (action === null || honderden.isOver(after) || after.tricksPlayed !== before.tricksPlayed || after.hand !== before.hand) {
            expect(post).toBe(true);
          }
          if (!post) {
            quiet++;
            expect(['swap', 'declare', 'reject', 'stuk', 'take', 'takeHidden', 'play']).toContain(action?.type);
            // A card that leaves its trick open passes the turn without a post; any other quiet step keeps it.
            if (action?.type === 'play') openTrick++;
            else expect(now).toEqual([seat]);
          }
        });
      }),
      { numRuns: 60 },
    );
    expect(quiet).toBeGreaterThan(10);
    expect(openTrick).toBeGreaterThan(10);
  });

  it('describes every kind of event, each post in at most three lines', () => {
    const c = ctxFor(3);
    const result: HandResult = {
      hand: 4,
      game: 2,
      handInGame: 2,
      ending: 'playedOut',
      claimer: null,
      points: [
        { carried: 40, cards: 62, roem: 20, stuk: 20, lastTrick: 5, total: 147 },
        { carried: 12, cards: 30, roem: 0, stuk: 0, lastTrick: 0, total: 42 },
        { carried: 20, cards: 25, roem: 0, stuk: 0, lastTrick: 0, total: 45 },
      ],
      tricksWon: [5, 2, 1],
      winner: 0,
      gamePoints: 2,
      onderJan: true,
      pit: false,
      next: 'newGame',
    };
    const trick1: Play[] = [
      { seat: 0, card: 'AS' },
      { seat: 1, card: '7S' },
      { seat: 2, card: 'JH' },
    ];
    const dealt = (hand: number, handInGame: number, rules: 'two' | 'three', replay = false): HonderdenEvent => ({
      type: 'handDealt',
      hand,
      game: 1,
      handInGame,
      rules,
      dealer: 2,
      leader: 0,
      trump: 'S',
      turnedUp: 'QS',
      replay,
    });
    /** Each case: the events of one post, and its lines. */
    const posts: [HonderdenEvent[], string[]][] = [
      [[dealt(1, 1, 'two')], ['**Hand 1** (game 1) · Cees deals and turns up **Q♠**: trump is **♠**. The card lies open under the stock; Anne leads.']],
      [[dealt(2, 2, 'three')], ['**Hand 2** (game 1 goes on) · Cees deals; the last card, **Q♠**, goes face up to Cees: trump is **♠**. Anne leads.']],
      [
        [dealt(3, 2, 'two', true)],
        ['**Hand 3** (game 1, the tied hand again) · Cees deals and turns up **Q♠**: trump is **♠**. The card lies open under the stock; Anne leads.'],
      ],
      // A turn of many steps is one line.
      [
        [
          { type: 'swapped', seat: 0, took: 'TH', gave: '7H' },
          { type: 'declared', seat: 0, roem: { kind: 'carre' } },
          { type: 'declared', seat: 0, roem: { kind: 'sequence', length: 3, top: 'Q' } },
          { type: 'stuk', seat: 0, cards: ['KH', 'QH'] },
          { type: 'played', seat: 0, card: 'AS' },
        ],
        ['🔁 Anne swaps the trump 7 for the open **10♥**, declares roem **carré** + **3 on the queen**, declares **stuk** (K♥ Q♥, 20) and plays **A♠**.'],
      ],
      [
        [
          { type: 'rejecting', seat: 1, of: 0, roem: { kind: 'sequence', length: 5, top: 'K' } },
          { type: 'played', seat: 1, card: '7S' },
          { type: 'rejection', seat: 1, of: 0, success: true },
        ],
        ["📣 Bart rejects Anne's roem with **5 on the king** (\"dat keur ik af\") and plays **7♠**. Bart's roem is higher: Anne's roem is void this hand."],
      ],
      // The card that completes a trick is told in the trick's line.
      [
        [
          { type: 'played', seat: 2, card: 'JH' },
          { type: 'trickWon', seat: 2, trick: 1, plays: trick1, last: false },
          { type: 'drew', seat: 2, card: null },
          { type: 'drew', seat: 0, card: null },
        ],
        ['➡️ Cees wins trick 1: Anne A♠, Bart 7♠, Cees **J♥**. Cees and Anne draw from the stock.'],
      ],
      [[{ type: 'noRejection', seat: 2 }], ['Cees lets the roem stand.']],
      [
        [
          { type: 'rejecting', seat: 2, of: 1, roem: { kind: 'carre' } },
          { type: 'rejection', seat: 2, of: 1, success: false },
        ],
        ["📣 Cees rejects Bart's roem with **carré** (\"dat keur ik af\"). Cees's roem is not higher: the rejection counts nothing and Bart's roem stands."],
      ],
      // Three players' roem before the first trick is complete, as a spectator sees it, then told.
      [
        [
          { type: 'declared', seat: 0, roem: null },
          { type: 'played', seat: 0, card: 'AS' },
        ],
        ['📣 Anne declares roem (told after the trick) and plays **A♠**.'],
      ],
      [
        [
          { type: 'rejecting', seat: 1, of: null, roem: null },
          { type: 'played', seat: 1, card: '7S' },
        ],
        ['📣 Bart rejects ("dat keur ik af"; told after the trick) and plays **7♠**.'],
      ],
      [
        [
          { type: 'played', seat: 2, card: 'JH' },
          { type: 'trickWon', seat: 2, trick: 1, plays: trick1, last: false },
          {
            type: 'roemTold',
            statements: [
              { seat: 0, kind: 'declare', of: null, categories: [{ kind: 'sequence', length: 3, top: 'Q' }], status: 'rejected' },
              { seat: 1, kind: 'reject', of: 0, categories: [{ kind: 'carre' }], status: 'standing' },
              { seat: 2, kind: 'reject', of: 1, categories: [{ kind: 'sequence', length: 4, top: 'A' }], status: 'failed' },
            ],
          },
        ],
        [
          '➡️ Cees wins trick 1: Anne A♠, Bart 7♠, Cees **J♥**.',
          "📣 Said in the first trick: Anne declared 3 on the queen (rejected, void); Bart rejected Anne's roem with carré (stands); Cees rejected Bart's roem with 4 on the ace (rejection failed, counts nothing).",
        ],
      ],
      [
        [
          { type: 'noRejection', seat: 0 },
          {
            type: 'roemShown',
            statements: [
              { seat: 0, kind: 'declare', of: null, combos: [{ kind: 'carre', rank: 'Q', cards: ['QS', 'QH', 'QC', 'QD'] }], points: 100, status: 'rejected' },
              {
                seat: 1,
                kind: 'reject',
                of: 0,
                combos: [{ kind: 'sequence', suit: 'D', top: 'K', length: 5, cards: ['KD', 'QD', 'JD', 'TD', '9D'] }],
                points: 100,
                status: 'hundred',
              },
            ],
          },
          { type: 'roemHundred', seat: 1, points: 100 },
          { type: 'gamePoints', seat: 1, gained: 1, reason: 'roem', totals: [0, 1, 0] },
        ],
        [
          'Anne lets the roem stand.',
          '📣 Roem shown: Anne carré of queens (Q♠ Q♥ Q♣ Q♦) = 100 (rejected, void); Bart 5 on the king in ♦ (K♦ Q♦ J♦ 10♦ 9♦) = 100 (won a hand at once).',
          "🏆 Bart's 100 roem at once wins a hand: 1 game point. Standings: ■ Anne 0 · ◆ Bart 1 · ★ Cees 0. The hand is played on.",
        ],
      ],
      // The roem won at once ends the match: the hand is not played on.
      [
        [
          { type: 'roemHundred', seat: 1, points: 100 },
          { type: 'gamePoints', seat: 1, gained: 1, reason: 'roem', totals: [0, 5, 0] },
          { type: 'matchOver', winner: 1, reason: 'target' },
        ],
        ["🏆 Bart's 100 roem at once wins a hand: 1 game point. Standings: ■ Anne 0 · ◆ Bart 5 · ★ Cees 0.", '🏆 **Bart wins the match** with 5 game points.'],
      ],
      // The last draw (version 1, then version 2) and the second part.
      [
        [
          {
            type: 'trickWon',
            seat: 0,
            trick: 7,
            plays: [
              { seat: 1, card: 'KC' },
              { seat: 0, card: 'AC' },
            ],
            last: false,
          },
          { type: 'hiddenShown', card: '8C', open: '7H', chooser: 0 },
        ],
        [
          '➡️ Anne wins trick 7: Bart K♣, Anne **A♣**. The last hidden card is shown: **8♣**. Anne takes it or the open trump card **7♥**; the other player gets the other one.',
        ],
      ],
      [
        [
          { type: 'took', seat: 0, card: '7H' },
          { type: 'took', seat: 1, card: '8C' },
        ],
        ['Anne takes **7♥**; Bart gets **8♣**.'],
      ],
      [
        [
          { type: 'played', seat: 1, card: 'AC' },
          {
            type: 'trickWon',
            seat: 0,
            trick: 7,
            plays: [
              { seat: 0, card: 'KC' },
              { seat: 1, card: 'AC' },
            ],
            last: false,
          },
          { type: 'lastDraw', open: '7H', chooser: 1 },
        ],
        [
          '➡️ Anne wins trick 7: Anne **K♣**, Bart A♣. One hidden card is left beside the open trump card **7♥**: Bart takes one of the two without seeing the hidden one; the other player gets the other.',
        ],
      ],
      [
        [
          { type: 'took', seat: 0, card: '7H', hidden: false },
          { type: 'took', seat: 1, card: '8C', hidden: true },
          { type: 'stockEmpty' },
          { type: 'played', seat: 0, card: 'KD' },
        ],
        [
          'Anne takes **7♥**, the open trump card; Bart gets the hidden card and shows it: **8♣**. The stock is empty: from now on follow suit or trump.',
          'Anne plays **K♦**.',
        ],
      ],
      [
        [{ type: 'took', seat: 1, card: '8C', hidden: true }, { type: 'took', seat: 0, card: '7H', hidden: false }, { type: 'stockEmpty' }],
        ['Bart takes **8♣**, the hidden card, and shows it; Anne gets the open trump card **7♥**. The stock is empty: from now on follow suit or trump.'],
      ],
      // The end of a hand: the last trick, the points and the game points, the next deal.
      [
        [
          { type: 'played', seat: 0, card: 'AC' },
          {
            type: 'trickWon',
            seat: 0,
            trick: 16,
            plays: [
              { seat: 1, card: 'KC' },
              { seat: 0, card: 'AC' },
            ],
            last: true,
          },
          { type: 'handEnded', result },
          { type: 'gamePoints', seat: 0, gained: 2, reason: 'hand', totals: [3, 1, 0] },
          dealt(5, 1, 'three'),
        ],
        [
          '➡️ Anne wins the last trick (+5): Bart K♣, Anne **A♣**.',
          '**Hand 4 is over** (played out): ■ Anne **147** · ◆ Bart 42 · ★ Cees 45. 🎉 **Anne wins the hand** and 2 game points (onder Jan). Standings: ■ Anne 3 · ◆ Bart 1 · ★ Cees 0.',
          '**Hand 5** (game 1) · Cees deals; the last card, **Q♠**, goes face up to Cees: trump is **♠**. Anne leads.',
        ],
      ],
      [
        [
          { type: 'stuk', seat: 0, cards: ['KH', 'QH'] },
          { type: 'claimed', seat: 0, points: 104, right: true },
          { type: 'handEnded', result: { ...result, ending: 'claim', claimer: 0, gamePoints: 1, onderJan: false } },
          { type: 'gamePoints', seat: 0, gained: 1, reason: 'hand', totals: [5, 1, 0] },
          { type: 'matchOver', winner: 0, reason: 'target' },
        ],
        [
          '✋ Anne declares **stuk** (K♥ Q♥, 20) and calls **"ik dek"** with 104 points: right.',
          '**Hand 4 is over**: ■ Anne **147** · ◆ Bart 42 · ★ Cees 45. 🎉 **Anne wins the hand** and 1 game point. Standings: ■ Anne 5 · ◆ Bart 1 · ★ Cees 0.',
          '🏆 **Anne wins the match** with 5 game points.',
        ],
      ],
      [
        [
          { type: 'claimed', seat: 1, points: 1, right: false },
          { type: 'handEnded', result: { ...result, winner: null, gamePoints: 0, onderJan: false, next: 'replay', ending: 'wrongClaim', claimer: 1 } },
        ],
        [
          '✋ Bart calls **"ik dek"** with only 1 point: wrong.',
          '**Hand 4 is over**: ■ Anne **147** · ◆ Bart 42 · ★ Cees 45. A tie at the top: the hand is replayed from the points it started with.',
        ],
      ],
      [
        [{ type: 'handEnded', result: { ...result, winner: null, gamePoints: 0, onderJan: false, next: 'nextHand' } }],
        ['**Hand 4 is over** (played out): ■ Anne **147** · ◆ Bart 42 · ★ Cees 45. Nobody reached 100: the points carry on into the next hand.'],
      ],
      // Leaving: three players go on as two; the last one left wins.
      [
        [{ type: 'resigned', seat: 2 }, { type: 'handAbandoned', hand: 5 }, dealt(6, 1, 'two')],
        [
          'Cees is out of the match. Hand 5 is dropped: the two players left go on with the two-player rules and keep their game points.',
          '**Hand 6** (game 1) · Cees deals and turns up **Q♠**: trump is **♠**. The card lies open under the stock; Anne leads.',
        ],
      ],
      [
        [
          { type: 'resigned', seat: 0 },
          { type: 'matchOver', winner: 1, reason: 'resigned' },
        ],
        ['Anne is out of the match. 🏆 **Bart wins the match** as the only player left.'],
      ],
      [[{ type: 'matchOver', winner: 1, reason: 'target' }], ['🏆 **Bart wins the match.**']],
    ];
    for (const [events, lines] of posts) expect(presenter.describe(events, c)).toEqual(lines);
    // Everything at once (a catch-up) still makes three lines.
    expect(
      presenter.describe(
        posts.flatMap(([events]) => events),
        c,
      ),
    ).toHaveLength(3);
  });

  it('makes one post per trick with all of its cards, of at most three lines, over whole matches', () => {
    for (const seats of [2, 3]) {
      const c = ctxFor(seats);
      const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seats * 7 })[0] as fc.Stream<number>;
      let pending: HonderdenEvent[] = [];
      let posts = 0;
      let tricks = 0;
      play({ seats, seed: `posts-${seats}`, target: 3, steps: 20000, picks, resigns: false }, (s) => {
        const events = view(s, null).events;
        pending.push(...events);
        const trick = events.find((e) => e.type === 'trickWon');
        if (trick) tricks++;
        if (!turnEnded(events)) return;
        posts++;
        const lines = presenter.describe(pending, c);
        expect(lines.length).toBeGreaterThan(0);
        expect(lines.length).toBeLessThanOrEqual(3);
        // The trick's line tells every card of it; no card gets a line of its own besides.
        if (trick) expect(lines.filter((line) => line.includes('wins trick') || line.includes('wins the last trick'))).toHaveLength(1);
        pending = [];
      });
      // Besides tricks, only roem answers, claims and the cards before them post.
      expect(posts).toBeGreaterThanOrEqual(tricks);
      expect(posts).toBeLessThanOrEqual(tricks * 1.5);
    }
  });
});
