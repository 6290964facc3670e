import { describe, expect, it } from 'vitest';
import { pointLabel } from './sea.js';
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import { panelRows } from '../../discord/components.js';
import { validatedRows } from '../../../tests/support/components.js';
import { expectPanelOffersExactly } from '../../../tests/support/panels.js';
import { FIELDS, freibeuter, pointAt, type FieldName, type FreibeuterAction, type FreibeuterEvent, type FreibeuterState } from './rules.js';
import { freibeuterPresenter as presenter } from './presenter.js';
import { anyGame, ctx, ctxFor, labels, orderChoice, play, position, t, view } from './presenter-testing.js';

/** A player's panel (panel.ts): his cards and supplies, and a choice for every legal action, saying what it would do. */

describe('Freibeuter panel', () => {
  /** The panel of every seat in this state offers exactly the legal actions and fits Discord. */
  function checkPanels(s: FreibeuterState, seen?: Set<string>): void {
    const c = ctxFor(s.seats);
    for (let seat = 0; seat < s.seats; seat++) {
      const legal = freibeuter.legalActions(s, seat);
      const panel = presenter.panel(view(s, seat), legal, c);
      expectPanelOffersExactly(panel, legal, c.t);
      if (legal.length > 0) expect(panel.text).toContain("It's your turn");
      else if (!s.players[seat]?.resigned && !freibeuter.isOver(s)) expect(panel.text).toContain(`⏳ ${presenter.status(view(s, null), c)}`);
      for (const action of legal) seen?.add(action.type);
    }
  }

  it('offers every legal action exactly once and says whose turn it is, at every step of whole games, meeting every kind of choice', () => {
    const seen = new Set<string>();
    for (const seats of [2, 3, 4]) {
      for (const seed of ['a', 'b', 'c', 'd']) {
        const picks = fc.sample(fc.infiniteStream(fc.nat()), { numRuns: 1, seed: seats * 31 + seed.charCodeAt(0) })[0] as fc.Stream<number>;
        const s = play({ seats, seed, steps: 5000, picks }, (_, __, ___, after) => checkPanels(after, seen));
        expect(freibeuter.isOver(s)).toBe(true);
      }
    }
    checkPanels(orderChoice(), seen);
    checkPanels(orderChoice(1), seen);
    for (const type of ['board', 'place', 'takeTreasure', 'dutchman', 'order', 'resolve', 'draw']) expect(seen).toContain(type);
  });

  it('fits the largest choices: 28 ships to board, 10 sea card choices and 28 Dutchman fields at once', () => {
    const s = freibeuter.setup({ seats: 4, seed: 'big', options: {} });
    const ships = s.tokens.flatMap((tk, point) => (tk?.kind === 'ship' ? [{ type: 'board', point }] : []));
    expect(ships).toHaveLength(28);
    const sea = (['B2', 'C3', 'D4', 'E5', 'F6'] as FieldName[]).flatMap((field): FreibeuterAction[] => [
      { type: 'place', field },
      { type: 'takeTreasure', field },
    ]);
    const dutchman = (['A', 'C', '2', '6'] as const).flatMap((line) =>
      FIELDS.filter((f) => f.includes(line)).map((field): FreibeuterAction => ({ type: 'dutchman', line, field })),
    );
    expect(dutchman).toHaveLength(28);
    // Not a position play can reach: the most the engine could ever list, to show the panel still fits.
    for (const legal of [
      [...ships, ...sea, ...dutchman],
      [...ships, ...sea],
      [...ships, ...dutchman.slice(0, 20)],
      [...sea, ...dutchman],
    ]) {
      const panel = presenter.panel(view(s, 0), legal, ctx);
      const indices = panel.groups.flatMap((g) => g.choices.map((ch) => ch.index)).sort((a, b) => a - b);
      expect(indices).toEqual(legal.map((_, i) => i));
      const rows = panelRows(panel, 1, 0, t);
      expect(() => validatedRows(rows)).not.toThrow();
    }
    // At the start: a sea card menu and the 28 ships in two menus of 14, each saying which numbers it holds.
    const start = presenter.panel(view(s, s.current), freibeuter.legalActions(s, s.current), ctx);
    const numbers = ships.map((a) => (a.type === 'board' ? a.point + 1 : 0));
    expect(start.groups.map((g) => [g.kind, g.placeholder, g.choices.length])).toEqual([
      ['select', 'Play a sea card…', 4],
      ['select', `Board a ship, numbers ${numbers[0]}–${numbers[13]} (no card, no draw)…`, 14],
      ['select', `Board a ship, numbers ${numbers[14]}–${numbers[27]} (no card, no draw)…`, 14],
    ]);
    // Each ship named as the board draws it and the posts name it: its number, where it lies, its value and what it pays per boat.
    const named = start.groups.slice(1).flatMap((g) => g.choices.map((ch) => ch.label));
    expect(named).toEqual(
      ships.map((a) => {
        const token = a.type === 'board' ? s.tokens[a.point] : null;
        const value = token?.kind === 'ship' ? token.value : 0;
        return `Ship ${a.type === 'board' ? `${a.point + 1} at ${pointLabel(a.point)}` : 0} · ${value}/${value / 5}`;
      }),
    );
    // Fewer free ships than a menu holds: one menu.
    const boarded = { ...s, boarded: s.boarded.map((_, point) => (point === (ships[0] as { point: number }).point ? 1 : null)) };
    const fewer = s.tokens.flatMap((tk, point) => (tk?.kind === 'ship' && point !== (ships[0] as { point: number }).point ? [{ type: 'board', point }] : []));
    expect(presenter.panel(view(boarded, 0), fewer.slice(0, 25), ctx).groups.map((g) => [g.placeholder, g.choices.length])).toEqual([
      ['Board a ship (no card, no draw)…', 25],
    ]);
  });

  it('shows a player his hand, his treasure and ships, and says what each choice would do', () => {
    // Bart's 15 at B2-C3 is boarded; B2, B3 and C2 hold boats; Anne holds C3 (it closes the ring), B3 and row A;
    // the pirate treasure at A1-B2 lacks only A2.
    const s = position({
      tokens: { B2: { kind: 'ship', value: 15 }, A1: { kind: 'pirate' }, B3: { kind: 'ship', value: 20 } },
      boarded: { B2: 1 },
      boats: { A1: [0], B1: [0], B2: [0], B3: [0, 2], C2: [2] },
      hand: { sea: ['C3', 'B3', 'G1', 'D4'], dutchman: ['A'] },
    });
    const legal = freibeuter.legalActions(s, 0);
    const panel = presenter.panel(view(s, 0), legal, ctxFor(3));
    expect(panel.text).toContain('Your hand: sea cards **B3**, **C3**, **D4**, **G1** · Dutchman cards **row A**');
    expect(panel.text).toContain('You: 🪙 **20** treasure · ⛵ 25 boats in supply (4 on the sea, 0 on ships) · no ships taken yet · score now **20**');
    // Each name with the player's shape, as his boats carry it on the board.
    expect(panel.text).toContain('Others: ◆ Bart 🪙20 ⛵25 ships 0 (score 20) · ▲ Cees 🪙20 ⛵25 ships 0 (score 20)');
    expect(panel.text).toContain("It's your turn: board a ship");
    const choices = panel.groups.flatMap((g) => g.choices);
    const choice = (label: string) => choices.find((c) => c.label === label);
    // C3 closes B2-C3: Bart takes his ship and pays Anne 3 per boat of hers (B2, B3 and C3).
    expect(choice('Put a boat on C3')?.description).toBe('Closes B2-C3: Bart takes ship 15, pays you 9');
    // Only what sets a field apart: nothing for an empty inner field, the edge, a boat already there.
    expect(choice('Put a boat on D4')).toBeDefined();
    expect(choice('Put a boat on D4')?.description).toBeUndefined();
    expect(choice('Put a boat on G1')?.description).toBe('An edge field: your boat fills it');
    // B3 is full: only the treasure, whose label says it all.
    expect(choice('Put a boat on B3')).toBeUndefined();
    expect(choice('Play B3 for 2 treasure')).toBeDefined();
    expect(choice('Play B3 for 2 treasure')?.description).toBeUndefined();
    // Row A: only A2 closes a ring, the pirate treasure's, where Anne has three boats.
    expect(choices.filter((ch) => ch.label.startsWith('Sail the Dutchman')).map((ch) => [ch.label, ch.description])).toEqual([
      ['Sail the Dutchman (row A) to A2', 'Closes A1-B2: pirate treasure, you get 6'],
    ]);
    // The ship at B3-C4 is number 9 on the board (the third token of the second row); Bart's at B2-C3, number 8, is taken.
    expect(choice('Ship 9 at B3-C4 · 20/4')?.description).toBe('1 of 4 taken · you pay 4 per other boat, 4 now');
    expect(choices.find((c) => c.label.startsWith('Ship 8 '))).toBeUndefined();
    const nl = presenter.panel(view(s, 0), legal, { ...ctxFor(3), t: translator('nl') });
    const schip = nl.groups.flatMap((g) => g.choices).find((c) => c.label === 'Schip 9 op B3-C4 · 20/4');
    expect(schip?.description).toBe('1 van 4 bezet · je betaalt 4 per boot van een ander, nu 4');
    const groups = panel.groups.map((g) => g.placeholder);
    // 27 ships are free: two menus, each under its numbers, beside the two of cards: four rows and Refresh.
    expect(groups).toEqual([
      'Play a sea card…',
      'Play a Dutchman card…',
      'Board a ship, numbers 2–20 (no card, no draw)…',
      'Board a ship, numbers 21–36 (no card, no draw)…',
    ]);
    expect(nl.groups.map((g) => g.placeholder).slice(2)).toEqual([
      'Een schip enteren, nummer 2 t/m 20 (geen kaart, niet trekken)…',
      'Een schip enteren, nummer 21 t/m 36 (geen kaart, niet trekken)…',
    ]);
  });

  it('offers one order per outcome, saying what each leads to, and labels the piles by what is left in them', () => {
    const s = orderChoice();
    expect(s.phase).toBe('order');
    const c = ctxFor(3);
    const panel = presenter.panel(view(s, 0), freibeuter.legalActions(s, 0), c);
    expect(panel.text).toContain("It's your turn: your move closed several rings, and their order changes what happens. Choose one:");
    const bartFirst = "First Bart's ship at B2-C3: Bart borrows 7 (1 loan) and is left with 8; Cees borrows 3 (1 loan) and is left with 0.";
    const ceesFirst = "First Cees's ship at B3-C4: Bart needs no loan and is left with 1; Cees borrows 6 (1 loan) and is left with 3.";
    expect(panel.text).toContain(`• ${bartFirst}\n• ${ceesFirst}`);
    expect(panel.groups.map((g) => [g.kind, g.placeholder])).toEqual([['select', 'Choose the order of the rings…']]);
    expect(panel.groups[0]?.choices.map((ch) => [ch.label, ch.description])).toEqual([
      ["First Bart's ship at B2-C3", 'Bart borrows 7 (1 loan) and is left with 8; Cees borrows 3 (1 loan) and is left with 0'],
      ["First Cees's ship at B3-C4", 'Bart needs no loan and is left with 1; Cees borrows 6 (1 loan) and is left with 3'],
    ]);
    expect(presenter.status(view(s, null), c)).toBe('Turn 1, Anne chooses the order in which the closed rings are paid out.');
    // Bart sees the same choices from his side while he waits.
    const bart = presenter.panel(view(s, 1), [], c);
    expect(bart.text).toContain('⏳ Turn 1, Anne chooses the order in which the closed rings are paid out.');
    expect(bart.text).toContain('• First your ship at B2-C3: You borrow 7 (1 loan) and are left with 8; Cees borrows 3 (1 loan) and is left with 0.');
    // Anne takes Cees's ship first; both rings are paid out, then the draw.
    const after = freibeuter.apply(s, 0, { type: 'order', points: [pointAt('B3'), pointAt('B2')] });
    expect(after.phase).toBe('draw');
    expect(after.players.map((p) => p.loans)).toEqual([[], [], [6]]);
    const draw = presenter.panel(view(after, 0), freibeuter.legalActions(after, 0), c);
    expect(draw.text).toContain("It's your turn: draw back to five cards. Sea pile 62, Dutchman pile 11.");
    expect(draw.text).not.toContain('• First');
    expect(labels(draw)).toEqual(['Draw a sea card (62 left)', 'Draw a Dutchman card (11 left)']);
    // With the sea pile empty, drawing from it ends the game, and the label says so.
    const empty: FreibeuterState = { ...after, seaPile: [] };
    const last = presenter.panel(view(empty, 0), freibeuter.legalActions(empty, 0), c);
    expect(labels(last)).toEqual(['Draw a sea card: ends the game', 'Draw a Dutchman card (11 left)']);
    expect(last.text).toContain('drawing a sea card ends the game at once');
    // It ends the game at once: the button asks first; the other pile does not.
    expect(last.groups[0]?.choices.map((ch) => ch.confirm)).toEqual(['The sea pile is empty. End the game now by drawing from it?', undefined]);
    expect(draw.groups[0]?.choices.every((ch) => ch.confirm === undefined)).toBe(true);
  });

  it('says the choice of order in Dutch as well', () => {
    const s = orderChoice();
    const nl = { ...ctxFor(3), t: translator('nl') };
    const panel = presenter.panel(view(s, 0), freibeuter.legalActions(s, 0), nl);
    expect(panel.text).toContain('Je bent aan de beurt: je zet heeft meerdere schijfjes omsingeld en de volgorde verandert wat er gebeurt. Kies er één:');
    expect(panel.text).toContain('• Eerst het schip van Bart op B2-C3: Bart leent 7 (1 krediet) en houdt 8 over; Cees leent 3 (1 krediet) en houdt 0 over.');
    expect(panel.text).toContain('• Eerst het schip van Cees op B3-C4: Bart hoeft niet te lenen en houdt 1 over; Cees leent 6 (1 krediet) en houdt 3 over.');
    expect(panel.groups[0]?.placeholder).toBe('Kies de volgorde van de omsingelde schijfjes…');
    const bart = presenter.panel(view(s, 1), [], nl);
    expect(bart.text).toContain('• Eerst jouw schip op B2-C3: Je leent 7 (1 krediet) en houdt 8 over; Cees leent 3 (1 krediet) en houdt 0 over.');
  });

  it('a game opened under rules version 1 still offers one ring at a time, labelled by who pays whom', () => {
    const s = orderChoice(1);
    const panel = presenter.panel(view(s, 0), freibeuter.legalActions(s, 0), ctxFor(3));
    expect(panel.text).toContain("It's your turn: your move closed rings whose order matters");
    expect(panel.groups.map((g) => g.kind)).toEqual(['buttons']);
    expect(labels(panel)).toEqual(['B2-C3: Bart takes ship 15, pays you 6', 'B3-C4: Cees takes ship 20, pays you 8']);
  });

  it('shows nobody else a card of a hand: panels, status and event lines stay the same when a hand changes', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        const c = ctxFor(game.seats);
        play(game, (_, __, ___, s) => {
          for (let owner = 0; owner < s.seats; owner++) {
            const mine = s.players[owner];
            if (!mine || mine.resigned) continue;
            // His hand exchanged for other cards, and another card drawn by him.
            const other = s.players[(owner + 1) % s.seats]?.hand ?? mine.hand;
            const hand = { sea: other.sea.length > 0 ? [...other.sea] : ['A1' as FieldName], dutchman: [...other.dutchman].reverse() };
            const events = s.events.map((e): FreibeuterEvent => (e.type === 'drew' && e.seat === owner ? { ...e, card: e.card === 'A1' ? 'G7' : 'A1' } : e));
            const changed: FreibeuterState = { ...s, players: s.players.map((p, k) => (k === owner ? { ...p, hand } : p)), events };
            expect(presenter.status(view(changed, null), c)).toBe(presenter.status(view(s, null), c));
            expect(presenter.describe(view(changed, null).events, c)).toEqual(presenter.describe(view(s, null).events, c));
            for (let seat = 0; seat < s.seats; seat++) {
              if (seat === owner) continue;
              expect(presenter.panel(view(changed, seat), freibeuter.legalActions(changed, seat), c)).toEqual(
                presenter.panel(view(s, seat), freibeuter.legalActions(s, seat), c),
              );
            }
          }
          // Even given the drawer's own events, a line never names the drawn card.
          for (const e of s.events) {
            if (e.type !== 'drew') continue;
            expect(presenter.describe(view(s, e.seat).events, c)).toEqual(presenter.describe(view(s, null).events, c));
          }
        });
      }),
      { numRuns: 40 },
    );
  });
});
