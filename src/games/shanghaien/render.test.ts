import { describe, expect, it } from 'vitest';
import { expectSanePng, saveArtifact } from '../../../tests/support/png.js';
import { randomInt, seedRng, type RngState } from '../../engine/index.js';
import { translator } from '../../i18n/index.js';
import { loadImage } from 'canvas';
import { newCanvas } from '../../render/index.js';
import { TAVERN_BOX, renderShanghaienBoard, type BoardPlayer } from './render.js';
import { shanghaien, type ShanghaienAction, type ShanghaienState, type ShanghaienView } from './rules.js';

const t = translator('en');
const PLAYERS: BoardPlayer[] = [
  { name: 'Ramon “El Dado”', colour: 'red' },
  { name: 'Michele the Terrible of the Seven Seas', colour: 'blue' },
];

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
    let pool: ShanghaienAction[] = legal;
    if (tricks.length > 0 && randomInt(rng, 4) === 0) pool = tricks;
    else if (legal.some((a) => a.type === 'roll')) pool = placed >= 3 && randomInt(rng, 3) === 0 ? legal.filter((a) => a.type === 'shanghai') : legal.filter((a) => a.type === 'roll');
    else pool = legal.filter((a) => a.type === 'place' || a.type === 'orient');
    if (pool.length === 0) pool = legal;
    s = shanghaien.apply(s, s.current, pool[randomInt(rng, pool.length)] as ShanghaienAction);
  }
  return s;
}

const spectator = (s: ShanghaienState) => shanghaien.view(s, null) as ShanghaienView;

async function renderAndSave(name: string, state: ShanghaienState): Promise<Buffer> {
  const png = await renderShanghaienBoard(spectator(state), PLAYERS, t);
  saveArtifact(`shanghaien-${name}`, png);
  return png;
}

/** The pixels of the tavern row of a board image. */
async function tavernPixels(png: Buffer): Promise<Uint8ClampedArray> {
  const image = await loadImage(png);
  const canvas = newCanvas(image.width, TAVERN_BOX.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, -TAVERN_BOX.top);
  return ctx.getImageData(0, 0, image.width, TAVERN_BOX.height).data;
}

/** The same position with the two seats exchanged: the row seen from the other side of the table. */
function seatsSwapped(view: ShanghaienView): ShanghaienView {
  const swap = <T>(pair: T[]) => [pair[1], pair[0]] as T[];
  return {
    ...view,
    startPlayer: 1 - view.startPlayer,
    current: 1 - view.current,
    first: view.first === null ? null : view.first === 'left' ? 'right' : 'left',
    row: [...view.row].reverse().map((slot) => ({ ...slot, dice: swap(slot.dice) })),
    supply: swap(view.supply),
    placed: swap(view.placed),
    trickUsed: swap(view.trickUsed),
    crews: swap(view.crews),
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
    const base = play('crowded', (s) => s.round >= 7 && s.first !== null && s.rolled === null);
    const state: ShanghaienState = {
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
    expectSanePng(await renderAndSave('crowded', state));
  });

  it('renders a resignation', async () => {
    const state = play('resign', (_, n) => n >= 30);
    expectSanePng(await renderAndSave('resigned', shanghaien.resign(state, 1)));
  });

  it('refuses a player list that does not have two players', async () => {
    await expect(renderShanghaienBoard(spectator(play('x', () => true)), PLAYERS.slice(0, 1), t)).rejects.toThrow(RangeError);
  });
});

describe('Shanghaien board image: the row from the side of the player to act', () => {
  it('puts the player to act at the bottom, with the row as he sees it from his side of the table', async () => {
    const state = play('sides', (s, n) => n > 12 && s.current === 0 && s.first !== null && s.rolled === null && s.dice.every((d) => d.some((x) => x > 0)));
    const view = { ...spectator(state), events: [] };
    expect(view.current).toBe(0);
    const asSeat0 = await renderShanghaienBoard(view, PLAYERS, t);
    // Seat 1 in table order with everything exchanged is the same picture, if seat 0's is drawn from his side.
    const asSeat1 = await renderShanghaienBoard(seatsSwapped(view), [PLAYERS[1], PLAYERS[0]] as BoardPlayer[], t);
    saveArtifact('shanghaien-seat0-to-act', asSeat0);
    expect(Buffer.from(await tavernPixels(asSeat0)).equals(Buffer.from(await tavernPixels(asSeat1)))).toBe(true);
    // And it is not the picture of the same position drawn in table order.
    const tableOrder = await renderShanghaienBoard({ ...view, current: 1 }, PLAYERS, t);
    expect(Buffer.from(await tavernPixels(tableOrder)).equals(Buffer.from(await tavernPixels(asSeat0)))).toBe(false);
  });
});
