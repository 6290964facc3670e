import { describe, expect, it, vi } from 'vitest';
import { expectSanePng, saveArtifact } from '../../../tests/support/png.js';
import { randomInt, seedRng, type RngState, type Seat } from '../../engine/index.js';
import { LOCALES, translator } from '../../i18n/index.js';
import { LayerCache } from '../../render/index.js';
import { legibilityOf } from '../../render/text-sizes.js';
import { changesOf } from './board-changes.js';
import { TOKEN_R, boatPlaces, pointCentre } from './board-layout.js';
import { BOARDER_BOAT, boatOutline, numberTagBox } from './board-pieces.js';
import { tokenLabel } from './labels.js';
import { renderFreibeuterBoard, type BoardPlayer } from './render.js';
import {
  FIELDS,
  fieldCapacity,
  fieldIndex,
  freibeuter,
  pointAt,
  type FieldName,
  type FreibeuterAction,
  type FreibeuterEvent,
  type FreibeuterState,
  type ShipValue,
  type Token,
} from './rules.js';

/** Every player's shape drawn on the board, by colour: the second mark beside the colour. */
const marks = vi.hoisted(() => [] as string[]);
vi.mock('../../render/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../render/index.js')>();
  return {
    ...real,
    drawPlayerMark: (...args: Parameters<typeof real.drawPlayerMark>) => {
      marks.push(args[1]);
      real.drawPlayerMark(...args);
    },
  };
});

const t = translator('en');
/** A bot among them, whose short name ("Bram") a header must not use; a long name (32 characters is the most a name has). */
const NAMES = ['Anne Bonny', 'Bot Bram', 'Calico Jack Rackham of Nassau', 'Grace O’Malley'];
const COLOURS = ['red', 'yellow', 'green', 'purple'] as const;

function playersFor(seats: number): BoardPlayer[] {
  return NAMES.slice(0, seats).map((name, i) => ({
    name,
    ...(name.startsWith('Bot ') ? { short: name.slice(4) } : {}),
    colour: COLOURS[i] as BoardPlayer['colour'],
  }));
}

/**
 * Play as people might: a Dutchman card when one closes a ring (half the time), mostly boats on
 * the sea, sometimes boarding. Stops before the action where `stop` holds, or at the end.
 */
function play(seats: number, seed: string, stop: (s: FreibeuterState, actions: number) => boolean): FreibeuterState {
  let s = freibeuter.setup({ seats, seed, options: {} });
  const rng: RngState = seedRng(`${seed}:players`);
  for (let n = 0; !freibeuter.isOver(s) && !stop(s, n); n++) {
    const seat = freibeuter.toAct(s)[0] as Seat;
    const legal = freibeuter.legalActions(s, seat);
    const of = (...types: FreibeuterAction['type'][]) => legal.filter((a) => types.includes(a.type));
    const r = randomInt(rng, 100);
    let pool = legal;
    if (s.phase === 'turn') {
      const dutchman = of('dutchman');
      const sea = of('place', 'takeTreasure');
      const board = of('board');
      pool = dutchman.length > 0 && r < 50 ? dutchman : sea.length > 0 && r < 80 ? sea : board.length > 0 ? board : legal;
    }
    s = freibeuter.apply(s, seat, pool[randomInt(rng, pool.length)] as FreibeuterAction);
  }
  return s;
}

const spectator = (s: FreibeuterState) => freibeuter.view(s, null);

async function renderAndSave(name: string, state: FreibeuterState): Promise<Buffer> {
  const png = await renderFreibeuterBoard(spectator(state), playersFor(state.seats), t);
  saveArtifact(`freibeuter-${name}`, png);
  return png;
}

/** Puts `token` on `point`, moving what lay there to where `token` lay, so the set stays whole. */
function withToken(tokens: (Token | null)[], point: number, token: Token): (Token | null)[] {
  const next = [...tokens];
  const from = next.findIndex((tk) => tk !== null && JSON.stringify(tk) === JSON.stringify(token));
  if (from >= 0) next[from] = next[point] ?? null;
  next[point] = token;
  return next;
}

/**
 * Anne (seat 0) sails the Dutchman of row C to C3 and closes two rings at once: Bart's 15 at
 * B2-C3 and Cees's 20 at B3-C4, both owing more than they hold, so she must choose the order.
 */
function orderChoicePosition(): FreibeuterState {
  const base = freibeuter.setup({ seats: 3, seed: 'order', options: {} });
  const B2 = pointAt('B2');
  const B3 = pointAt('B3');
  let tokens = withToken(base.tokens, B2, { kind: 'ship', value: 15 });
  tokens = withToken(tokens, B3, { kind: 'ship', value: 20 });
  const boats: Partial<Record<FieldName, Seat[]>> = { B2: [0], B3: [0, 1], C2: [2], B4: [1], C4: [0] };
  const sea = FIELDS.map((name) => [...(boats[name] ?? [])]);
  const boarded = tokens.map(() => null as Seat | null);
  boarded[B2] = 1;
  boarded[B3] = 2;
  // Bart holds 2 and Cees 10: whoever pays first borrows more.
  const players = base.players.map((p, seat) => ({
    ...p,
    treasure: [20, 2, 10][seat] as number,
    hand: seat === 0 ? { sea: ['A1', 'D4', 'E5', 'G7'] as FieldName[], dutchman: ['C' as const] } : p.hand,
  }));
  const s: FreibeuterState = { ...base, tokens, sea, boarded, players, current: 0, phase: 'turn' };
  const next = freibeuter.apply(s, 0, { type: 'dutchman', line: 'C', field: 'C3' });
  if (next.phase !== 'order') throw new Error('the position should ask for the order');
  return next;
}

/** Every field full, every ship boarded, long lists of ships, loans, a player who left. */
function crowdedPosition(): FreibeuterState {
  const base = play(4, 'crowded', (_, n) => n >= 10);
  const sea = FIELDS.map((name) => {
    const field = fieldIndex(name);
    return fieldCapacity(field) === 1 ? [field % 4] : [field % 4, (field + 1) % 4];
  });
  const boarded = base.tokens.map((tk, point) => (tk?.kind === 'ship' ? point % 4 : null));
  const ships: ShipValue[] = [5, 5, 10, 10, 10, 15, 15, 20, 20, 20, 20, 5, 15, 10];
  const state: FreibeuterState = {
    ...base,
    sea,
    boarded,
    doubles: [5, 10, 15, 20],
    seaPile: [],
    dutchmanPile: [],
    escaped: [5, 10, 20],
    players: base.players.map((p, seat) => ({
      ...p,
      treasure: seat === 1 ? 0 : 123,
      boats: seat === 1 ? 0 : 3,
      lost: seat === 1 ? 3 : 0,
      ships: seat === 0 ? ships : ships.slice(0, 3 + seat),
      loans: seat === 1 ? [7, 12, 30] : [],
      resigned: seat === 2,
    })),
  };
  return state;
}

/** The crowded sea at the end: three-digit scores, and loans to repay beside them. */
function finalWithLoans(): FreibeuterState {
  const crowded = crowdedPosition();
  const many: ShipValue[] = [20, 20, 20, 20, 20, 20, 15, 15, 15, 10, 10, 5];
  return {
    ...crowded,
    phase: 'over',
    players: crowded.players.map((p) => ({ ...p, treasure: 141, ships: many, loans: [7, 12, 17, 30] })),
  };
}

/** A position just after a turn whose events include all of `types` (random games, Dutchman cards played often). */
function turnWith(seats: number, seed: string, types: FreibeuterEvent['type'][]): FreibeuterState {
  for (let game = 0; game < 100; game++) {
    let s = freibeuter.setup({ seats, seed: `${seed}${game}`, options: {} });
    const rng: RngState = seedRng(`${seed}${game}:players`);
    while (!freibeuter.isOver(s)) {
      const seat = freibeuter.toAct(s)[0] as Seat;
      const legal = freibeuter.legalActions(s, seat);
      const dutchman = legal.filter((a) => a.type === 'dutchman');
      const pool = dutchman.length > 0 && randomInt(rng, 2) === 0 ? dutchman : legal;
      s = freibeuter.apply(s, seat, pool[randomInt(rng, pool.length)] as FreibeuterAction);
      const turn = spectator(s).turnEvents.map((e) => e.type);
      if (turn.includes('turnStarted') && types.every((type) => turn.includes(type))) return s;
    }
  }
  throw new Error(`no turn with ${types.join(', ')}`);
}

describe('Freibeuter board image', () => {
  it('renders the start: all 36 tokens, an empty sea, four players', async () => {
    const state = play(4, 'start', () => true);
    expect(spectator(state).tokens.every((tk) => tk.token !== null)).toBe(true);
    expectSanePng(await renderAndSave('start-4p', state));
  });

  it('renders the middle of a game: boats, boarded ships, captured ships, doubles', async () => {
    const state = play(3, 'middle', (s, n) => n >= 90 && s.phase === 'turn');
    const view = spectator(state);
    expect(view.fields.some((f) => f.boats.length === 2)).toBe(true);
    expect(view.tokens.some((tk) => tk.boardedBy !== null)).toBe(true);
    expectSanePng(await renderAndSave('middle-3p', state));
  });

  it('renders the choice of order: the Flying Dutchman on the sea, the rings waiting to be paid', async () => {
    const state = orderChoicePosition();
    const view = spectator(state);
    expect(view.dutchman).toBe('C3');
    expect(view.pending).toHaveLength(2);
    expectSanePng(await renderAndSave('order-3p', state));
  });

  it('renders the end with the winner, for four players and for two', async () => {
    const four = play(4, 'end', () => false);
    expect(four.phase).toBe('over');
    expectSanePng(await renderAndSave('end-4p', four));
    const two = play(2, 'end-two', () => false);
    expect(two.phase).toBe('over');
    expectSanePng(await renderAndSave('end-2p', two));
  });

  it('stays readable when crowded: every field full, every ship boarded, long lists of ships, loans, a player who left', async () => {
    expectSanePng(await renderAndSave('crowded-4p', crowdedPosition()));
  });

  it('marks what the last turn changed, though its last step was only the draw', async () => {
    const s = freibeuter.setup({ seats: 3, seed: 'changes', options: {} });
    const field = s.players[s.current]?.hand.sea[0] as FieldName;
    const placed = freibeuter.apply(s, s.current, { type: 'place', field });
    expect(placed.phase).toBe('draw');
    const drawn = freibeuter.apply(placed, s.current, { type: 'draw', pile: 'sea' });
    const view = spectator(drawn);
    expect(view.events.map((e) => e.type)).toEqual(['drew', 'turnStarted']);
    expect(view.turnEvents.map((e) => e.type)).toEqual(['placed', 'drew', 'turnStarted']);
    expect(view.turnEvents.find((e) => e.type === 'drew')).toMatchObject({ card: null });
    expect(changesOf(view).played).toEqual([fieldIndex(field)]);
    // The next turn starts afresh.
    const seat = drawn.current;
    const next = freibeuter.apply(drawn, seat, freibeuter.legalActions(drawn, seat)[0] as FreibeuterAction);
    expect(spectator(next).turnEvents).toEqual(spectator(next).events);
    // The marks are drawn: the board without them differs.
    const players = playersFor(3);
    const marked = await renderFreibeuterBoard(view, players, t);
    expect(marked.equals(await renderFreibeuterBoard({ ...view, turnEvents: [] }, players, t))).toBe(false);
  });

  it('marks a turn of the Flying Dutchman, a capture on credit, and one with a choice of order', async () => {
    const dutchman = turnWith(4, 'dutchman', ['dutchmanPlaced', 'captured', 'credit']);
    const changes = changesOf(spectator(dutchman));
    expect(changes.dutchman).not.toBeNull();
    expect(changes.resolved.some((r) => r.taker !== null)).toBe(true);
    expect(changes.loans.some((loan) => loan > 0)).toBe(true);
    // What changed hands adds up: the payer's loss is the helpers' gain, less what he borrowed.
    expect(changes.treasure.reduce((a, b) => a + b, 0)).toBe(changes.loans.reduce((a, b) => a + b, 0) + 2 * changes.treasureFields.length);
    expectSanePng(await renderAndSave('dutchman-capture-4p', dutchman));
    expectSanePng(await renderAndSave('order-turn-4p', turnWith(4, 'order', ['orderChoice', 'captured', 'drew'])));
  });

  it('draws nothing hidden: the image of a spectator does not change with the hands', async () => {
    const state = play(3, 'secret', (_, n) => n >= 40);
    const players = playersFor(3);
    const a = await renderFreibeuterBoard(spectator(state), players, t);
    const swapped: FreibeuterState = {
      ...state,
      players: state.players.map((p, seat) => ({ ...p, hand: state.players[(seat + 1) % 3]?.hand ?? p.hand })),
      seaPile: [...state.seaPile].reverse(),
    };
    const b = await renderFreibeuterBoard(spectator(swapped), players, t);
    expect(b.equals(a)).toBe(true);
    // A seat's own view carries its hand; the board drawn from it would be the same picture.
    const own = await renderFreibeuterBoard({ ...freibeuter.view(state, 0), viewer: null, hand: null }, players, t);
    expect(own.equals(a)).toBe(true);
  });

  it('refuses a player list that does not match the seats', async () => {
    await expect(renderFreibeuterBoard(spectator(play(3, 'x', () => true)), playersFor(2), t)).rejects.toThrow(RangeError);
  });
});

/**
 * What the board may draw smaller than 22 px: the words beside the pile counts and the boats in
 * supply, the turn's change of a treasure and why the game ended, the sum under a final score and
 * the loans in a score, the legend, and the ×2 on a ship whose value is listed as doubled.
 */
const SECONDARY = ['caption', 'history', 'breakdown', 'legend', 'repeat'] as const;

describe('Freibeuter board at chat size', () => {
  /** The states every board must stay legible in: the largest seat count, each phase, the final board. */
  const states: [string, () => FreibeuterState][] = [
    ['the start, 4 players', () => play(4, 'start', () => true)],
    ['the middle, 4 players', () => play(4, 'middle-4', (s, n) => n >= 120 && s.phase === 'turn')],
    ['the choice of order, 3 players', orderChoicePosition],
    ['a crowded sea, 4 players', crowdedPosition],
    ['a Dutchman turn, 4 players', () => turnWith(4, 'dutchman', ['dutchmanPlaced', 'captured', 'credit'])],
    ['the final board, 4 players', () => play(4, 'end', () => false)],
    ['the final board, 2 players', () => play(2, 'end-two', () => false)],
    ['the final board with wide sums and loans, 4 players', finalWithLoans],
  ];
  const cases = LOCALES.flatMap((locale) => states.map(([name, state]) => [locale, name, state] as const));

  it.each(cases)('%s, %s: wider than tall, what matters at 22 px, the rest at 16, nothing cut', async (locale, name, state) => {
    const s = state();
    const { png, drawn, problems } = await legibilityOf(() => renderFreibeuterBoard(spectator(s), playersFor(s.seats), translator(locale)), {
      names: NAMES.slice(0, s.seats),
      secondary: SECONDARY,
    });
    saveArtifact(`freibeuter-chat-${locale}-${name.replace(/[^a-z0-9]+/gi, '-')}`, png);
    expect(drawn.length).toBeGreaterThan(20);
    expect(problems).toEqual([]);
    // Every ship on the sea carries its number, at full size.
    const ships = spectator(s).tokens.filter((tk) => tk.token?.kind === 'ship');
    for (const ship of ships) expect(drawn.some((d) => d.text === String(ship.point + 1) && d.secondary === null && d.size >= 22)).toBe(true);
    // The final sums are drawn whole, never cut with "…", however wide the numbers.
    const sums = drawn.map((d) => d.text).filter((text) => text.includes(' = '));
    if (s.phase === 'over') expect(sums).toHaveLength(s.seats);
    for (const sum of sums) expect(sum).not.toMatch(/…/);
    // Under a megabyte is what Discord takes; a board this flat should stay far below.
    expect(png.length).toBeLessThan(320 * 1024);
  });

  it.each(states)('%s: who sits where is never hidden, and no ship number or value lies under a boat', (_, state) => {
    const view = spectator(state());
    const tokens = view.tokens.filter((tk) => tk.token !== null).map((tk) => ({ ...tk, centre: pointCentre(tk.point) }));
    let boats = 0;
    view.fields.forEach((field, index) => {
      for (const place of boatPlaces(index, field.boats.length)) {
        boats++;
        for (const { x, y } of boatOutline(place.x, place.y, place.w)) {
          for (const tk of tokens) {
            const dx = x - tk.centre.x;
            const dy = y - tk.centre.y;
            // The disc with its boarder's ring, the number tag on top, the boarder's boat on the left rim.
            expect(Math.hypot(dx, dy), `a boat on ${field.name} under token ${tk.label}`).toBeGreaterThan(TOKEN_R + 5);
            if (tk.token?.kind === 'ship') {
              const tag = numberTagBox(tokenLabel(tk.point));
              expect(dx > tag.x && dx < tag.x + tag.w && dy > tag.y && dy < tag.y + tag.h, `a boat on ${field.name} under the number of ship ${tk.label}`).toBe(
                false,
              );
            }
            if (tk.boardedBy !== null) {
              const b = BOARDER_BOAT;
              const inside = Math.abs(dx - b.x) < b.w / 2 && dy > b.y - b.w * 0.92 * 0.54 && dy < b.y + b.w * 0.92 * 0.44;
              expect(inside, `a boat on ${field.name} under the boarder's boat of ${tk.label}`).toBe(false);
            }
          }
        }
      }
    });
    expect(boats).toBe(view.fields.reduce((n, f) => n + Math.min(2, f.boats.length), 0));
  });

  it("draws every player's shape beside his colour: on his boats, his card, the header", async () => {
    for (const s of [play(4, 'middle-4', (st, n) => n >= 120 && st.phase === 'turn'), play(4, 'end', () => false)]) {
      LayerCache.clearAll();
      marks.length = 0;
      await renderFreibeuterBoard(spectator(s), playersFor(4), t);
      for (const colour of COLOURS) expect(marks.filter((c) => c === colour).length, colour).toBeGreaterThanOrEqual(2);
    }
  });
});
