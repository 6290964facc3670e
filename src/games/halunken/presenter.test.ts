import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import type { Seat } from '../../engine/index.js';
import { halunken, halunkenOptions, seatRange, type HalunkenOptions, type HalunkenState, type HalunkenView } from './rules.js';
import { halunkenPresenter as presenter } from './presenter.js';
import { rulesSections } from '../../discord/commands/rules.js';
import { t, ctxFor, ctx, play, view } from './presenter-testing.js';
import { y, g, v, r } from './test-positions.js';

describe('Halunken presenter basics', () => {
  it('offers the beginner and standard games, each also as a long game, with the seat counts of the rules', () => {
    expect(presenter.variants.map((x) => x.value)).toEqual(['standard', 'beginner', 'standard-long', 'beginner-long']);
    for (const variant of presenter.variants) {
      const options = halunkenOptions.parse(variant.options);
      expect(presenter.variantOf(options)).toBe(variant);
      expect(t(variant.label)).not.toBe(variant.label);
      expect(t(variant.about)).not.toBe(variant.about);
      expect(seatRange(options)).toEqual(options.variant === 'beginner' ? { min: 3, max: 4 } : { min: 2, max: 4 });
    }
    expect(presenter.variantOf({})?.value).toBe('standard');
    expect(presenter.colours(4)).toEqual(['blue', 'green', 'red', 'yellow']);
  });

  it('has /rules in sections along the game: setup, a round, scoring, Black Jack, two players, how the bot decides', () => {
    const sections = rulesSections(t('rules.halunken'), t('game.halunken.name'));
    expect(sections.map((section) => section.title)).toEqual([
      'Halunken & Spelunken',
      'Setup',
      'A round',
      'Scoring',
      'Black Jack (standard game)',
      'Two players',
      'How this bot decides unclear cases',
    ]);
    for (const section of sections) expect(section.body.length).toBeLessThanOrEqual(4096);
    const decisions = sections.at(-1)?.body ?? '';
    for (const decision of [
      '4-11 and 15',
      'whether or not you steal',
      'optional',
      'just one possible choice',
      'opening pass',
      'random free number',
      'resigns',
      'next player',
    ]) {
      expect(decisions).toContain(decision);
    }
    const nl = rulesSections(translator('nl')('rules.halunken'), 'Halunken & Spelunken');
    expect(nl.map((section) => section.title)).toEqual([
      'Halunken & Spelunken',
      'Voorbereiding',
      'Een ronde',
      'Telling',
      'Black Jack (standaardspel)',
      'Met twee spelers',
      'Zo beslist de bot in twijfelgevallen',
    ]);
    expect(nl.find((section) => section.title === 'Telling')?.body).toContain('**Lange partij**: drie spellen achter elkaar');
  });

  it('says in the status line what the game waits for', () => {
    let s = halunken.setup({ seats: 3, seed: 'status', options: { variant: 'standard', long: true } });
    const c = ctxFor(3);
    expect(presenter.status(view(s, null), c)).toBe('Setup (game 1 of 3): Anne places a captain.');
    expect(presenter.panel(view(s, 1), [], c).text).toContain('⏳ Anne places a captain.');
    for (const space of [0, 4, 9]) s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'place', space });
    expect(presenter.status(view(s, null), c)).toMatch(/^Setup \(game 1 of 3\): (Anne|Bart|Cees) places Black Jack\.$/);
    s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'placeBlackJack', space: 12 });
    expect(presenter.status(view(s, null), c)).toMatch(/^Round 1 of 8 \(game 1 of 3\): (Anne|Bart|Cees) to bid for Black Jack \(no offer yet\)\.$/);
  });
});

describe('Halunken view through the presenter', () => {
  it('a spectator view holds no chosen card, so the board cannot show one', () => {
    let s = halunken.setup({ seats: 3, seed: 'spectator', options: { variant: 'beginner', long: false } });
    for (const space of [0, 4, 9]) s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'place', space });
    s = halunken.apply(s, 1, { type: 'choose', card: 6 });
    const spectator: HalunkenView = view(s, null);
    expect(spectator.ownChoice).toBeNull();
    expect(spectator.chosen).toEqual([false, true, false]);
    expect(JSON.stringify(spectator)).toBe(JSON.stringify(view({ ...s, choices: [null, 2, null] }, null)));
  });
});

describe('Halunken final score and endings', () => {
  /** A whole game played at random to its end. */
  function finished(options: HalunkenOptions, seats: number, seed: string): HalunkenState {
    const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seed.length * 31 + seats })[0] as fc.Stream<number>;
    const s = play({ options, seatPick: seats - seatRange(options).min, seed, steps: 5000, picks });
    expect(halunken.isOver(s)).toBe(true);
    return s;
  }

  /** The points a breakdown adds up to: "2 × 22 yellow + 9 grey" is 53; in a long game the games' points. */
  function sumOf(text: string, long: boolean): number {
    const parts = (long ? text.replace(/ \(.*\)/g, '') : text).split(' + ');
    return parts.reduce((sum, part) => {
      const doubled = /^2 × (\d+) /.exec(part);
      return sum + (doubled ? 2 * Number(doubled[1]) : Number(/^(\d+)/.exec(part)?.[1] ?? NaN));
    }, 0);
  }

  it('breaks each final score down by colour, the doubled colour counted twice, adding up to the score', () => {
    for (const [seats, seed] of [
      [3, 'x'],
      [4, 'y'],
    ] as const) {
      const s = finished({ variant: 'beginner', long: false }, seats, seed);
      const c = ctxFor(seats);
      const result = halunken.result(s);
      for (let seat = 0; seat < seats; seat++) {
        const text = presenter.breakdown?.(view(s, null), seat, c) as string;
        expect(text).toMatch(/^2 × \d+ (yellow|grey|violet|red)( \+ \d+ (yellow|grey|violet|red))*$/);
        expect(sumOf(text, false)).toBe(result?.scores[seat]);
      }
    }
    // One crew spelled out: yellow 10 + 12 doubled, grey 9, red 15 (violet: none).
    const s = finished({ variant: 'beginner', long: false }, 3, 'z');
    const crews = [[r(15), y(10), g(9), y(12)], [v(3)], []];
    const spelled: HalunkenState = { ...s, crews };
    expect(presenter.breakdown?.(view(spelled, null), 0, ctxFor(3))).toBe('2 × 22 yellow + 9 grey + 15 red');
    expect(presenter.breakdown?.(view(spelled, null), 1, ctxFor(3))).toBe('2 × 3 violet');
    expect(presenter.breakdown?.(view(spelled, null), 2, ctxFor(3))).toBe('no sailors');
    expect(presenter.breakdown?.(view(spelled, null), 0, { ...ctxFor(3), t: translator('nl') })).toBe('2 × 22 geel + 9 grijs + 15 rood');
  });

  it('in a long game gives the points of each game, the last one by colour', () => {
    const s = finished({ variant: 'standard', long: true }, 3, 'long');
    const c = ctxFor(3);
    const result = halunken.result(s);
    for (let seat = 0; seat < 3; seat++) {
      const text = presenter.breakdown?.(view(s, null), seat, c) as string;
      expect(text).toMatch(/^\d+ in game 1 \+ \d+ in game 2 \+ \d+ in game 3 \((2 × \d+ \w+( \+ \d+ \w+)*|no sailors)\)$/);
      expect(sumOf(text, true)).toBe(result?.scores[seat]);
      const last = /in game 3 \((.*)\)$/.exec(text)?.[1] as string;
      expect(last === 'no sailors' ? 0 : sumOf(last, false)).toBe(s.gameScores[2]?.[seat]);
    }
    expect(presenter.breakdown?.(view(s, null), 0, { ...c, t: translator('nl') })).toMatch(/^\d+ in spel 1 \+ \d+ in spel 2 \+ \d+ in spel 3 \(/);
  });

  it('when the others leave, every text says so: the post lines, the status, the panel and the ranking', () => {
    const c = ctxFor(3);
    const nlCtx = { ...c, t: translator('nl') };
    let s = halunken.setup({ seats: 3, seed: 'leave', options: { variant: 'standard', long: false } });
    for (const space of [0, 4, 9]) s = halunken.apply(s, halunken.toAct(s)[0] as Seat, { type: 'place', space });
    s = halunken.resign(s, 1);
    expect(halunken.isOver(s)).toBe(false);
    expect(presenter.describe(view(s, null).events, c)).toEqual(['Bart is out of the game; their only sailor leaves play.']);
    s = halunken.resign(s, 2);
    expect(halunken.isOver(s)).toBe(true);
    const lines = presenter.describe(view(s, null).events, c);
    expect(lines).toEqual([
      'Cees is out of the game; their only sailor leaves play.',
      'Only Anne is still playing: the game ends here and is scored as it stands.',
    ]);
    expect(presenter.describe(view(s, null).events, nlCtx)).toEqual([
      'Cees doet niet meer mee; de enige matroos van Cees gaat uit het spel.',
      'Alleen Anne speelt nog: de partij eindigt hier en de stand wordt meteen geteld.',
    ]);
    expect(presenter.status(view(s, null), c)).toBe('The game is over: everyone else left.');
    expect(presenter.status(view(s, null), nlCtx)).toBe('De partij is afgelopen: alle anderen zijn vertrokken.');
    const score = halunken.result(s)?.scores[0] as number;
    expect(presenter.panel(view(s, 0), [], c).text).toContain(
      `The game is over: everyone else left. Final score: Anne ${score}, Bart 0 (left), Cees 0 (left).`,
    );
    expect(presenter.panel(view(s, 1), [], nlCtx).text).toContain(
      `De partij is afgelopen: alle anderen zijn vertrokken. Eindstand: Anne ${score}, Bart 0 (vertrokken), Cees 0 (vertrokken).`,
    );
    expect(presenter.breakdown?.(view(s, null), 0, c)).toMatch(/^2 × \d+ \w+$/);
    // That they left, the ranking line says (post-content.ts): nothing more to account for.
    expect(presenter.breakdown?.(view(s, null), 1, c)).toBe('');
    expect(presenter.breakdown?.(view(s, null), 2, nlCtx)).toBe('');
    // Nothing claims a game played to its end.
    for (const text of [...lines, presenter.status(view(s, null), c)]) expect(text).not.toMatch(/8 rounds|Scoring|round 8/i);
  });

  it('two players: one leaves and the other is left alone; four: two leave and too few remain', () => {
    let two = halunken.setup({ seats: 2, seed: 'two-leave', options: { variant: 'standard', long: true } });
    two = halunken.resign(two, 1);
    expect(presenter.describe(view(two, null).events, ctxFor(2)).at(-1)).toBe(
      'Only Anne is still playing: the long game ends here, and game 1 is scored as it stands.',
    );
    expect(presenter.breakdown?.(view(two, null), 1, ctxFor(2))).toBe('');
    let four = halunken.setup({ seats: 4, seed: 'four-leave', options: { variant: 'beginner', long: false } });
    four = halunken.resign(four, 3);
    four = halunken.resign(four, 0);
    expect(presenter.describe(view(four, null).events, ctx).at(-1)).toBe(
      'Only Bart and Cees are still playing, too few to go on: the game ends here and is scored as it stands.',
    );
    expect(presenter.status(view(four, null), ctx)).toBe('The game is over: too few players are left.');
  });

  it('a long game a player left after game 1 keeps his points from it', () => {
    let s = finished({ variant: 'beginner', long: true }, 4, 'kept');
    // Dirk left during game 2: he scored in game 1 only.
    const game1 = s.gameScores[0]?.[3] as number;
    s = {
      ...s,
      resigned: [false, false, false, true],
      gameScores: s.gameScores.map((row, i) => (i === 0 ? row : row.map((score, seat) => (seat === 3 ? 0 : score)))),
    };
    expect(presenter.breakdown?.(view(s, null), 3, ctx)).toBe(`${game1} in game 1`);
  });
});
