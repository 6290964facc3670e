import { describe, expect, it } from 'vitest';
import { panelRows } from '../../discord/components.js';
import { validatedRows } from '../../../tests/support/components.js';
import { DIE_EFFECTS, NATIONS, shanghaien, type Crew, type ShanghaienAction, type TavernCard } from './rules.js';
import { shanghaienPresenter as presenter } from './presenter.js';
import { ctx, play, presenterCard, view } from './presenter-testing.js';
import { position, sailor, trick } from './test-positions.js';

/** A player's panel: a choice for every legal action, labelled by what it does. */

/** The choices of a panel by action index, checking that no index is offered twice. */
function choicesByIndex(panel: ReturnType<typeof presenter.panel>) {
  const all = panel.groups.flatMap((g) => g.choices.map((c) => ({ ...c, kind: g.kind })));
  return new Map(all.map((c) => [c.index, c]));
}

describe('Shanghaien panel', () => {
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

  it("sets the choices of a menu apart by what differs: the dice already at a ±1 target, the opponent's crew for a joker", () => {
    const s = position({
      rolled: [1, 5],
      dice: [[4], [2, 2]],
      crews: [{ tricks: [trick('adjust')], sailors: [sailor('french', 1), sailor('dutch', 3)] }, { sailors: [sailor('dutch', 4)] }],
    });
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
      s = {
        ...s,
        crews: s.crews.map((c, i) => (i === seat ? { sailors: [sailor('dutch', 3)], jokers: [], tricks: [{ kind: 'trick', effect: 'reroll' }] } : c)),
      };
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
