import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.js';
import { presenters } from '../games/index.js';
import { boardPlayers } from '../games/presenter.js';
import type { LoadedGame } from '../service/game-service.js';
import { labelContext, presentContext } from './views/present.js';

const player = (name: string, plain?: string) => ({ name, ...(plain === undefined ? {} : { plain }), mention: '', colour: 'red' });

describe('the context for labels', () => {
  it('writes names as typed, where escaping changed them', () => {
    const pctx = { t: translator('en'), players: [player('anne\\_v', 'anne_v'), player('Bart', 'Bart')] };
    expect(labelContext(pctx).players.map((p) => p.name)).toEqual(['anne_v', 'Bart']);
  });

  it('is the same context when escaping changed nothing, so a panel is built once', () => {
    const pctx = { t: translator('en'), players: [player('Anne', 'Anne'), player('Bot Bram')] };
    expect(labelContext(pctx)).toBe(pctx);
  });
});

describe("a game's players as presenters get them", () => {
  const seat = (n: number, displayName: string) => ({ seat: n, userId: `u${n}`, displayName, botLevel: null });
  const game = { row: { gameId: 'cartagena' }, seats: [seat(0, '\u202E[Nitro](https://evil.io) ```\u200B'), seat(1, '\u200B')] } as unknown as LoadedGame;

  it('have names escaped for texts and cleaned for boards, "#2" where nothing is left', () => {
    const { players } = presentContext({ presenters }, game, 'en');
    expect(players.map((p) => p.name)).toEqual(['\\[Nitro\\](https://evil.io) \\`\\`\\`', '#2']);
    expect(boardPlayers(players).map((p) => p.name)).toEqual(['[Nitro](https://evil.io) ```', '#2']);
  });
});
