import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { translator } from '../../i18n/index.js';
import { panelRows } from '../../bot/components.js';
import { validatedRows } from '../../../tests/support/components.js';
import { expectPanelOffersExactly } from '../../../tests/support/panels.js';
import type { Seat } from '../../engine/index.js';
import {
  FIELDS,
  LINES,
  freibeuter,
  freibeuterOptions,
  pointAt,
  type FieldName,
  type FreibeuterAction,
  type FreibeuterEvent,
  type FreibeuterState,
  type Token,
} from './rules.js';
import { freibeuterPresenter as presenter } from './presenter.js';
import { turnEnded } from './turn-end.js';
import { rulesSections } from '../../bot/rules.js';
import { rankingLines } from '../../bot/post-content.js';

const t = translator('en');
const NAMES = ['Anne', 'Bart', 'Cees', 'Dirk'];
const ctxFor = (seats: number) => ({
  t,
  players: NAMES.slice(0, seats).map((name, i) => ({ name, mention: `<@${i}>`, colour: presenter.colours(seats)[i] as string })),
});
const ctx = ctxFor(4);

const anyGame = fc.record({
  seats: fc.integer({ min: 2, max: 4 }),
  seed: fc.string({ maxLength: 8 }),
  steps: fc.nat(160),
  picks: fc.infiniteStream(fc.nat()),
});

type Game = { seats: number; seed: string; steps: number; picks: fc.Stream<number> };

/**
 * Play for `steps` actions, now by type (a Dutchman card when there is one, then sea cards, then
 * boarding) and now uniformly, so that games reach rings, captures and orders of resolution;
 * `each` sees every step.
 */
function play(game: Game, each?: (before: FreibeuterState, seat: Seat, action: FreibeuterAction, after: FreibeuterState) => void): FreibeuterState {
  const stream = game.picks[Symbol.iterator]();
  const pick = (n: number) => (stream.next().value as number) % n;
  let s = freibeuter.setup({ seats: game.seats, seed: game.seed, options: {} });
  for (let i = 0; i < game.steps && !freibeuter.isOver(s); i++) {
    const seat = freibeuter.toAct(s)[0] as Seat;
    const legal = freibeuter.legalActions(s, seat);
    const of = (...types: FreibeuterAction['type'][]) => legal.filter((a) => types.includes(a.type));
    const r = pick(10);
    let pool = legal;
    if (r < 8 && s.phase === 'turn') {
      const dutchman = of('dutchman');
      const sea = of('place', 'takeTreasure');
      pool = dutchman.length > 0 && r < 4 ? dutchman : sea.length > 0 && r < 7 ? sea : legal;
    }
    const action = pool[pick(pool.length)] as FreibeuterAction;
    const next = freibeuter.apply(s, seat, action);
    each?.(s, seat, action, next);
    s = next;
  }
  return s;
}

const view = (s: FreibeuterState, seat: Seat | null) => freibeuter.view(s, seat);
const labels = (panel: { groups: { choices: { label: string }[] }[] }) => panel.groups.flatMap((g) => g.choices.map((c) => c.label));

/** Puts `token` on `point`, moving what lay there to where `token` lay, so the set stays whole. */
function withToken(tokens: (Token | null)[], point: number, token: Token): (Token | null)[] {
  const next = [...tokens];
  const from = next.findIndex((tk) => tk !== null && JSON.stringify(tk) === JSON.stringify(token));
  if (from >= 0) next[from] = next[point] ?? null;
  next[point] = token;
  return next;
}

/** A hand-made position on a fresh 3-player sea, Anne (seat 0) to move. */
function position(p: { boats?: Partial<Record<FieldName, Seat[]>>; tokens?: Record<string, Token>; boarded?: Record<string, Seat>; hand?: { sea: FieldName[]; dutchman: ('A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G' | '1' | '2' | '3' | '4' | '5' | '6' | '7')[] } }): FreibeuterState {
  const base = freibeuter.setup({ seats: 3, seed: 'position', options: {} });
  let tokens = base.tokens;
  for (const [field, token] of Object.entries(p.tokens ?? {})) tokens = withToken(tokens, pointAt(field as FieldName), token);
  const boarded = tokens.map(() => null as Seat | null);
  for (const [field, seat] of Object.entries(p.boarded ?? {})) boarded[pointAt(field as FieldName)] = seat;
  const sea = FIELDS.map((name) => [...(p.boats?.[name] ?? [])]);
  const players = base.players.map((pl, seat) => (seat === 0 && p.hand ? { ...pl, hand: { sea: [...p.hand.sea], dutchman: [...p.hand.dutchman] } } : pl));
  return { ...base, tokens, sea, boarded, players, current: 0, phase: 'turn', events: [] };
}

/**
 * Anne sails the Dutchman of row C to C3 and closes Bart's 15 at B2-C3 (he owes 9) and Cees's 20
 * at B3-C4 (he owes 16), Bart holding 2 and Cees 10: whoever pays first borrows more, so she
 * chooses the order (under rules version 1: one ring at a time).
 */
function orderChoice(rules = freibeuter.rulesVersion): FreibeuterState {
  const s = position({
    tokens: { B2: { kind: 'ship', value: 15 }, B3: { kind: 'ship', value: 20 } },
    boarded: { B2: 1, B3: 2 },
    boats: { B2: [0], B3: [0, 1], C2: [2], B4: [1], C4: [0] },
    hand: { sea: ['A1', 'D4', 'E5', 'G7'], dutchman: ['C'] },
  });
  const players = s.players.map((p, seat) => ({ ...p, treasure: [20, 2, 10][seat] as number }));
  return freibeuter.apply({ ...s, rules, players }, 0, { type: 'dutchman', line: 'C', field: 'C3' });
}

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

  it('offers every legal action exactly once, and the whole panel fits in Discord components, over random positions', () => {
    fc.assert(
      fc.property(anyGame, (game) => checkPanels(play(game))),
      { numRuns: 200 },
    );
  });

  it('does so at every step of whole games for 2, 3 and 4 players, meeting every kind of choice', () => {
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
    const ships = s.tokens.flatMap((tk, point) => (tk?.kind === 'ship' ? [{ type: 'board', point } as FreibeuterAction] : []));
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
    for (const legal of [[...ships, ...sea, ...dutchman], [...ships, ...sea], [...ships, ...dutchman.slice(0, 20)], [...sea, ...dutchman]]) {
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
    // Each ship named as the board draws it: its number, its value and what it pays per boat.
    const named = start.groups.slice(1).flatMap((g) => g.choices.map((ch) => ch.label));
    expect(named).toEqual(
      ships.map((a) => {
        const token = a.type === 'board' ? s.tokens[a.point] : null;
        const value = token?.kind === 'ship' ? token.value : 0;
        return `Ship ${a.type === 'board' ? a.point + 1 : 0} · ${value}/${value / 5}`;
      }),
    );
    // Fewer free ships than a menu holds: one menu.
    const boarded = { ...s, boarded: s.boarded.map((_, point) => (point === (ships[0] as { point: number }).point ? 1 : null)) };
    const fewer = s.tokens.flatMap((tk, point) => (tk?.kind === 'ship' && point !== (ships[0] as { point: number }).point ? [{ type: 'board', point } as FreibeuterAction] : []));
    expect(presenter.panel(view(boarded, 0), fewer.slice(0, 25), ctx).groups.map((g) => [g.placeholder, g.choices.length])).toEqual([['Board a ship (no card, no draw)…', 25]]);
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
    expect(choice('Ship 9 · 20/4')?.description).toBe('1 of 4 taken · you pay 4 per other boat, 4 now');
    expect(choices.find((c) => c.label.startsWith('Ship 8 '))).toBeUndefined();
    const nl = presenter.panel(view(s, 0), legal, { ...ctxFor(3), t: translator('nl') });
    const schip = nl.groups.flatMap((g) => g.choices).find((c) => c.label === 'Schip 9 · 20/4');
    expect(schip?.description).toBe('1 van 4 bezet · je betaalt 4 per boot van een ander, nu 4');
    const groups = panel.groups.map((g) => g.placeholder);
    // 27 ships are free: two menus, each under its numbers, beside the two of cards: four rows and Refresh.
    expect(groups).toEqual(['Play a sea card…', 'Play a Dutchman card…', 'Board a ship, numbers 2–20 (no card, no draw)…', 'Board a ship, numbers 21–36 (no card, no draw)…']);
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
              expect(presenter.panel(view(changed, seat), freibeuter.legalActions(changed, seat), c)).toEqual(presenter.panel(view(s, seat), freibeuter.legalActions(s, seat), c));
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

describe('Freibeuter posts', () => {
  it('posts when the turn passes on or the game ends, never in the middle of a turn', () => {
    fc.assert(
      fc.property(anyGame, (game) => {
        play({ ...game, steps: 300 }, (before, _, __, after) => {
          const passed = after.turn !== before.turn || freibeuter.isOver(after);
          expect(turnEnded(after.events)).toBe(passed);
        });
      }),
      { numRuns: 60 },
    );
  });

  it('describes every kind of event in words', () => {
    const lines = presenter.describe(
      [
        { type: 'turnStarted', seat: 1, turn: 1 },
        { type: 'boarded', seat: 1, point: pointAt('B2'), value: 15 },
        { type: 'turnStarted', seat: 2, turn: 2 },
        { type: 'placed', seat: 2, field: 'C3' },
        { type: 'tookTreasure', seat: 3, field: 'D4', amount: 2 },
        { type: 'dutchmanPlaced', seat: 0, line: 'C', field: 'C4' },
        { type: 'dutchmanPlaced', seat: 0, line: '4', field: 'C4' },
        { type: 'encircled', points: [pointAt('B3')] },
        { type: 'encircled', points: [pointAt('B2'), pointAt('B3'), pointAt('C3')] },
        { type: 'orderChoice', seat: 0, points: [pointAt('B2'), pointAt('C3')] },
        { type: 'escaped', point: pointAt('B3'), value: 10 },
        {
          type: 'captured',
          seat: 1,
          point: pointAt('B2'),
          value: 15,
          perBoat: 3,
          payments: [
            { seat: 0, boats: 2, amount: 6 },
            { seat: 2, boats: 1, amount: 3 },
          ],
          total: 9,
        },
        { type: 'credit', seat: 1, point: pointAt('B2'), amount: 7, marker: true },
        { type: 'captured', seat: 3, point: pointAt('E5'), value: 5, perBoat: 1, payments: [], total: 0 },
        { type: 'credit', seat: 3, point: pointAt('E5'), amount: 4, marker: false },
        { type: 'pirateTreasure', point: pointAt('C3'), shares: [{ seat: 0, boats: 2, amount: 4 }, { seat: 3, boats: 1, amount: 2 }], left: 2 },
        { type: 'pirateTreasure', point: pointAt('D3'), shares: [], left: 1 },
        { type: 'pirateTreasure', point: pointAt('D4'), shares: [{ seat: 1, boats: 3, amount: 6 }], left: 0 },
        { type: 'doubleTaken', point: pointAt('F6'), value: 20 },
        { type: 'dutchmanRemoved', field: 'C4' },
        { type: 'drew', seat: 0, pile: 'sea', card: null, forced: false },
        { type: 'drew', seat: 0, pile: 'sea', card: 'A1', forced: true },
        { type: 'drew', seat: 0, pile: 'dutchman', card: 'C', forced: false },
        { type: 'resigned', seat: 2, boatsBack: 2 },
        { type: 'resigned', seat: 1, boatsBack: 1 },
        { type: 'resigned', seat: 3, boatsBack: 0 },
        // Said already by the last pirate treasure's line.
        { type: 'gameOver', reason: 'pirateTreasures', seat: null, scores: [1, 2, 3, 4] },
        { type: 'gameOver', reason: 'seaPileEmpty', seat: 1, scores: [1, 2, 3, 4] },
        { type: 'gameOver', reason: 'noBoats', seat: 2, scores: [1, 2, 3, 4] },
      ],
      ctx,
    );
    expect(lines).toEqual([
      'The tokens are shuffled onto the sea and everybody gets 4 sea cards and a Dutchman card. Bart begins (drawn by lot).',
      '⚓ Bart boards ship 8 at B2-C3 (worth 15, pays 3 per boat).',
      '⛵ Cees puts a boat on C3.',
      '🪙 Dirk plays D4, where a boat already lies, and takes 2 treasure.',
      '👻 Anne plays the Dutchman card of row C: the Flying Dutchman sails to C4.',
      '👻 Anne plays the Dutchman card of column 4: the Flying Dutchman sails to C4.',
      'The ring around B3-C4 is closed.',
      'The rings around B2-C3, B3-C4 and C3-D4 are closed.',
      'Anne chooses the order for B2-C3 and C3-D4.',
      '💨 The ship at B3-C4 (10) had nobody aboard and escapes.',
      '💰 **Bart takes the ship at B2-C3 (15)**, paying 3 per boat: Anne 6, Cees 3.',
      '🏦 Bart cannot pay it all and borrows 7 from the bank (a boat is laid aside as a marker; 14 to repay at the end).',
      '💰 **Dirk takes the ship at E5-F6 (5)**; nobody else has a boat around it.',
      '🏦 Dirk cannot pay it all and borrows 4 from the bank (8 to repay at the end; no boat left to mark it).',
      '🏴‍☠️ **Pirate treasure at C3-D4**: Anne 4, Dirk 2. 2 pirate treasures left.',
      '🏴‍☠️ **Pirate treasure at D3-E4**: nobody still playing has a boat around it. 1 pirate treasure left.',
      '🏴‍☠️ **Pirate treasure at D4-E5**: Bart 6. That was the last one: this move ends the game.',
      '✨ The double-value token at F6-G7 is taken: ships worth 20 count double at the end.',
      'The Flying Dutchman leaves C4.',
      'Anne draws a sea card.',
      'Anne draws a sea card (no choice).',
      'Anne draws a Dutchman card.',
      'Cees leaves the game; the boats on the sea stay, and 2 boarding boats go home, so those ships are free again.',
      'Bart leaves the game; the boats on the sea stay, and the boarding boat goes home, so that ship is free again.',
      'Dirk leaves the game; the boats on the sea stay and still help close rings.',
      '🏁 Bart goes to draw a sea card, but the pile is empty: that ends the game.',
      '🏁 Cees starts a turn with no boat left: that ends the game.',
    ]);
    // The end of the pirate treasures, when no line has said it yet.
    expect(presenter.describe([{ type: 'gameOver', reason: 'pirateTreasures', seat: null, scores: [1, 2, 3, 4] }], ctx)).toEqual([
      '🏁 The last pirate treasure is gone: that ends the game.',
    ]);
  });

  it('tells the rulebook example of a payment as it happens: Marc pays Anne 6 and Carl 3', () => {
    // Anne's boat on B2, Carl's on B3, Marc's own on C2; Marc boarded the 15 at B2-C3; Anne closes it on C3.
    const s = position({
      tokens: { B2: { kind: 'ship', value: 15 } },
      boarded: { B2: 1 },
      boats: { B2: [0], C2: [1], B3: [2] },
      hand: { sea: ['C3', 'A1', 'A2', 'A3'], dutchman: ['A'] },
    });
    const c = { t, players: ['Anne', 'Marc', 'Carl'].map((name, i) => ({ name, mention: `<@${i}>`, colour: 'red' })) };
    const panel = presenter.panel(view(s, 0), freibeuter.legalActions(s, 0), c);
    expect(panel.groups.flatMap((g) => g.choices).find((ch) => ch.label === 'Put a boat on C3')?.description).toBe('Closes B2-C3: Marc takes ship 15, pays you 6');
    const after = freibeuter.apply(s, 0, { type: 'place', field: 'C3' });
    expect(presenter.describe(view(after, null).events, c)).toEqual([
      '⛵ Anne puts a boat on C3.',
      'The ring around B2-C3 is closed.',
      '💰 **Marc takes the ship at B2-C3 (15)**, paying 3 per boat: Carl 3, Anne 6.',
    ]);
  });
});

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
    expect(titles('nl')).toEqual(['Freibeuter', 'Voorbereiding', 'Je beurt', 'Omsingelen en krediet', 'Einde en telling', 'Zo beslist de bot in twijfelgevallen']);
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

  it('says in the status line whose turn it is and what the sea still holds', () => {
    const s = freibeuter.setup({ seats: 3, seed: 'status', options: {} });
    const c = ctxFor(3);
    const player = NAMES[s.current] as string;
    expect(presenter.status(view(s, null), c)).toBe(`Turn 1, ${player} to move · 4 pirate treasures left · sea pile 62.`);
    const oneLeft = { ...s, tokens: s.tokens.map((tk, point) => (tk?.kind === 'pirate' && point !== s.tokens.findIndex((x) => x?.kind === 'pirate') ? null : tk)) };
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
    return rankingLines(result, marked.slice(0, s.seats), (score) => ctx.t(presenter.score, { score }), ctx.t, (seat) => presenter.breakdown?.(view(s, null), seat, ctx) ?? '', departures);
  }

  it('breaks each final score down as the rulebook adds it up: treasure + ships, doubled values, − 2 × loans', () => {
    const s = finished();
    expect(ranking(s, c)).toEqual([
      '**The game is over.**',
      '1. ▲ Cees (154 points): 41 treasure + 185 in ships (5, 2 × 15 doubled, 6 × 20) − 2 × 36 loans (7 + 12 + 17)',
      '2. ● Anne (126 points): 36 treasure + 90 in ships (2 × 5, 2 × 15 doubled, 20)',
      '3. ◆ Bart (-11 points): 1 treasure − 2 × 6 loan',
    ]);
    expect(ranking(s, nl)).toEqual([
      '**De partij is afgelopen.**',
      '1. ▲ Cees (154 punten): 41 schatkisten + 185 aan schepen (5, 2 × 15 dubbel, 6 × 20) − 2 × 36 krediet (7 + 12 + 17)',
      '2. ● Anne (126 punten): 36 schatkisten + 90 aan schepen (2 × 5, 2 × 15 dubbel, 20)',
      '3. ◆ Bart (-11 punten): 1 schatkist − 2 × 6 krediet',
    ]);
    expect(presenter.breakdown?.(view({ ...s, players: s.players.map((p) => ({ ...p, ships: [], loans: [], treasure: 20 })) }, null), 0, c)).toBe('20 treasure, no ships');
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
      expect(presenter.panel(view(over, seat), [], nl2).text).toContain('● Anne heeft de partij gewonnen, want de anderen zijn gestopt. Eindstand: ● Anne 20, ◆ Bart 50 (gestopt).');
    }
    expect(ranking(over, c2)).toEqual(['**The game is over.**', '1. ● Anne (20 points): 20 treasure, no ships', '2. ◆ Bart (50 points, resigned): 50 treasure, no ships']);
    expect(ranking(over, nl2)).toEqual(['**De partij is afgelopen.**', '1. ● Anne (20 punten): 20 schatkisten, geen schepen', '2. ◆ Bart (50 punten, opgegeven): 50 schatkisten, geen schepen']);

    // Three players: the first to leave takes his boarding boat home and the game goes on; the second ends it.
    let s = freibeuter.setup({ seats: 3, seed: 'leave', options: {} });
    const ship = s.tokens.findIndex((tk) => tk?.kind === 'ship');
    s = { ...s, boarded: s.boarded.map((b, point) => (point === ship ? 2 : b)) };
    s = freibeuter.resign(s, 2);
    expect(freibeuter.isOver(s)).toBe(false);
    expect(presenter.describe(view(s, null).events, c)).toEqual(['Cees leaves the game; the boats on the sea stay, and the boarding boat goes home, so that ship is free again.']);
    expect(presenter.describe(view(s, null).events, nl)).toEqual(['Cees verlaat het spel; de boten op zee blijven liggen en de enterboot gaat terug, dus dat schip is weer vrij.']);
    s = freibeuter.resign(s, s.current === 0 ? 1 : 0);
    const winner = freibeuter.toAct(s).length === 0 ? (s.end?.seat as number) : -1;
    const lines = presenter.describe(view(s, null).events, c);
    expect(lines.at(-1)).toBe(`🏁 ${NAMES[winner]} is the only one left and wins.`);
    for (const line of lines) expect(line).not.toMatch(/ends the game|That was the last one|has no boat left/);
    expect(presenter.status(view(s, null), c)).toBe(`${marked[winner]} won the game, as everyone else left.`);
  });
});
