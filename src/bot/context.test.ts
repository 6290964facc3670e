import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.js';
import { labelContext } from './context.js';

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
