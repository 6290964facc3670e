import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import { LINES, freibeuter, freibeuterOptions, type FreibeuterState } from './rules.js';
import { freibeuterPresenter as presenter } from './presenter.js';
import { rulesSections } from '../../discord/commands/rules.js';
import { rankingLines, scoreTextOf } from '../../discord/post-content.js';
import { NAMES, ctx, ctxFor, play, t, view } from './presenter-testing.js';

describe('Freibeuter presenter basics', () => {
  it('offers one standard game for 2 to 4 players, in colours that stand out on the sea', () => {
    expect(presenter.variants.map((x) => x.value)).toEqual(['standard']);
    const variant = presenter.variants[0]!;
    expect(presenter.variantOf(freibeuterOptions.parse(variant.options))).toBe(variant);
    expect(presenter.variantOf({})).toBe(variant);
    expect(presenter.variantOf(null)).toBeUndefined();
    expect(t(variant.label)).toBe('Standard');
    expect(t(variant.about)).not.toBe(variant.about);
    expect(presenter.colours(4)).toEqual(['red', 'yellow', 'green', 'purple']);
    expect(presenter.colours(2)).toEqual(['red', 'yellow']);
    expect(t(presenter.score, { score: 126 })).toBe('126 points');
    expect(t(presenter.name)).toBe('Freibeuter');
  });

  it('has /rules in sections along the game: an opening, setup, a turn, rings, the end, and how the bot decides', () => {
    const titles = (locale: 'en' | 'nl') => rulesSections(translator(locale)('rules.freibeuter'), 'Freibeuter').map((section) => section.title);
    expect(titles('en')).toEqual(['Freibeuter', 'Setup', 'Your turn', 'Rings and loans', 'The end and the score', 'How the bot decides unclear cases']);
    expect(titles('nl')).toEqual([
      'Freibeuter',
      'Voorbereiding',
      'Je beurt',
      'Omsingelen en krediet',
      'Einde en telling',
      'Zo beslist de bot in twijfelgevallen',
    ]);
    for (const locale of ['en', 'nl'] as const) {
      for (const section of rulesSections(translator(locale)('rules.freibeuter'), 'Freibeuter')) expect(section.body.length).toBeLessThanOrEqual(4096);
    }
    const rules = t('rules.freibeuter');
    expect(rules.length).toBeLessThanOrEqual(4096);
    for (const decision of [
      'How the bot decides unclear cases',
      'drawn by lot',
      'bank never runs out',
      'only hands are secret',
      'works out every order',
      'boats lost as markers',
      'one choice per different result',
      'one loan or two',
      'row by row, left to right',
      "boarder's left",
      'one loan',
      'still taken',
      'The move that takes the last pirate treasure is finished first',
      'in the order you choose where that matters; then nobody draws and the game ends',
      'no sea card in hand',
      'never makes any other choice for you',
      'a sea card from an empty pile: that ends the game',
      'Played cards never return',
      'Ties share the place',
      'taken back (Undo) until you draw',
      'resigns or is removed',
      'one player is left, who wins',
      'rank last',
    ]) {
      expect(rules).toContain(decision);
    }
  });

  it('lines name rows and columns as the Dutchman cards do', () => {
    for (const line of LINES) {
      const [text] = presenter.describe([{ type: 'dutchmanPlaced', seat: 0, line, field: 'A1' }], ctx);
      expect(text).toContain(/[A-G]/.test(line) ? `row ${line}` : `column ${line}`);
    }
  });
});

describe('Freibeuter endings and the final score', () => {
  const c = ctxFor(3);
  const nl = { ...c, t: translator('nl') };
  const marked = ['● Anne', '◆ Bart', '▲ Cees'];

  /** A finished 3-player game: the rulebook's final example for Anne, and loans for Bart and Cees. */
  function finished(): FreibeuterState {
    const s = freibeuter.setup({ seats: 3, seed: 'final', options: {} });
    const parts = [
      // 36 + 10 + 20 + 60 = 126, the 10s and 15s counting double.
      { treasure: 36, ships: [5, 15, 20, 5, 15], loans: [] },
      { treasure: 1, ships: [], loans: [6] },
      // 41 + 185 − 2 × 36 = 154: "the board shows loans as 36 and the panel says repay 72".
      { treasure: 41, ships: [20, 20, 20, 15, 20, 20, 20, 5, 15], loans: [7, 12, 17] },
    ] as const;
    const players = s.players.map((p, seat) => ({ ...p, ...parts[seat], ships: [...(parts[seat]?.ships ?? [])], loans: [...(parts[seat]?.loans ?? [])] }));
    return { ...s, players, doubles: [10, 15], phase: 'over', end: { reason: 'pirateTreasures', seat: null }, events: [] };
  }

  /** The final post's ranking, as the bot writes it. */
  function ranking(s: FreibeuterState, ctx: typeof c): string[] {
    const result = freibeuter.result(s);
    if (!result) throw new Error('not over');
    const departures = new Map(s.players.flatMap((p, seat) => (p.resigned ? [[seat, 'resigned'] as const] : [])));
    return rankingLines(
      result,
      marked.slice(0, s.seats),
      scoreTextOf(presenter, ctx.t),
      ctx.t,
      (seat) => presenter.breakdown?.(view(s, null), seat, ctx) ?? '',
      departures,
    );
  }

  it('breaks each final score down as the rulebook adds it up: treasure + ships, doubled values, − 2 × loans', () => {
    const s = finished();
    expect(ranking(s, c)).toEqual([
      '**The game is over.**',
      '1. ▲ Cees (154 points): 41 treasure + 185 in ships (5, 2 × 15 doubled, 6 × 20) − 2 × 36 loans (7 + 12 + 17)',
      '2. ● Anne (126 points): 36 treasure + 90 in ships (2 × 5, 2 × 15 doubled, 20)',
      '3. ◆ Bart (−11 points): 1 treasure − 2 × 6 loan',
    ]);
    expect(ranking(s, nl)).toEqual([
      '**De partij is afgelopen.**',
      '1. ▲ Cees (154 punten): 41 goudstukken + 185 aan schepen (5, 2 × 15 dubbel, 6 × 20) − 2 × 36 krediet (7 + 12 + 17)',
      '2. ● Anne (126 punten): 36 goudstukken + 90 aan schepen (2 × 5, 2 × 15 dubbel, 20)',
      '3. ◆ Bart (−11 punten): 1 goudstuk − 2 × 6 krediet',
    ]);
    expect(presenter.breakdown?.(view({ ...s, players: s.players.map((p) => ({ ...p, ships: [], loans: [], treasure: 20 })) }, null), 0, c)).toBe(
      '20 treasure, no ships',
    );
    // The panel says who won, then everyone's score in the order of the result.
    expect(presenter.status(view(s, null), c)).toBe('▲ Cees won the game.');
    expect(presenter.panel(view(s, 1), [], c).text).toContain('▲ Cees won the game. Final score: ▲ Cees 154, ● Anne 126, ◆ Bart -11.');
    expect(presenter.panel(view(s, 1), [], nl).text).toContain('▲ Cees heeft de partij gewonnen. Eindstand: ▲ Cees 154, ● Anne 126, ◆ Bart -11.');
  });

  it('adds up to every final score of whole games, players who left included', () => {
    for (const seats of [2, 3, 4]) {
      for (const seed of ['e', 'f']) {
        const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seats * 17 + seed.charCodeAt(0) })[0] as fc.Stream<number>;
        let s = play({ seats, seed, steps: 5000, picks });
        expect(freibeuter.isOver(s)).toBe(true);
        for (let seat = 0; seat < seats; seat++) {
          const text = presenter.breakdown?.(view(s, null), seat, ctxFor(seats)) ?? '';
          const treasure = Number(/^(\d+) treasure/.exec(text)?.[1]);
          const ships = Number(/\+ (\d+) in ships/.exec(text)?.[1] ?? 0);
          const loans = Number(/− 2 × (\d+) loans?/.exec(text)?.[1] ?? 0);
          expect(treasure + ships - 2 * loans, text).toBe(view(s, null).players[seat]?.score);
        }
        // A player who left: his score as it stands (that he left, the ranking line says).
        if (seats > 2) {
          s = freibeuter.setup({ seats, seed, options: {} });
          s = freibeuter.resign(s, 1);
          expect(presenter.breakdown?.(view(s, null), 1, ctxFor(seats))).toBe('20 treasure, no ships');
        }
      }
    }
  });

  it('says that the one left wins when the others resigned or were removed, never that he won on points', () => {
    // Bart has far more treasure, but leaves: Anne, the only one left, wins.
    const s0 = freibeuter.setup({ seats: 2, seed: 'leave', options: {} });
    const rich = { ...s0, players: s0.players.map((p, seat) => (seat === 1 ? { ...p, treasure: 50 } : p)) };
    const over = freibeuter.resign(rich, 1);
    expect(over.end).toEqual({ reason: 'lastPlayer', seat: 0 });
    const c2 = ctxFor(2);
    const nl2 = { ...c2, t: translator('nl') };
    expect(presenter.describe(view(over, null).events, c2)).toEqual(['Bart leaves the game.', '🏁 Anne is the only one left and wins.']);
    expect(presenter.describe(view(over, null).events, nl2)).toEqual(['Bart verlaat het spel.', '🏁 Alleen Anne doet nog mee en wint de partij.']);
    expect(presenter.status(view(over, null), c2)).toBe('● Anne won the game, as everyone else left.');
    expect(presenter.status(view(over, null), nl2)).toBe('● Anne heeft de partij gewonnen, want de anderen zijn gestopt.');
    for (const seat of [0, 1]) {
      expect(presenter.panel(view(over, seat), [], c2).text).toContain('● Anne won the game, as everyone else left. Final score: ● Anne 20, ◆ Bart 50 (left).');
      expect(presenter.panel(view(over, seat), [], nl2).text).toContain(
        '● Anne heeft de partij gewonnen, want de anderen zijn gestopt. Eindstand: ● Anne 20, ◆ Bart 50 (gestopt).',
      );
    }
    expect(ranking(over, c2)).toEqual([
      '**The game is over.**',
      '1. ● Anne (20 points): 20 treasure, no ships',
      '2. ◆ Bart (50 points, resigned): 50 treasure, no ships',
    ]);
    expect(ranking(over, nl2)).toEqual([
      '**De partij is afgelopen.**',
      '1. ● Anne (20 punten): 20 goudstukken, geen schepen',
      '2. ◆ Bart (50 punten, opgegeven): 50 goudstukken, geen schepen',
    ]);

    // Three players: the first to leave takes his boarding boat home and the game goes on; the second ends it.
    let s = freibeuter.setup({ seats: 3, seed: 'leave', options: {} });
    const ship = s.tokens.findIndex((tk) => tk?.kind === 'ship');
    s = { ...s, boarded: s.boarded.map((b, point) => (point === ship ? 2 : b)) };
    s = freibeuter.resign(s, 2);
    expect(freibeuter.isOver(s)).toBe(false);
    expect(presenter.describe(view(s, null).events, c)).toEqual([
      'Cees leaves the game; the boats on the sea stay, and the boarding boat goes home, so that ship is free again.',
    ]);
    expect(presenter.describe(view(s, null).events, nl)).toEqual([
      'Cees verlaat het spel; de boten op zee blijven liggen en de enterboot gaat terug, dus dat schip is weer vrij.',
    ]);
    s = freibeuter.resign(s, s.current === 0 ? 1 : 0);
    const winner = freibeuter.toAct(s).length === 0 ? (s.end?.seat as number) : -1;
    const lines = presenter.describe(view(s, null).events, c);
    expect(lines.at(-1)).toBe(`🏁 ${NAMES[winner]} is the only one left and wins.`);
    for (const line of lines) expect(line).not.toMatch(/ends the game|That was the last one|has no boat left/);
    expect(presenter.status(view(s, null), c)).toBe(`${marked[winner]} won the game, as everyone else left.`);
  });
});
