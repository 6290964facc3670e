import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator, type Translate } from '../../i18n/index.js';
import type { Seat } from '../../engine/index.js';
import { honderden, honderdenOptions, type Card, type HonderdenState } from './rules.js';
import { cardText, honderdenPresenter as presenter } from './presenter.js';
import { t, NAMES, ctxFor, play, view } from './presenter-testing.js';

describe('Honderden cards as text', () => {
  it('takes the rank letters from the catalogue, so each language writes its own', () => {
    expect(['7S', 'TH', 'JC', 'QD', 'KS', 'AH'].map((card) => cardText(t, card as Card))).toEqual(['7♠', '10♥', 'J♣', 'Q♦', 'K♠', 'A♥']);
    const letters: Record<string, string> = { 'honderden.rank-letter.J': 'B', 'honderden.rank-letter.Q': 'V', 'honderden.rank-letter.K': 'H' };
    const dutch: Translate = (key, params) => letters[key] ?? t(key, params);
    expect(['TH', 'JC', 'QD', 'KS', 'AH'].map((card) => cardText(dutch, card as Card))).toEqual(['10♥', 'B♣', 'V♦', 'H♠', 'A♥']);
  });
});

describe('Honderden status', () => {
  it('says whose turn it is and what lies in the trick', () => {
    const c = ctxFor(2);
    let s = honderden.setup({ seats: 2, seed: 'status', options: { target: 5 } });
    const leader = honderden.toAct(s)[0] as Seat;
    const trump = cardText(t, `A${s.trump}`).slice(1);
    expect(presenter.status(view(s, null), c)).toBe(`Hand 1 (game 1), trump ${trump}, trick 1 of 16: ${NAMES[leader]} leads.`);
    const card = (honderden.legalActions(s, leader).find((a) => a.type === 'play') as { card: Card }).card;
    s = honderden.apply(s, leader, { type: 'play', card });
    expect(presenter.status(view(s, null), c)).toBe(
      `Hand 1 (game 1), trump ${trump}, trick 1 of 16: ${NAMES[1 - leader]} to play (${NAMES[leader]} ${cardText(t, card)}).`,
    );
    const over: HonderdenState = { ...s, phase: 'over', winner: 1, gamePoints: [2, 5] };
    expect(presenter.status(view(over, null), c)).toBe('The match is over: Bart won with 5 game points.');
  });
});

describe('Honderden endings', () => {
  /** A two-player match to 5 in which one player has won the first hand and 2 game points. */
  function oneHandWon(): HonderdenState {
    const s = honderden.setup({ seats: 2, seed: 'ending', options: { target: 5 } });
    // Whoever is to act first (as if he had won a worthless trick) claims wrongly: the other wins the hand, onder Jan.
    const first = honderden.toAct(s)[0] as Seat;
    return honderden.apply({ ...s, won: s.won.map((w, seat) => (seat === first ? ['7S'] : w)) }, first, { type: 'claim' });
  }

  it('says in every text that the last player left won because the other left, in both languages', () => {
    const s = oneHandWon();
    const winner = s.gamePoints.findIndex((p) => p > 0);
    const leaver = 1 - winner;
    const over = honderden.resign(s, leaver);
    const c = ctxFor(2);
    const [w, l] = [NAMES[winner], NAMES[leaver]];
    expect(presenter.describe(view(over, null).events, c)).toEqual([`${l} is out of the match. 🏆 **${w} wins the match** as the only player left.`]);
    expect(presenter.status(view(over, null), c)).toBe(`The match is over: ${w} won as the only player left.`);
    expect(presenter.panel(view(over, winner), [], c).text).toContain(`The match is over: ${w} won as the only player left. Final standings:`);
    expect(presenter.panel(view(over, leaver), [], c).text).toContain(`The match is over: ${w} won as the only player left.`);
    const nl = { ...c, t: translator('nl') };
    expect(presenter.describe(view(over, null).events, nl)).toEqual([`${l} doet niet meer mee. 🏆 **${w} wint de partij** als enige die nog meedoet.`]);
    expect(presenter.status(view(over, null), nl)).toBe(`De partij is afgelopen: ${w} heeft gewonnen als enige die nog meedeed.`);
    for (const text of [...presenter.describe(view(over, null).events, c), presenter.status(view(over, null), c)])
      expect(text).not.toMatch(/with \d+ game points?/);
    // The final account: the winner's game points hand by hand (that the other left, the ranking line says).
    expect(presenter.breakdown?.(view(over, null), winner, c)).toBe('2 game points for hand 1 (onder Jan)');
    expect(presenter.breakdown?.(view(over, null), winner, nl)).toBe('2 spelpunten voor hand 1 (onder Jan)');
    expect(presenter.breakdown?.(view(over, null), leaver, c)).toBe('no hand won');
    expect(presenter.breakdown?.(view(over, null), leaver, nl)).toBe('geen hand gewonnen');
  });

  it("breaks each player's game points down by hand on a finished match: onder Jan, pit, roem won at once", () => {
    const c = ctxFor(3);
    const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: 5 })[0] as fc.Stream<number>;
    const s = play({ seats: 3, seed: 'account', target: 5, steps: 20000, picks, resigns: false });
    expect(honderden.isOver(s)).toBe(true);
    const v = view(s, null);
    for (let seat = 0; seat < 3; seat++) {
      const text = presenter.breakdown?.(v, seat, c) ?? '';
      // "2 game points for hand 3 (onder Jan) + 1 game point for 100 roem in hand 5": the numbers add up to the game points.
      const gained = text === 'no hand won' ? [] : text.split(' + ').map((part) => Number(/^(\d+) game points? for /.exec(part)?.[1]));
      expect(
        gained.reduce((a, b) => a + b, 0),
        text,
      ).toBe(s.gamePoints[seat]);
      for (const part of gained.length > 0 ? text.split(' + ') : [])
        expect(part).toMatch(/^\d+ game points? for (hand \d+( \((onder Jan|pit|onder Jan, pit)\))?|\d+ roem in hand \d+)$/);
    }
    // Hand by hand, in the order they were won.
    const awards = v.awards ?? [];
    expect(awards.map((a) => a.hand)).toEqual([...awards.map((a) => a.hand)].sort((a, b) => a - b));
    expect(
      presenter.breakdown?.(
        {
          ...v,
          awards: [
            { seat: 0, hand: 2, gained: 3, reason: 'hand', onderJan: true, pit: true, roem: 0 },
            { seat: 0, hand: 4, gained: 1, reason: 'roem', onderJan: false, pit: false, roem: 120 },
          ],
          gamePoints: [4, 0, 0],
        },
        0,
        c,
      ),
    ).toBe('3 game points for hand 2 (onder Jan, pit) + 1 game point for 120 roem in hand 4');
    // A game stored before the awards were kept has no account.
    expect(presenter.breakdown?.({ ...v, awards: null }, 0, c)).toBe('');
  });
});

describe('Honderden presenter basics', () => {
  it('offers matches to 5 (the default), 3 and 10 game points and a single game, for 2 or 3 players', () => {
    expect(presenter.variants.map((v) => v.value)).toEqual(['to-5', 'to-3', 'to-10', 'one-game']);
    for (const variant of presenter.variants) {
      const options = honderdenOptions.parse(variant.options);
      expect(presenter.variantOf(options)).toBe(variant);
      expect(t(variant.label)).not.toBe(variant.label);
      expect(t(variant.about)).not.toBe(variant.about);
    }
    expect(presenter.variantOf({})?.value).toBe('to-5');
    expect(presenter.variantOf({ target: 7 })).toBeUndefined();
    expect([honderden.minSeats, honderden.maxSeats]).toEqual([2, 3]);
    expect(presenter.colours(3)).toEqual(['blue', 'yellow', 'purple']);
    expect(t(presenter.score, { score: 3 })).toBe('3 game points');
  });

  it("has /rules in sections along the game's parts, in both languages, each fitting an embed", () => {
    const titles = (text: string) => [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    const en = t('rules.honderden');
    const nl = translator('nl')('rules.honderden');
    expect(titles(en)).toEqual([
      'Cards and tricks',
      'Two players',
      'Three players',
      'Roem',
      'Stuk and "ik dek"',
      'Scoring',
      'How the bot decides unclear cases',
    ]);
    expect(titles(nl)).toEqual([
      'Kaarten en slagen',
      'Twee spelers',
      'Drie spelers',
      'Roem',
      'Stuk en "ik dek"',
      'Punten',
      'Zo beslist de bot in twijfelgevallen',
    ]);
    for (const text of [en, nl]) {
      // The opening paragraph, then the sections; the whole still fits one embed.
      expect(text.length).toBeLessThanOrEqual(4096);
      expect(text.split(/^## /m)[0]?.trim().length).toBeGreaterThan(50);
    }
    const rules = en;
    for (const term of ['**Jas**', '**Nel**', '**Stuk**', '"Ik dek"', '**onder Jan**', '**pit**', 'dat keur ik af', '**reject**'])
      expect(rules).toContain(term);
    for (const decision of [
      'How the bot decides unclear cases',
      'first dealer is random',
      'before anything else',
      'One roem statement each',
      'best against best',
      'carré counts as trump',
      'spent on its won hand',
      'own turn only',
      'never a pit',
      'two-player rules',
      'never shows running points',
      'asks you to confirm it first',
      'takes the hidden card unseen',
      'whoever gets the hidden card shows it',
      'is told after its third card',
      'may reject blind',
    ]) {
      expect(rules).toContain(decision);
    }
  });
});
