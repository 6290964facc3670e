import { describe, expect, it } from 'vitest';
import { expectSanePng, saveArtifact } from '../../../tests/support/png.js';
import { randomInt, seedRng, type RngState } from '../../engine/index.js';
import { translator } from '../../i18n/index.js';
import { PLAYER_COLOURS } from '../../render/index.js';
import { renderCartagenaBoard, type BoardPlayer } from './render.js';
import { cartagena, type CartagenaAction, type CartagenaState, type CartagenaView } from './rules.js';

const t = translator('en');
const NAMES = ['Anne Bonny', 'Blackbeard', 'Calico Jack Rackham the Magnificent', 'Mary Read', 'Grace O’Malley'];

function playersFor(seats: number): BoardPlayer[] {
  return NAMES.slice(0, seats).map((name, i) => ({ name, colour: PLAYER_COLOURS[i] as (typeof PLAYER_COLOURS)[number] }));
}

/**
 * Plays random legal actions, preferring moves forward so that games finish; stops after
 * `actions` actions or when the game is over.
 */
function play(seats: number, version: 'jamaica' | 'tortuga', seed: string, actions: number, forwardBias = 7): CartagenaState {
  let state = cartagena.setup({ seats, seed, options: { version } });
  const rng: RngState = seedRng(`${seed}:players`);
  for (let i = 0; i < actions && !cartagena.isOver(state); i++) {
    const legal = cartagena.legalActions(state, state.current);
    const forward = legal.filter((a) => a.type === 'forward');
    const pool: CartagenaAction[] = forward.length > 0 && randomInt(rng, 10) < forwardBias ? forward : legal;
    state = cartagena.apply(state, state.current, pool[randomInt(rng, pool.length)] as CartagenaAction);
  }
  return state;
}

const spectator = (s: CartagenaState) => cartagena.view(s, null) as CartagenaView;

async function renderAndSave(name: string, state: CartagenaState): Promise<Buffer> {
  const png = await renderCartagenaBoard(spectator(state), playersFor(state.seats), t);
  saveArtifact(`cartagena-${name}`, png);
  return png;
}

describe('Cartagena board image', () => {
  it('renders a fresh Jamaica game', async () => {
    expectSanePng(await renderAndSave('jamaica-fresh-4p', play(4, 'jamaica', 'fresh', 0)));
  });

  it('renders a Jamaica game in the middle', async () => {
    const state = play(3, 'jamaica', 'middle', 45);
    expect(state.pirates.flat().some((p) => p > 0 && p < 37)).toBe(true);
    expectSanePng(await renderAndSave('jamaica-mid-3p', state));
  });

  it('renders a finished Jamaica game with its winner', async () => {
    const state = play(4, 'jamaica', 'finish', 5000);
    expect(state.winner).not.toBeNull();
    expectSanePng(await renderAndSave('jamaica-won-4p', state));
  });

  it('renders Tortuga for 2 and 5 players', async () => {
    expectSanePng(await renderAndSave('tortuga-mid-2p', play(2, 'tortuga', 'two', 30, 4)));
    expectSanePng(await renderAndSave('tortuga-mid-5p', play(5, 'tortuga', 'five', 70, 4)));
  });

  it('stays readable when crowded: five colours at the start and aboard, a large open hand', async () => {
    const base = play(5, 'tortuga', 'crowded', 0);
    const state: CartagenaState = {
      ...base,
      // Positions chosen for the picture, not reached by play: full spaces, every colour everywhere.
      pirates: base.pirates.map((_, seat) => [0, 0, 37, 37, 37 - seat, 12]).map((own, seat) => (seat < 3 ? own : [...own.slice(0, 5), 20])),
      hands: base.hands.map((hand, seat) => (seat === base.current ? [...hand, ...hand, 'skull', 'dagger', 'key', 'bottle', 'pistol', 'hat', 'hat', 'hat', 'hat', 'hat', 'hat', 'hat', 'hat', 'hat'] : hand)),
    };
    expectSanePng(await renderAndSave('tortuga-crowded-5p', state));
  });

  it('never shows hidden hands: Jamaica hands with other contents give the same image', async () => {
    const state = play(3, 'jamaica', 'secret', 20);
    const other: CartagenaState = {
      ...state,
      // Same sizes, different contents: every card turned into a skull or a hat.
      hands: state.hands.map((hand, seat) => hand.map(() => (seat % 2 === 0 ? 'skull' : 'hat'))),
    };
    expect(other.hands).not.toEqual(state.hands);
    const players = playersFor(3);
    const a = await renderCartagenaBoard(spectator(state), players, t);
    const b = await renderCartagenaBoard(spectator(other), players, t);
    expect(a.equals(b)).toBe(true);
  });

  it('refuses a player list that does not match the seats', async () => {
    await expect(renderCartagenaBoard(spectator(play(3, 'jamaica', 'x', 0)), playersFor(2), t)).rejects.toThrow(RangeError);
  });
});
