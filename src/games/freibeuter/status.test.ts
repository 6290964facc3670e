import { describe, expect, it } from 'vitest';
import { freibeuter, type FieldName, type FreibeuterState } from './rules.js';
import { freibeuterPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { NAMES, ctxFor, t, view } from './presenter-testing.js';

describe('Freibeuter status line and panel header', () => {
  it('says in the status line whose turn it is and what the sea still holds', () => {
    const s = freibeuter.setup({ seats: 3, seed: 'status', options: {} });
    const c = ctxFor(3);
    const player = NAMES[s.current] as string;
    expect(presenter.status(view(s, null), c)).toBe(`Turn 1, ${player} to move · 4 pirate treasures left · sea pile 62.`);
    const oneLeft = {
      ...s,
      tokens: s.tokens.map((tk, point) => (tk?.kind === 'pirate' && point !== s.tokens.findIndex((x) => x?.kind === 'pirate') ? null : tk)),
    };
    expect(presenter.status(view(oneLeft, null), c)).toBe(`Turn 1, ${player} to move · 1 pirate treasure left · sea pile 62.`);
    const card = s.players[s.current]?.hand.sea[0] as FieldName;
    const placed = freibeuter.apply(s, s.current, { type: 'place', field: card });
    expect(placed.phase).toBe('draw');
    expect(presenter.status(view(placed, null), c)).toBe(`Turn 1, ${player} draws back to five cards.`);
    expect(turnEnded(placed.events)).toBe(false);
    const drawn = freibeuter.apply(placed, s.current, { type: 'draw', pile: 'dutchman' });
    expect(turnEnded(drawn.events)).toBe(true);
    expect(presenter.describe(view(drawn, null).events, c)).toEqual([`${player} draws a Dutchman card.`]);
    const over = { ...drawn, phase: 'over' as const, end: { reason: 'pirateTreasures' as const, seat: null } };
    // Nobody has scored yet: all three share the win.
    expect(presenter.status(view(over, null), c)).toBe('● Anne, ◆ Bart and ▲ Cees share the win.');
    const panel = presenter.panel(view(over, 0), [], c);
    expect(panel.text).toContain('● Anne, ◆ Bart and ▲ Cees share the win. Final score: ● Anne 20, ◆ Bart 20, ▲ Cees 20.');
    expect(panel.groups).toEqual([]);
  });

  it('shows loans as the board does: what was borrowed, and the double it costs at the end', () => {
    const s = freibeuter.setup({ seats: 3, seed: 'loans', options: {} });
    const withLoans = (loans: number[]): FreibeuterState => ({ ...s, players: s.players.map((p, seat) => (seat === 0 ? { ...p, loans } : p)) });
    const panel = (state: FreibeuterState) => presenter.panel(view(state, 0), freibeuter.legalActions(state, 0), ctxFor(3)).text;
    expect(panel(withLoans([7, 12, 17]))).toContain('· loans 36 (−72 at the end)');
    expect(panel(withLoans([6]))).toContain('· loan 6 (−12 at the end)');
    expect(t('freibeuter.board.loans', { total: 36, repay: 72 })).toBe('Loans 36 (−72 at the end)');
    expect(view(withLoans([7, 12, 17]), null).players[0]?.score).toBe(20 - 72);
  });
});
