import { describe, expect, it } from 'vitest';
import { frameShare } from './frame-share.js';
import type { Seat } from '../../engine/index.js';
import { translator } from '../../i18n/index.js';
import { PLAYER_HEX } from '../../render/palette.js';
import { renderFreibeuterBoard, type BoardPlayer } from './render.js';
import { fieldIndex, freibeuter, type FreibeuterState } from './rules.js';

const PLAYERS: BoardPlayer[] = [
  { name: 'Anne', colour: 'red' },
  { name: 'Bram', colour: 'yellow' },
  { name: 'Cees', colour: 'green' },
];

/** Plays whole turns, each a boat put on the sea (never on a field played before) and a sea card drawn. */
function playTurn(s: FreibeuterState, played: Set<number>): { state: FreibeuterState; seat: Seat; field: number } {
  const seat = freibeuter.toAct(s)[0] as Seat;
  let field = -1;
  while (freibeuter.toAct(s)[0] === seat && !freibeuter.isOver(s)) {
    const legal = freibeuter.legalActions(s, seat);
    const place = legal.find((a) => a.type === 'place' && !played.has(fieldIndex(a.field)));
    const first = legal[0] as (typeof legal)[number];
    const action = place ?? legal.find((a) => a.type === 'draw' && a.pile === 'sea') ?? first;
    if (action.type === 'place') field = fieldIndex(action.field);
    s = freibeuter.apply(s, seat, action);
  }
  played.add(field);
  return { state: s, seat, field };
}

describe('the round on the Freibeuter board', () => {
  it("marks an earlier turn of the round in its player's colour and the last turn in white", async () => {
    let s = freibeuter.setup({ seats: 3, seed: 'round-marks', options: {} });
    const played = new Set<number>();
    for (let turn = 0; turn < 3; turn++) s = playTurn(s, played).state;
    const second = playTurn(s, played);
    const third = playTurn(second.state, played);
    expect(second.seat).not.toBe(third.seat);
    const view = freibeuter.view(third.state, null);
    const earlier = [{ seat: second.seat, view: freibeuter.view(second.state, null) }];
    const t = translator('en');
    const round = await renderFreibeuterBoard(view, PLAYERS, t, earlier);
    const colour = PLAYER_HEX[PLAYERS[second.seat]?.colour ?? 'red'].fill;
    expect(await frameShare(round, second.field, colour)).toBeGreaterThan(0.25);
    expect(await frameShare(round, third.field, '#ffffff')).toBeGreaterThan(0.25);
    // Without the round, only the last turn is marked.
    const last = await renderFreibeuterBoard(view, PLAYERS, t);
    expect(await frameShare(last, second.field, colour)).toBeLessThan(0.05);
    expect(await frameShare(last, third.field, '#ffffff')).toBeGreaterThan(0.25);
  });
});
