import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { randomInt, seedRng, type Seat } from '../../engine/index.js';
import { translator } from '../../i18n/index.js';
import { replay } from '../../service/action-log.js';
import { cartagenaPresenter } from './presenter.js';
import { renderCartagenaBoard } from './render.js';
import { PLAYER_COLOURS } from '../../render/index.js';
import { expectSanePng, saveArtifact } from '../../../tests/support/png.js';
import { CARDS_PER_SYMBOL, START, SYMBOLS, backTarget, cartagena, occupancy, type CartagenaAction, type CartagenaState } from './rules.js';
import { S, act, countAllCards, exampleTunnel, position } from './test-positions.js';
import { playersAt } from '../../../tests/support/players.js';

const ctx = {
  t: translator('en'),
  players: playersAt(['Ann', 'Ben'], PLAYER_COLOURS),
};

/**
 * Tortuga, late in a game: the last card lies in the row, deck and discards are empty. Ann (seat 0)
 * moves back from 10 to 5 and takes it, so no new row can be laid out; then she plays her key
 * (to space 1) and her hat (to space 4), which go to the discards. Ben then moves back from 3 to 1.
 */
function rowRunsDry(rules: number | 'unversioned'): { dry: CartagenaState; played: CartagenaState; drawn: CartagenaState } {
  const start = position({
    version: 'tortuga',
    rules: rules === 'unversioned' ? undefined : rules,
    tunnel: exampleTunnel,
    pirates: [
      [10, START, START, START, START, START],
      [5, 3, START, START, START, START],
    ],
    hands: [[S.key, S.hat], []],
    row: [S.pistol],
    drawPile: [],
    discardPile: [],
  });
  // A state stored before games carried their rules version has no `rules` field at all.
  if (rules === 'unversioned') delete (start as Partial<CartagenaState>).rules;
  const dry = act(start, { type: 'back', from: 10 });
  const played = act(dry, { type: 'forward', card: S.key, from: START }, { type: 'forward', card: S.hat, from: START });
  const drawn = act(played, { type: 'back', from: 3 });
  return { dry, played, drawn };
}

describe("Cartagena: Tortuga's empty row (rules version 2)", () => {
  it('new games are opened under version 2; a game opened under version 1 keeps it', () => {
    expect(cartagena.rulesVersion).toBe(2);
    expect(cartagena.setup({ seats: 2, seed: 'v', options: { version: 'tortuga' } }).rules).toBe(2);
    expect(cartagena.setup({ seats: 2, seed: 'v', options: { version: 'tortuga' }, rulesVersion: 1 }).rules).toBe(1);
  });

  it('a row that could not be laid out is laid out from the discards as soon as a card must be drawn', () => {
    const { dry, played, drawn } = rowRunsDry(2);
    expect(dry.hands[0]).toEqual([S.key, S.hat, S.pistol]);
    expect(dry.row).toEqual([]);
    expect(dry.events.some((e) => e.type === 'row-laid-out')).toBe(false);
    expect(played.current).toBe(1);
    expect(played.pirates[0]).toEqual([5, 1, 4, START, START, START]);
    expect([...played.discardPile].sort()).toEqual([S.hat, S.key]);
    expect(played.row).toEqual([]);

    // Ben is entitled to one card: the discards are shuffled into a new row of two, he takes its first.
    expect(drawn.events).toContainEqual({ type: 'reshuffled' });
    expect(drawn.events).toContainEqual({ type: 'row-laid-out', cards: 2 });
    expect(drawn.hands[1]).toHaveLength(1);
    expect([...(drawn.hands[1] as string[]), ...drawn.row].sort()).toEqual([S.hat, S.key]);
    expect(drawn.row).toHaveLength(1);
    expect(drawn.discardPile).toEqual([]);
    expect(drawn.drawPile).toEqual([]);
    expect(drawn.events.find((e) => e.type === 'back')).toMatchObject({ seat: 1, from: 3, to: 1, drawCount: 1, drew: drawn.hands[1] });
  });

  it('tells the new row in the public post, and the board shows it', async () => {
    const { played, drawn } = rowRunsDry(2);
    const lines = cartagenaPresenter.describe(cartagena.view(drawn, null).events, ctx);
    expect(lines).toEqual([
      expect.stringMatching(/^■ Ben moved a pirate back from space 3 to space 1 and drew 1 card \((🎩|🔑)\)\.$/),
      'The discard pile was shuffled into a new deck.',
      '2 new cards were laid out in the open row.',
    ]);
    expect(cartagenaPresenter.describe([{ type: 'row-laid-out', cards: 1 }], ctx)).toEqual(['1 new card was laid out in the open row.']);
    expect(cartagena.view(drawn, null).row).toEqual(drawn.row);
    const players = ctx.players.map((p) => ({ name: p.name, colour: p.colour as (typeof PLAYER_COLOURS)[number] }));
    const png = await renderCartagenaBoard(cartagena.view(drawn, null), players, ctx.t);
    saveArtifact('cartagena-tortuga-row-relaid', png);
    expectSanePng(png);
    // Before that, the empty row says it is laid out again at the next draw (the discards hold cards).
    const empty = await renderCartagenaBoard(cartagena.view(played, null), players, ctx.t);
    saveArtifact('cartagena-tortuga-row-empty', empty);
    expectSanePng(empty);
  });

  it('under version 1 (and for games stored before versions existed) the row stays empty and the draw gets nothing', () => {
    for (const rules of [1, 'unversioned'] as const) {
      const { drawn } = rowRunsDry(rules);
      expect(drawn.hands[1]).toEqual([]);
      expect(drawn.row).toEqual([]);
      expect([...drawn.discardPile].sort()).toEqual([S.hat, S.key]);
      expect(drawn.events.find((e) => e.type === 'back')).toMatchObject({ drawCount: 0, drew: [] });
      expect(drawn.events.some((e) => e.type === 'row-laid-out' || e.type === 'reshuffled')).toBe(false);
    }
  });

  it('leaves Jamaica as it was: an empty deck is refilled from the discards under both versions', () => {
    const jamaica = (rules: number) =>
      act(
        position({
          rules,
          tunnel: exampleTunnel,
          pirates: [
            [10, START, START, START, START, START],
            [5, 5, START, START, START, START],
          ],
          hands: [[], []],
          drawPile: [S.key],
          discardPile: [S.hat, S.hat, S.skull],
        }),
        { type: 'back', from: 10 },
      );
    const [v1, v2] = [jamaica(1), jamaica(2)];
    expect(v2.hands[0]).toHaveLength(2);
    expect({ ...v1, rules: 2 }).toEqual(v2);
  });
});

// ---------------------------------------------------------------------------------------------
// Random play, with players who like moving back so that the row runs dry and comes back.

/** Plays up to `steps` actions, moving back with probability `backBias`/10 where possible. */
function hoard(
  setup: { seats: number; seed: string; version: 'jamaica' | 'tortuga'; rulesVersion: number },
  backBias: number,
  steps: number,
  onApply?: (before: CartagenaState, action: CartagenaAction, after: CartagenaState) => void,
): { state: CartagenaState; log: { seat: Seat; action: CartagenaAction }[] } {
  const rng = seedRng(`${setup.seed}:players`);
  let state = cartagena.setup({ seats: setup.seats, seed: setup.seed, options: { version: setup.version }, rulesVersion: setup.rulesVersion });
  const log: { seat: Seat; action: CartagenaAction }[] = [];
  for (let k = 0; k < steps && !cartagena.isOver(state); k++) {
    const legal = cartagena.legalActions(state, state.current);
    const back = legal.filter((a) => a.type === 'back');
    const pool = back.length > 0 && randomInt(rng, 10) < backBias ? back : legal;
    const action = pool[randomInt(rng, pool.length)] as CartagenaAction;
    const next = cartagena.apply(state, state.current, action);
    log.push({ seat: state.current, action });
    onApply?.(state, action, next);
    state = next;
  }
  return { state, log };
}

const games = fc.record({
  seats: fc.integer({ min: 2, max: 5 }),
  seed: fc.string(),
  backBias: fc.integer({ min: 3, max: 9 }),
  steps: fc.integer({ min: 50, max: 600 }),
});

describe('Cartagena: the open row over random play', () => {
  it('under version 2 keeps all 102 cards and draws every card owed while any lies in the deck or the discards', () => {
    let relaid = 0;
    fc.assert(
      fc.property(games, ({ seats, seed, backBias, steps }) => {
        hoard({ seats, seed, version: 'tortuga', rulesVersion: 2 }, backBias, steps, (before, action, after) => {
          // The engine has no arrow card: the row's order (index 0 first) stands for it.
          expect(countAllCards(after)).toBe(102);
          const all = [...after.hands.flat(), ...after.drawPile, ...after.discardPile, ...after.row];
          for (const symbol of SYMBOLS) expect(all.filter((c) => c === symbol)).toHaveLength(CARDS_PER_SYMBOL);
          if (action.type !== 'back') return;
          const owed = occupancy(before, backTarget(before, action.from) as number);
          const available = before.row.length + before.drawPile.length + before.discardPile.length;
          expect(after.events.find((e) => e.type === 'back')).toMatchObject({ drawCount: Math.min(owed, available) });
          if (after.row.length === 0) expect(after.drawPile.length + after.discardPile.length).toBe(0);
          if (before.row.length === 0 && after.events.some((e) => e.type === 'row-laid-out')) relaid++;
        });
      }),
      { numRuns: 60 },
    );
    // The situation of the ruling did come up.
    expect(relaid).toBeGreaterThan(0);
  });

  it('replays exactly from the log under version 1 and under version 2, in both variants', () => {
    fc.assert(
      fc.property(
        games,
        fc.constantFrom(1, 2),
        fc.constantFrom('jamaica' as const, 'tortuga' as const),
        ({ seats, seed, backBias, steps }, rulesVersion, version) => {
          const { state, log } = hoard({ seats, seed, version, rulesVersion }, backBias, steps);
          expect(state.rules).toBe(rulesVersion);
          expect(replay(cartagena, { seed, options: { version }, rulesVersion }, seats, log)).toEqual(state);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('plays Jamaica the same under both versions', () => {
    fc.assert(
      fc.property(games, ({ seats, seed, backBias, steps }) => {
        const v1 = hoard({ seats, seed, version: 'jamaica', rulesVersion: 1 }, backBias, steps).state;
        const v2 = hoard({ seats, seed, version: 'jamaica', rulesVersion: 2 }, backBias, steps).state;
        expect({ ...v1, rules: 2 }).toEqual(v2);
      }),
      { numRuns: 30 },
    );
  });
});
