import { describe, expect, it } from 'vitest';
import { loadImage } from 'canvas';
import { expectSanePng, saveArtifact } from '../../../tests/support/png.js';
import { randomInt, seedRng, type RngState } from '../../engine/index.js';
import { translator } from '../../i18n/index.js';
import { newCanvas } from '../../render/index.js';
import { legibilityOf, textDrawnBy } from '../../render/text-sizes.js';
import { HEADER_H } from './board-header.js';
import { tavernHeight } from './board-tavern.js';
import { GAP, ROW_LEFT, WIDTH } from './board-theme.js';
import { renderShanghaienBoard, type BoardPlayer } from './render.js';
import { shanghaien, type ShanghaienAction, type ShanghaienState, type ShanghaienView } from './rules.js';

const t = translator('en');
/** A bot, whose short name ("Bram") a header must not use, and a name of 32 characters, the most a name has. */
const PLAYERS: BoardPlayer[] = [
  { name: 'Bot Bram', short: 'Bram', colour: 'red' },
  { name: 'Michele “the Terrible” of 7 Seas', colour: 'blue' },
];

/**
 * What the board may draw smaller than 22 px: a trick card's name under its picture and the rule
 * that it is also a joker worth 2, the values of a crew's cards under its sum, and what the last
 * turn did (the trick played, the cards a shanghai gave out, a sum's gain).
 */
const SECONDARY = ['caption', 'rule', 'breakdown', 'history'] as const;

/**
 * Random legal play that looks like a game: mostly rolls, shanghai once a few dice are out,
 * tricks now and then. Stops before the action where `stop` holds, or when the game is over.
 */
function play(seed: string, stop: (s: ShanghaienState, actions: number) => boolean): ShanghaienState {
  let s = shanghaien.setup({ seats: 2, seed, options: {} });
  const rng: RngState = seedRng(`${seed}:players`);
  for (let n = 0; !shanghaien.isOver(s) && !stop(s, n); n++) {
    const legal = shanghaien.legalActions(s, s.current);
    const tricks = legal.filter((a) => a.type !== 'place' && a.type !== 'orient' && a.type !== 'roll' && a.type !== 'shanghai');
    const placed = s.dice[s.current]?.reduce((a, b) => a + b, 0) ?? 0;
    let pool: ShanghaienAction[];
    if (tricks.length > 0 && randomInt(rng, 4) === 0) pool = tricks;
    else if (legal.some((a) => a.type === 'roll'))
      pool = placed >= 3 && randomInt(rng, 3) === 0 ? legal.filter((a) => a.type === 'shanghai') : legal.filter((a) => a.type === 'roll');
    else pool = legal.filter((a) => a.type === 'place' || a.type === 'orient');
    if (pool.length === 0) pool = legal;
    s = shanghaien.apply(s, s.current, pool[randomInt(rng, pool.length)] as ShanghaienAction);
  }
  return s;
}

const spectator = (s: ShanghaienState) => shanghaien.view(s, null);

async function renderAndSave(name: string, state: ShanghaienState): Promise<Buffer> {
  const png = await renderShanghaienBoard(spectator(state), PLAYERS, t);
  saveArtifact(`shanghaien-${name}`, png);
  return png;
}

/** Crowded: six dice at one card, many jokers and trick cards, long names. */
function crowded(): ShanghaienState {
  const base = play('crowded', (s) => s.round >= 7 && s.first !== null && s.rolled === null);
  return {
    ...base,
    dice: [
      [0, 0, 6, 0, 0, 0],
      [1, 2, 0, 0, 0, 1],
    ],
    trickUsed: [true, false],
    crews: [
      {
        sailors: [
          { kind: 'sailor', nation: 'american', value: 1 },
          { kind: 'sailor', nation: 'american', value: 2 },
          { kind: 'sailor', nation: 'american', value: 3 },
          { kind: 'sailor', nation: 'american', value: 3 },
          { kind: 'sailor', nation: 'american', value: 4 },
          { kind: 'sailor', nation: 'british', value: 4 },
        ],
        jokers: [
          { nation: 'american', effect: 'adjust' },
          { nation: 'american', effect: 'reroll' },
          { nation: 'british', effect: 'place-both' },
        ],
        tricks: [
          { kind: 'trick', effect: 'adjust' },
          { kind: 'trick', effect: 'adjust' },
          { kind: 'trick', effect: 'place-both' },
          { kind: 'trick', effect: 'place-both' },
          { kind: 'trick', effect: 'reroll' },
        ],
      },
      base.crews[1] as ShanghaienState['crews'][number],
    ],
  };
}

describe('Shanghaien board image', () => {
  it('renders the start: the row not numbered yet, then the first roll waiting', async () => {
    const fresh = play('start', () => true);
    expect(fresh.first).toBeNull();
    expectSanePng(await renderAndSave('start', fresh));
    const rolled = shanghaien.apply(fresh, fresh.current, { type: 'roll' });
    expectSanePng(await renderAndSave('start-rolled', rolled));
  });

  it('renders a game in the middle of a round, with dice at the cards and crews', async () => {
    const state = play('middle', (s) => s.round >= 5 && s.dice.flat().reduce((a, b) => a + b, 0) >= 5 && s.rolled !== null && s.first !== null);
    expect(state.crews.some((c) => c.sailors.length > 0)).toBe(true);
    expectSanePng(await renderAndSave('mid', state));
  });

  it('renders the distribution after a shanghai', async () => {
    let seen = 0;
    const state = play('shanghai', (s) => s.events.some((e) => e.type === 'distributed') && ++seen >= 3);
    expect(state.events.some((e) => e.type === 'distributed')).toBe(true);
    expectSanePng(await renderAndSave('distribution', state));
  });

  it('renders the end with the final scoring table', async () => {
    const state = play('end', () => false);
    expect(state.over).toBe(true);
    expectSanePng(await renderAndSave('end', state));
  });

  it('stays readable when crowded: six dice at one card, many jokers and trick cards, long names', async () => {
    expectSanePng(await renderAndSave('crowded', crowded()));
  });

  it('renders a resignation', async () => {
    const state = play('resign', (_, n) => n >= 30);
    expectSanePng(await renderAndSave('resigned', shanghaien.resign(state, 1)));
  });

  it('names the winner in the header as he is called: "Bot Bram", never "Bram"', async () => {
    const state = play('end', () => false);
    const totals = spectator(state).scoring?.totals ?? [];
    expect(totals[0]).not.toBe(totals[1]);
    const winner = (totals[0] ?? 0) > (totals[1] ?? 0) ? 0 : 1;
    const players = winner === 0 ? PLAYERS : [PLAYERS[1] as BoardPlayer, PLAYERS[0] as BoardPlayer];
    const texts = (await textDrawnBy(() => renderShanghaienBoard(spectator(state), players, t))).map((d) => d.text);
    expect(texts.some((text) => text.startsWith('Bot Bram wins'))).toBe(true);
    expect(texts.some((text) => text.startsWith('Bram'))).toBe(false);
  });

  it('refuses a player list that does not have two players', async () => {
    await expect(renderShanghaienBoard(spectator(play('x', () => true)), PLAYERS.slice(0, 1), t)).rejects.toThrow(RangeError);
  });
});

/** The pixels of the card columns of the tavern (the players' panels left of them excluded). */
async function rowPixels(png: Buffer, view: ShanghaienView): Promise<Buffer> {
  const image = await loadImage(png);
  const [top, height, left] = [HEADER_H + GAP, tavernHeight(view), ROW_LEFT - 8];
  const canvas = newCanvas(WIDTH - left, height);
  canvas.getContext('2d').drawImage(image, -left, -top);
  return Buffer.from(canvas.getContext('2d').getImageData(0, 0, WIDTH - left, height).data);
}

describe('Shanghaien board image: the row from a fixed side', () => {
  it('draws the row the same whoever is to act, in table order: only the panels show whose turn it is', async () => {
    const state = play('sides', (s, n) => n > 12 && s.current === 0 && s.first !== null && s.rolled === null && s.dice.every((d) => d.some((x) => x > 0)));
    const view = { ...spectator(state), events: [], turn: [] };
    expect(view.current).toBe(0);
    const seat0ToAct = await renderShanghaienBoard(view, PLAYERS, t);
    const seat1ToAct = await renderShanghaienBoard({ ...view, current: 1 }, PLAYERS, t);
    saveArtifact('shanghaien-fixed-side', seat0ToAct);
    expect((await rowPixels(seat0ToAct, view)).equals(await rowPixels(seat1ToAct, view))).toBe(true);
    expect(seat0ToAct.equals(seat1ToAct)).toBe(false);
    // The row is drawn in table order: the same position with the seats' dice exchanged looks different.
    const swapped = { ...view, row: view.row.map((slot) => ({ ...slot, dice: [slot.dice[1], slot.dice[0]] as number[] })) };
    expect((await rowPixels(await renderShanghaienBoard(swapped, PLAYERS, t), view)).equals(await rowPixels(seat0ToAct, view))).toBe(false);
  });
});

/** Positions to check for size and legibility: the start, play, tricks, a shanghai, the ends, crowding. */
const STATES: Record<string, () => ShanghaienState> = {
  fresh: () => play('start', () => true),
  'first roll': () => {
    const s = play('start', () => true);
    return shanghaien.apply(s, s.current, { type: 'roll' });
  },
  'mid-game': () => play('middle', (s) => s.round >= 5 && s.dice.flat().reduce((a, b) => a + b, 0) >= 5 && s.rolled !== null && s.first !== null),
  'after a placement': () => play('placed', (s, n) => n > 20 && s.events.some((e) => e.type === 'placed')),
  'after a trick': () => play('trick', (s) => s.events.some((e) => e.type === 'trick' && e.effect !== 'reroll')),
  'after a joker': () => play('joker', (s) => s.turn?.some((e) => e.type === 'joker') === true && s.events.some((e) => e.type === 'placed')),
  distribution: () => {
    let seen = 0;
    return play('shanghai', (s) => s.events.some((e) => e.type === 'distributed') && ++seen >= 3);
  },
  crowded,
  final: () => play('end', () => false),
  resigned: () =>
    shanghaien.resign(
      play('resign', (_, n) => n >= 30),
      1,
    ),
};

describe('Shanghaien board image: landscape and legible at chat size', () => {
  for (const locale of ['en', 'nl'] as const) {
    for (const [name, make] of Object.entries(STATES)) {
      it(`${name} (${locale}): wider than tall, what matters at 22 px and the rest at 16, nothing cut, under 300 KiB`, async () => {
        const state = make();
        const { png, drawn, problems } = await legibilityOf(() => renderShanghaienBoard(spectator(state), PLAYERS, translator(locale)), {
          names: PLAYERS.map((p) => p.name),
          secondary: SECONDARY,
        });
        saveArtifact(`shanghaien-chat-${locale}-${name.replaceAll(' ', '-')}`, png);
        expect(png.readUInt32BE(16), 'width').toBe(1200);
        expect(drawn.length).toBeGreaterThan(20);
        expect(problems).toEqual([]);
        // Every card of both crews is drawn as important text, at 22 px at least: who holds what decides the rounds to come.
        for (const crew of spectator(state).crews) {
          for (const sailor of crew.sailors)
            expect(
              drawn.some((d) => d.text === String(sailor.value) && d.secondary === null && d.size >= 22),
              `${sailor.nation} ${sailor.value}`,
            ).toBe(true);
        }
        expect(drawn.filter((d) => d.secondary === 'breakdown' && /^\d$/.test(d.text))).toEqual([]);
        expect(png.length).toBeLessThan(300 * 1024);
      });
    }
  }
});
