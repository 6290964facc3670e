import { describe, expect, it } from 'vitest';
import { translator } from '../../i18n/index.js';
import { finalScoring, shanghaien, type ShanghaienAction, type ShanghaienState } from './rules.js';
import { shanghaienPresenter as presenter } from './presenter.js';
import { rulesSections } from '../../discord/commands/rules.js';
import { ctx, play, t, view } from './presenter-testing.js';
import { sailor } from './test-positions.js';

describe('Shanghaien presenter basics', () => {
  it('has one variant, two colours, a status line and a /rules text that fits an embed', () => {
    expect(presenter.variants.map((v) => v.value)).toEqual(['standard']);
    expect(presenter.variantOf({})?.value).toBe('standard');
    expect(shanghaien.options.parse(presenter.variants[0]?.options)).toEqual({});
    expect(presenter.colours(2)).toHaveLength(2);
    const s = play('status', 0, 0);
    expect(presenter.status(view(s, null), ctx)).toMatch(/^Round 1 of 8, (Anne|Marc) to roll\. Dice in supply: ● Anne 6, ■ Marc 6\.$/);
    const rules = t('rules.shanghaien');
    expect(rules.length).toBeLessThanOrEqual(4096);
    for (const decision of ['British', '3 × ±1', 'drawn at random', 'worth 2', 'before any dirty trick', 'share', 'resigns']) expect(rules).toContain(decision);
  });

  it('/rules comes in sections along the game: the tavern, a turn, handing out, dirty tricks, scoring, the rulings', () => {
    const titles = (locale: 'en' | 'nl') => rulesSections(translator(locale)('rules.shanghaien'), 'Shanghaien').map((section) => section.title);
    expect(titles('en')).toEqual([
      'Shanghaien',
      'The tavern',
      'Your turn',
      'Handing out the cards',
      'Dirty tricks',
      'Scoring',
      'How the bot decides unclear cases',
    ]);
    expect(titles('nl')).toEqual([
      'Shanghaien',
      'De kroeg',
      'Jouw beurt',
      'De kaarten verdelen',
      'Smerige trucs',
      'Eindtelling',
      'Zo beslist de bot in twijfelgevallen',
    ]);
  });
});

describe('Shanghaien endings', () => {
  /** A whole game of random legal play, to its last round. */
  function finished(seed: string): ShanghaienState {
    let s = shanghaien.setup({ seats: 2, seed, options: {} });
    for (let i = 0; !shanghaien.isOver(s); i++) {
      const legal = shanghaien.legalActions(s, s.current);
      s = shanghaien.apply(s, s.current, legal[(i * 7) % legal.length] as ShanghaienAction);
    }
    return s;
  }

  it('breaks each final score down as the rulebook adds it up, and the parts make the score', () => {
    for (const seed of ['breakdown 1', 'breakdown 2', 'breakdown 3']) {
      const s = finished(seed);
      const spectator = view(s, null);
      const result = shanghaien.result(s);
      for (const seat of [0, 1]) {
        const text = presenter.breakdown?.(spectator, seat, ctx) ?? '';
        const score = result?.scores[seat] as number;
        if (score === 0) expect(text).toBe('');
        else expect(text).toMatch(/^\d+ \((Americans|French|Germans|Chinese|Dutch|Spaniards|Italians|Brits|dirty tricks?)\)( \+ \d+ \([A-Za-z ]+\))*$/);
        const parts = [...text.matchAll(/(\d+) \(/g)].map((m) => Number(m[1]));
        expect(parts.reduce((a, b) => a + b, 0)).toBe(score);
      }
      // The post's last lines: the final scoring per nationality, no totals line (the ranking gives them).
      const lines = presenter.describe(s.events, ctx);
      expect(lines).toContain('**Final scoring**');
      expect(lines.some((l) => l.startsWith('Total'))).toBe(false);
      const winners = result?.ranking[0] as number[];
      expect(presenter.status(spectator, ctx)).toMatch(
        winners.length === 2
          ? /^The game is over: a draw/
          : new RegExp(`^The game is over: ${ctx.players[winners[0] as number]?.name} wins with \\d+ to \\d+\\.$`),
      );
    }
    // Singular: one trick card is "1 (dirty trick)", in Dutch too.
    const scoring = finalScoring([
      { sailors: [sailor('french', 3)], jokers: [], tricks: [{ kind: 'trick', effect: 'adjust' }] },
      { sailors: [sailor('french', 1)], jokers: [], tricks: [] },
    ]);
    const over = { ...view(finished('singular'), null), scoring };
    expect(presenter.breakdown?.(over, 0, ctx)).toBe('1 (French) + 1 (dirty trick)');
    expect(presenter.breakdown?.(over, 0, { ...ctx, t: translator('nl') })).toBe('1 (Fransen) + 1 (smerige truc)');
    expect(presenter.breakdown?.(over, 1, ctx)).toBe('');
  });

  it('says the game ended because the other left, in every text and both languages, never that he won on points', () => {
    // Marc (seat 1) leaves after a few turns (by resigning, or removed when his time ran out: the same move).
    let s = play('leaves', 12, 3);
    s = shanghaien.resign(s, 1);
    const nl = { ...ctx, t: translator('nl') };
    const spectator = view(s, null);
    expect(presenter.describe(s.events, ctx)).toEqual(['Marc is out of the game: Anne is the only captain left and wins.']);
    expect(presenter.describe(s.events, nl)).toEqual(['Marc doet niet meer mee: Anne blijft als enige kapitein over en wint.']);
    expect(presenter.status(spectator, ctx)).toBe('Marc is out of the game: Anne wins.');
    expect(presenter.status(spectator, nl)).toBe('Marc doet niet meer mee: Anne wint.');
    for (const seat of [0, 1]) {
      const en = presenter.panel(view(s, seat), [], ctx).text;
      expect(en).toMatch(/Marc is out of the game: Anne wins\. Points at that moment: ● Anne \d+, ■ Marc \d+\./);
      expect(en).not.toContain('Final score');
      const dutch = presenter.panel(view(s, seat), [], nl).text;
      expect(dutch).toMatch(/Marc doet niet meer mee: Anne wint\. Punten op dat moment: ● Anne \d+, ■ Marc \d+\./);
      expect(dutch).not.toContain('Eindstand');
    }
    // The ranking's breakdown is what each had collected then.
    const scores = shanghaien.result(s)?.scores ?? [];
    for (const seat of [0, 1]) {
      const parts = [...(presenter.breakdown?.(spectator, seat, ctx) ?? '').matchAll(/(\d+) \(/g)].map((m) => Number(m[1]));
      expect(parts.reduce((a, b) => a + b, 0)).toBe(scores[seat]);
    }
  });
});
