import { describe, expect, it, vi } from 'vitest';
import { createCanvas, loadImage, type Image } from 'canvas';
import { expectSanePng, saveArtifact } from '../../../tests/support/png.js';
import { randomInt, seedRng, type RngState } from '../../engine/index.js';
import { LOCALES, translator } from '../../i18n/index.js';
import { LayerCache, PLAYER_COLOURS } from '../../render/index.js';
import { legibilityOf, textDrawnBy } from '../../render/text-sizes.js';
import { renderCartagenaBoard, type BoardPlayer } from './render.js';
import { BOARD_H, HEADER_H, RESULT_H } from './board-layout.js';
import { cartagena, type CartagenaAction, type CartagenaState, type CartagenaSymbol, type CartagenaView } from './rules.js';

/** The radius of every player shape drawn on a piece, to see that the shapes read at chat size. */
const marks = vi.hoisted(() => [] as number[]);
vi.mock('../../render/index.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../render/index.js')>();
  return {
    ...real,
    drawPlayerMark: (...args: Parameters<typeof real.drawPlayerMark>) => {
      marks.push(args[4]);
      real.drawPlayerMark(...args);
    },
  };
});

const t = translator('en');
/** A bot among them, whose short name ("Bram") a header must not use; a long name (32 characters is the most a name has). */
const NAMES = ['Anne Bonny', 'Bot Bram', 'Calico Jack Rackham of Nassau', 'Mary Read', 'Grace O’Malley'];

function playersFor(seats: number, names: readonly string[] = NAMES): BoardPlayer[] {
  return names
    .slice(0, seats)
    .map((name, i) => ({ name, ...(name.startsWith('Bot ') ? { short: name.slice(4) } : {}), colour: PLAYER_COLOURS[i] as (typeof PLAYER_COLOURS)[number] }));
}

/** What the board may draw smaller than 22 px: nothing. */
const SECONDARY = [] as const;

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

const spectator = (s: CartagenaState) => cartagena.view(s, null);

async function renderAndSave(name: string, state: CartagenaState): Promise<Buffer> {
  const png = await renderCartagenaBoard(spectator(state), playersFor(state.seats), t);
  saveArtifact(`cartagena-${name}`, png);
  return png;
}

/** Width and height of a PNG, from its IHDR chunk. */

/** Every seat but one resigns, one after the other: the last player left wins. */
function allButOneResign(s: CartagenaState, stays: number): CartagenaState {
  for (let seat = 0; seat < s.seats; seat++) if (seat !== stays) s = cartagena.resign?.(s, seat);
  return s;
}

/** Five colours at the start and aboard, full spaces, and the player to move with a large open hand. */
function crowded(): CartagenaState {
  const base = play(5, 'tortuga', 'crowded', 0);
  return {
    ...base,
    // Positions chosen for the picture, not reached by play: full spaces, every colour everywhere.
    pirates: base.pirates.map((_, seat) => [0, 0, 37, 37, 37 - seat, 12]).map((own, seat) => (seat < 3 ? own : [...own.slice(0, 5), 20])),
    hands: base.hands.map((hand, seat) =>
      seat === base.current
        ? [...hand, ...hand, 'skull', 'dagger', 'key', 'bottle', 'pistol', 'hat', 'hat', 'hat', 'hat', 'hat', 'hat', 'hat', 'hat', 'hat']
        : hand,
    ),
  };
}

/** The states every board must draw legibly and wider than tall: each variant, 2 and 5 players, every phase, a crowded one. */
function boardStates(): { name: string; state: CartagenaState }[] {
  return (['jamaica', 'tortuga'] as const)
    .flatMap((version) =>
      [2, 5].flatMap((seats) => {
        const mid = play(seats, version, `legible-${seats}`, seats * 14, 4);
        return [
          { name: `${version}-${seats}p-fresh`, state: play(seats, version, `legible-${seats}`, 0) },
          { name: `${version}-${seats}p-mid`, state: mid },
          { name: `${version}-${seats}p-won`, state: play(seats, version, `legible-${seats}`, 5000) },
          { name: `${version}-${seats}p-resigned`, state: allButOneResign(mid, 1) },
          // Reached by play only rarely: nobody can move any more.
          { name: `${version}-${seats}p-stalemate`, state: { ...mid, stalemate: true } },
        ];
      }),
    )
    .concat({ name: 'tortuga-5p-crowded', state: crowded() });
}

describe('Cartagena board image', () => {
  it('is wider than tall, with what matters at 22 px and the rest at 16, nothing cut, in every variant, seat count, phase and language', async () => {
    const problems: string[] = [];
    for (const locale of LOCALES) {
      for (const { name, state } of boardStates()) {
        if (name.endsWith('-won')) expect(state.winner, name).not.toBeNull();
        const board = await legibilityOf(() => renderCartagenaBoard(spectator(state), playersFor(state.seats), translator(locale)), {
          names: NAMES.slice(0, state.seats),
          secondary: SECONDARY,
        });
        saveArtifact(`cartagena-chat-${locale}-${name}`, board.png);
        expect(board.drawn.length, name).toBeGreaterThan(0);
        problems.push(...board.problems.map((problem) => `${locale} ${name}: ${problem}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it('writes long names whole in the player rows, widening the name column as far as the hands leave room', async () => {
    // 28 and 29 characters, and 32 (the most a name has), which a crowded board may cut.
    const names = ['Bartholomeus van der Heijden', 'Bot Bram', 'Bartholomeus van den Heuvel-Smit', 'Grace O’Malley', 'Calico Jack Rackham of Nassau'];
    const missing: string[] = [];
    for (const locale of LOCALES) {
      for (const { name, state } of boardStates()) {
        const drawn = await textDrawnBy(() => renderCartagenaBoard(spectator(state), playersFor(state.seats, names), translator(locale)));
        for (const player of names.slice(0, state.seats)) {
          if (name.endsWith('crowded') && player.length > 30) continue;
          if (!drawn.some((d) => d.text === player && d.size >= 22)) missing.push(`${locale} ${name}: ${player}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('puts the result in the header, worded for how the game ended, and draws nothing over the tunnel', async () => {
    const won = play(3, 'jamaica', 'header', 5000);
    const winner = won.winner as number;
    const texts = async (state: CartagenaState) =>
      (await textDrawnBy(() => renderCartagenaBoard(spectator(state), playersFor(state.seats), t))).map((d) => d.text);
    expect(await texts(won)).toContain(`${NAMES[winner]} wins with all six pirates aboard`);

    const left = allButOneResign(play(2, 'jamaica', 'header', 12), 1);
    const leftTexts = await texts(left);
    // The header names the winner as he is called: "Bot Bram", never "Bram".
    expect(leftTexts).toContain('Bot Bram wins as the last player left');
    expect(leftTexts.join(' ')).not.toMatch(/all six/);
    expect(leftTexts).toContain('Left the game');

    // The tunnel of the final board is pixel for pixel the one of the same position in play.
    const inPlay: CartagenaView = { ...spectator(won), over: false, winner: null };
    const [final, running] = await Promise.all([spectator(won), inPlay].map(async (v) => loadImage(await renderCartagenaBoard(v, playersFor(3), t))));
    const tunnel = (image: Image, top: number) => {
      const canvas = createCanvas(image.width, BOARD_H);
      canvas.getContext('2d').drawImage(image, 0, -top);
      return Buffer.from(canvas.getContext('2d').getImageData(0, 0, image.width, BOARD_H).data);
    };
    expect(tunnel(final as Image, HEADER_H + RESULT_H).equals(tunnel(running as Image, HEADER_H))).toBe(true);
  });

  it("marks the last turn's moves: on the tunnel and in a strip with the cards played", async () => {
    const state = play(4, 'tortuga', 'marks', 40, 4);
    const view = spectator(state);
    expect(view.lastMoves?.moves.length).toBeGreaterThan(0);
    const drawn = (await textDrawnBy(() => renderCartagenaBoard(view, playersFor(4), t))).map((d) => d.text);
    const move = view.lastMoves?.moves[0] as { from: number; to: number };
    const place = (p: number) => (p === 0 ? 'Start' : p === 37 ? 'Ship' : String(p));
    expect(drawn).toContain(view.over || view.lastMoves?.turn !== view.turn ? 'Last turn' : 'This turn');
    expect(drawn).toContain(`${place(move.from)} → ${place(move.to)}`);
    // Without the moves the tunnel looks different: ghosts and gold are gone.
    const without = await renderCartagenaBoard({ ...view, lastMoves: null }, playersFor(4), t);
    expect(without.equals(await renderCartagenaBoard(view, playersFor(4), t))).toBe(false);
  });

  it("names the player of the last turn as he is called, a bot too, however long the turn's moves", async () => {
    const view = spectator(play(2, 'tortuga', 'bot-turn', 6));
    // Drawn for the strip, not reached by play: three moves back, each drawing two cards, leave the name little room.
    const back = { type: 'back' as const, seat: 1, from: 36, to: 0, drew: ['hat', 'skull'] as CartagenaSymbol[], drawCount: 2 };
    const crowded: CartagenaView = { ...view, lastMoves: { turn: view.turn, seat: 1, moves: [back, back, back] } };
    for (const locale of LOCALES) {
      const drawn = (await textDrawnBy(() => renderCartagenaBoard(crowded, playersFor(2), translator(locale)))).map((d) => d.text);
      expect(
        drawn.filter((text) => text === 'Bot Bram'),
        locale,
      ).toHaveLength(2);
      expect(
        drawn.filter((text) => text.startsWith('Bram')),
        locale,
      ).toEqual([]);
    }
  });

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

  it("draws every pirate's shape large enough to tell players apart at chat size, without their colours", async () => {
    marks.length = 0;
    LayerCache.clearAll();
    await renderCartagenaBoard(spectator(crowded()), playersFor(5), t);
    // At least 16 px across on the image, some 7 px in the chat (the pawns' own mark would be 10 px, 4 px in the chat).
    expect(marks.length).toBeGreaterThan(5);
    expect(Math.min(...marks)).toBeGreaterThanOrEqual(8);
  });

  it('stays readable when crowded: five colours at the start and aboard, a large open hand', async () => {
    expectSanePng(await renderAndSave('tortuga-crowded-5p', crowded()));
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
