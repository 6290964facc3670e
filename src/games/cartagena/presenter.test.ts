import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import { panelRows } from '../../bot/components.js';
import { validatedRows } from '../../../tests/support/components.js';
import { cartagena, type CartagenaAction } from './rules.js';
import { cartagenaPresenter } from './presenter.js';

const ctx = {
  t: translator('en'),
  players: ['Ann', 'Ben', 'Cas', 'Dee', 'Eve'].map((name, i) => ({ name, mention: `<@${i}>`, colour: 'red' })),
};

describe('Cartagena panel', () => {
  it('offers every legal action exactly once, and the whole panel fits in Discord components', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 2, max: 5 }), fc.constantFrom('jamaica' as const, 'tortuga' as const), fc.nat(150), (seed, seats, version, steps) => {
        let s = cartagena.setup({ seats, seed, options: { version } });
        for (let i = 0; i < steps && !cartagena.isOver(s); i++) {
          const legal = cartagena.legalActions(s, s.current);
          s = cartagena.apply(s, s.current, legal[(i * 11) % legal.length] as CartagenaAction);
        }
        const legal = cartagena.legalActions(s, s.current);
        const panel = cartagenaPresenter.panel(cartagena.view(s, s.current), legal, ctx);
        const indices = panel.groups.flatMap((g) => g.choices.map((c) => c.index)).sort((a, b) => a - b);
        expect(indices).toEqual(legal.map((_, i) => i));
        expect(() => validatedRows(panelRows(panel, 1, 0, ctx.t))).not.toThrow();
      }),
      { numRuns: 150 },
    );
  });

  it("labels a move with where the pirate will land, and shows only the viewer's own hand", () => {
    const s = cartagena.setup({ seats: 3, seed: 'labels', options: { version: 'jamaica' } });
    const legal = cartagena.legalActions(s, s.current);
    const panel = cartagenaPresenter.panel(cartagena.view(s, s.current), legal, ctx);
    const forward = panel.groups.find((g) => g.kind === 'select')?.choices ?? [];
    for (const choice of forward) {
      const action = legal[choice.index] as Extract<CartagenaAction, { type: 'forward' }>;
      const next = cartagena.apply(s, s.current, action);
      const landed = next.events.find((e) => e.type === 'forward');
      const to = landed && 'to' in landed ? landed.to : -1;
      expect(choice.label.endsWith(to === 37 ? 'ship' : String(to))).toBe(true);
    }
    expect(panel.text).toContain('Your hand');
    expect(panel.text).toContain("It's your turn");
  });

  it('describes public events without naming the cards drawn in Jamaica', () => {
    const lines = cartagenaPresenter.describe([{ type: 'back', seat: 1, from: 9, to: 4, drew: [], drawCount: 2 }], ctx);
    // The player's shape before his name, as on his pirates ("●" for red).
    expect(lines).toEqual(['● Ben moved a pirate back from space 9 to space 4 and drew 2 cards.']);
    const open = cartagenaPresenter.describe([{ type: 'back', seat: 1, from: 9, to: 4, drew: ['key', 'hat'], drawCount: 2 }], ctx);
    expect(open[0]).toContain('🔑 🎩');
  });

  it('says how the game was won: all six aboard, or as the last player left', () => {
    expect(cartagenaPresenter.describe([{ type: 'forward', seat: 0, card: 'hat', from: 33, to: 37 }, { type: 'won', seat: 0 }], ctx)[1]).toBe(
      '🏆 Ann has all six pirates aboard and wins!',
    );
    const resigned = cartagenaPresenter.describe([{ type: 'resigned', seat: 1 }, { type: 'won', seat: 0 }], ctx);
    expect(resigned).toEqual(['Ben left the game; their pirates left the tunnel.', '🏆 Ann is the last player left and wins!']);
    const nl = cartagenaPresenter.describe([{ type: 'resigned', seat: 1 }, { type: 'won', seat: 0 }], { ...ctx, t: translator('nl') });
    expect(nl[1]).toBe('🏆 Ann blijft als enige over en wint!');
  });

  it("shows the viewer's shape with his pirates in the panel", () => {
    const s = cartagena.setup({ seats: 2, seed: 'mark', options: { version: 'jamaica' } });
    const players = [{ ...ctx.players[0]!, colour: 'red' }, { ...ctx.players[1]!, colour: 'blue' }];
    const panel = cartagenaPresenter.panel(cartagena.view(s, 1), cartagena.legalActions(s, 1), { ...ctx, players });
    expect(panel.text).toContain('Your pirates ■: start, start');
  });

  it('asks for a public post when the turn passes or the game ends, not after each single move', () => {
    let s = cartagena.setup({ seats: 2, seed: 'posts', options: { version: 'jamaica' } });
    const move = cartagena.legalActions(s, s.current).find((a) => a.type === 'forward') as CartagenaAction;
    s = cartagena.apply(s, s.current, move);
    expect(cartagenaPresenter.postAfter(s.events)).toBe(false);
    s = cartagena.apply(s, s.current, { type: 'end' });
    expect(cartagenaPresenter.postAfter(s.events)).toBe(true);
    // When the next player is skipped the same player moves again, but his turn still closed.
    expect(cartagenaPresenter.postAfter([{ type: 'turn-passed', seat: 0, reason: 'ended' }, { type: 'skipped', seat: 1 }])).toBe(true);
    expect(cartagenaPresenter.postAfter([{ type: 'won', seat: 0 }])).toBe(true);
  });
});
