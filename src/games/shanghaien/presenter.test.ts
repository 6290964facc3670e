import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import { panelRows } from '../../bot/components.js';
import { validatedRows } from '../../../tests/support/components.js';
import {
  DIE_EFFECTS,
  NATIONS,
  distribute,
  finalScoring,
  indexOf,
  shanghaien,
  type Crew,
  type DistributedCard,
  type SailorCard,
  type ShanghaienAction,
  type ShanghaienEvent,
  type ShanghaienState,
  type ShanghaienView,
  type TavernCard,
} from './rules.js';
import { shanghaienPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { rulesSections } from '../../bot/rules.js';
import { position, trick } from './test-positions.js';

const t = translator('en');
const ctx = {
  t,
  players: ['Anne', 'Marc'].map((name, i) => ({ name, mention: `<@${i}>`, colour: i === 0 ? 'red' : 'blue' })),
};

const sailor = (nation: SailorCard['nation'], value: SailorCard['value']): SailorCard => ({ kind: 'sailor', nation, value });

/**
 * Random legal play; `style` varies how often players shanghai and play tricks, so that every kind
 * of position comes up. Dice go to trick cards where they can, so that players hold tricks.
 */
function play(seed: string, steps: number, style: number): ShanghaienState {
  let s = shanghaien.setup({ seats: 2, seed, options: {} });
  for (let i = 0; i < steps && !shanghaien.isOver(s); i++) {
    const legal = shanghaien.legalActions(s, s.current);
    const tricks = legal.filter((a) => a.type !== 'roll' && a.type !== 'place' && a.type !== 'orient' && a.type !== 'shanghai');
    const onTricks = legal.filter((a) => a.type === 'place' && s.first !== null && s.row[indexOf(a.pips, s.first)]?.kind === 'trick');
    const shanghai = legal.filter((a) => a.type === 'shanghai');
    let pool: ShanghaienAction[];
    if (tricks.length > 0 && (i + style) % 7 === 0) pool = tricks;
    else if (onTricks.length > 0) pool = onTricks;
    else if (shanghai.length > 0 && (i * 7 + style) % 4 === 0) pool = shanghai;
    else pool = legal.filter((a) => a.type === 'roll' || a.type === 'place' || a.type === 'orient');
    if (pool.length === 0) pool = legal;
    s = shanghaien.apply(s, s.current, pool[(i * 13 + style) % pool.length] as ShanghaienAction);
  }
  return s;
}

const view = (s: ShanghaienState, seat: number | null) => shanghaien.view(s, seat) as ShanghaienView;

/** The choices of a panel by action index, checking that no index is offered twice. */
function choicesByIndex(panel: ReturnType<typeof presenter.panel>) {
  const all = panel.groups.flatMap((g) => g.choices.map((c) => ({ ...c, kind: g.kind })));
  return new Map(all.map((c) => [c.index, c]));
}

describe('Shanghaien panel', () => {
  it('offers every legal action exactly once, and the whole panel fits in Discord components', () => {
    let tricks = 0;
    fc.assert(
      fc.property(fc.string(), fc.nat(130), fc.nat(20), (seed, steps, style) => {
        let s = play(seed, steps, style);
        // Every other position is taken just after a roll, where most choices are.
        if (style % 2 === 0 && shanghaien.legalActions(s, s.current).some((a) => a.type === 'roll')) s = shanghaien.apply(s, s.current, { type: 'roll' });
        for (const seat of [0, 1]) {
          const legal = s.over ? [] : shanghaien.legalActions(s, seat);
          const panel = presenter.panel(view(s, seat), legal, ctx);
          const indices = panel.groups.flatMap((g) => g.choices.map((c) => c.index)).sort((a, b) => a - b);
          expect(indices).toEqual(legal.map((_, i) => i));
          expect(() => validatedRows(panelRows(panel, 1, 0, ctx.t))).not.toThrow();
          expect(panel.text.length).toBeLessThan(1900);
          if (legal.some((a) => a.type === 'joker' || a.type === 'adjust')) tricks++;
        }
      }),
      { numRuns: 200 },
    );
    // The random positions did include trick choices.
    expect(tricks).toBeGreaterThan(8);
  });

  it('fits the largest choice: every trick and a joker for every nation', () => {
    let s = play('largest', 0, 0);
    s = shanghaien.apply(s, s.current, { type: 'roll' });
    s = { ...s, rolled: [3, 4], first: 'left' };
    const crew: Crew = {
      sailors: NATIONS.map((n) => sailor(n, 1)),
      jokers: [],
      tricks: DIE_EFFECTS.map((effect) => ({ kind: 'trick', effect })),
    };
    s = { ...s, crews: s.crews.map((c, seat) => (seat === s.current ? crew : c)) };
    const legal = shanghaien.legalActions(s, s.current);
    expect(legal.filter((a) => a.type === 'joker')).toHaveLength(24);
    const panel = presenter.panel(view(s, s.current), legal, ctx);
    expect(choicesByIndex(panel).size).toBe(legal.length);
    expect(() => validatedRows(panelRows(panel, 1, 0, ctx.t))).not.toThrow();
    // Buttons: place the 3, place the 4, place both, roll again; then the ±1 and joker menus.
    expect(panel.groups.map((g) => [g.kind, g.choices.length])).toEqual([
      ['buttons', 4],
      ['select', 4],
      ['select', 24],
    ]);
  });

  it('labels each choice with what it does: the card a die goes to, the end that becomes card 1, the joker sums', () => {
    let s = play('labels', 0, 0);
    s = shanghaien.apply(s, s.current, { type: 'roll' });
    const seat = s.current;
    let panel = presenter.panel(view(s, seat), shanghaien.legalActions(s, seat), ctx);
    expect(panel.text).toContain("It's your turn");
    expect(panel.text).toContain('which end of the row is card 1');
    // Left and right as each player sees the row: seat 1 in table order, seat 0 from across the table.
    for (const side of [0, 1]) {
      const mirrored = { ...s, current: side, startPlayer: side };
      const legal = shanghaien.legalActions(mirrored, side);
      const orient = presenter.panel(view(mirrored, side), legal, ctx).groups[0]?.choices ?? [];
      expect(orient.map((c) => c.label)).toEqual([expect.stringMatching(/^Card 1 = left end: /), expect.stringMatching(/^Card 1 = right end: /)]);
      const [leftSlot, rightSlot] = side === 1 ? [0, 5] : [5, 0];
      expect(orient[0]?.label).toContain(presenterCard(s.row[leftSlot] as TavernCard));
      expect(orient[1]?.label).toContain(presenterCard(s.row[rightSlot] as TavernCard));
      expect(legal[orient[0]?.index as number]).toEqual({ type: 'orient', first: side === 1 ? 'left' : 'right' });
    }

    s = shanghaien.apply(s, seat, { type: 'orient', first: 'right' });
    s = { ...s, crews: s.crews.map((c, i) => (i === seat ? { sailors: [sailor('dutch', 3)], jokers: [], tricks: [{ kind: 'trick', effect: 'adjust' }] } : c)) };
    const legal = shanghaien.legalActions(s, seat);
    panel = presenter.panel(view(s, seat), legal, ctx);
    for (const [index, choice] of choicesByIndex(panel)) {
      const action = legal[index] as ShanghaienAction;
      if (action.type === 'place') {
        // Card n lies at slot 6 - n when the right end is card 1.
        expect(choice.label).toBe(`Place the ${action.pips} → card ${action.pips}: ${presenterCard(s.row[6 - action.pips] as TavernCard)}`);
      } else if (action.type === 'adjust') {
        expect(choice.label).toBe(`${action.from} → ${action.to}: card ${action.to}, ${presenterCard(s.row[6 - action.to] as TavernCard)}`);
        expect(choice.kind).toBe('select');
      } else if (action.type === 'joker') {
        expect(choice.label).toBe('Joker with the Dutch: 3 → 5, using “±1”');
        expect(choice.description).toBe(`${ctx.players[1 - seat]?.name} has no Dutch`);
      }
    }
    expect(panel.text).toContain('Your crew: 🇳🇱 Dutch 3 = 3');
    // The ±1 options differ only in the card the die goes to: a description says which dice lie there already, if any.
    const adjustDescriptions = [...choicesByIndex(panel)].filter(([index]) => legal[index]?.type === 'adjust').map(([, c]) => c.description);
    expect(adjustDescriptions.length).toBeGreaterThan(0);
    for (const description of adjustDescriptions) expect(description ?? 'none').toMatch(/^(none|Already there: you \d · (Anne|Marc) \d)$/);
    expect(panel.text).toContain('Your dirty tricks: ±1.');
    expect(panel.text).toContain('not played yet');

    // The other player sees the same row and waits.
    const other = presenter.panel(view(s, 1 - seat), [], ctx);
    expect(other.groups).toEqual([]);
    expect(other.text).toContain(`Waiting for ${ctx.players[seat]?.name}`);
  });

  it('sets the choices of a menu apart by what differs: the dice already at a ±1 target, the opponent\'s crew for a joker', () => {
    const s = position({ rolled: [1, 5], dice: [[4], [2, 2]], crews: [{ tricks: [trick('adjust')], sailors: [sailor('french', 1), sailor('dutch', 3)] }, { sailors: [sailor('dutch', 4)] }] });
    const legal = shanghaien.legalActions(s, 0);
    const menus = presenter.panel(view(s, 0), legal, ctx).groups.filter((g) => g.kind === 'select');
    expect(menus.map((m) => m.choices.map((c) => [c.label, c.description]))).toEqual([
      [
        ['1 → 2: card 2, 🇫🇷 Frenchman 2', 'Already there: you 0 · Marc 2'],
        ['5 → 4: card 4, 🇨🇳 Chinese 4', 'Already there: you 1 · Marc 0'],
        ['5 → 6: card 6, 🇪🇸 Spaniard 2', undefined],
      ],
      [
        ['Joker with the French: 1 → 3, using “±1”', 'Marc has no French'],
        ['Joker with the Dutch: 3 → 5, using “±1”', "Marc's Dutch: 4"],
      ],
    ]);
  });

  it('says when shanghai is the only move', () => {
    let s = play('forced', 0, 0);
    const seat = s.current;
    s = { ...s, first: 'left', dice: s.dice.map((d, i) => (i === seat ? [1, 1, 1, 1, 1, 0] : d)) };
    const legal = shanghaien.legalActions(s, seat);
    expect(legal).toEqual([{ type: 'shanghai' }]);
    const panel = presenter.panel(view(s, seat), legal, ctx);
    expect(panel.text).toContain('you must shanghai');
    expect(panel.groups[0]?.choices[0]?.label).toBe('Shanghai: end the round');
    expect(presenter.status(view(s, null), ctx)).toContain('must shanghai');
  });

  it('after the first roll of a round offers only the two ends, and says a held trick can follow (under version 1 it came with them)', () => {
    for (const rulesVersion of [2, 1]) {
      let s = shanghaien.setup({ seats: 2, seed: 'numbering first', options: {}, rulesVersion });
      const seat = s.current;
      s = shanghaien.apply(s, seat, { type: 'roll' });
      s = { ...s, crews: s.crews.map((c, i) => (i === seat ? { sailors: [sailor('dutch', 3)], jokers: [], tricks: [{ kind: 'trick', effect: 'reroll' }] } : c)) };
      const legal = shanghaien.legalActions(s, seat);
      const panel = presenter.panel(view(s, seat), legal, ctx);
      const labels = panel.groups.flatMap((g) => g.choices.map((c) => c.label));
      expect(panel.text).toContain('First choose which end of the row is card 1.');
      if (rulesVersion === 2) {
        expect(labels).toEqual([expect.stringMatching(/^Card 1 = left end: /), expect.stringMatching(/^Card 1 = right end: /)]);
        expect(panel.text).toContain('You may play your dirty trick once the row is numbered.');
      } else {
        expect(labels).toContain('Trick: roll both dice again');
        expect(panel.text).not.toContain('once the row is numbered');
      }
      expect(() => validatedRows(panelRows(panel, 1, 0, ctx.t))).not.toThrow();
    }
  });
});

/** The presenter's text for a card, written out here independently. */
function presenterCard(card: TavernCard): string {
  if (card.kind === 'trick') return `🃏 dirty trick “${t(`shanghaien.trick.${card.effect}`)}”`;
  const flags = { american: '🇺🇸', french: '🇫🇷', german: '🇩🇪', chinese: '🇨🇳', dutch: '🇳🇱', spanish: '🇪🇸', italian: '🇮🇹', british: '🇬🇧' };
  return `${flags[card.nation]} ${t(`shanghaien.nation.${card.nation}`)} ${card.value}`;
}

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
    const more = presenter.describe([{ type: 'shanghai', seat: 0, round: 8, forced: true }, { type: 'distributed', seat: 0, cards: [{ ...(cards[0] as DistributedCard), dice: [1, 3], to: 1, reason: 'more-dice' }] }], ctx);
    expect(more).toEqual(['⚓ **Anne must shanghai** (fewer than 2 dice left) and ends round 8:', '• Card 1 (🇺🇸 American 1) → **Marc**: more dice, 3 to 1.']);
  });

  it("describes the rulebook's final scoring example per nationality", () => {
    // Anne keeps her Spanish (7); the French tie (3 each); Marc's Americans (7 over 6) and Chinese (3 over 1) score Anne's sums; Marc has one trick card.
    const anne: Crew = { sailors: [sailor('american', 2), sailor('american', 4), sailor('french', 3), sailor('chinese', 1), sailor('spanish', 3), sailor('spanish', 4)], jokers: [], tricks: [] };
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
    expect(turnEnded([{ type: 'trick', seat: 0, effect: 'adjust', from: 1, to: 2 }, { type: 'placed', seat: 0, pips: 2, card: sailor('dutch', 1) }])).toBe(true);
    expect(turnEnded([{ type: 'shanghai', seat: 0, round: 1, forced: false }, { type: 'distributed', seat: 0, cards: [] }])).toBe(true);
    expect(turnEnded([{ type: 'resigned', seat: 0, winner: 1 }])).toBe(true);
  });
});

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
    expect(titles('en')).toEqual(['Shanghaien', 'The tavern', 'Your turn', 'Handing out the cards', 'Dirty tricks', 'Scoring', 'How the bot decides unclear cases']);
    expect(titles('nl')).toEqual(['Shanghaien', 'De kroeg', 'Jouw beurt', 'De kaarten verdelen', 'Smerige trucs', 'Eindtelling', 'Zo beslist de bot in twijfelgevallen']);
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
      expect(presenter.status(spectator, ctx)).toMatch(winners.length === 2 ? /^The game is over: a draw/ : new RegExp(`^The game is over: ${ctx.players[winners[0] as number]?.name} wins with \\d+ to \\d+\\.$`));
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
