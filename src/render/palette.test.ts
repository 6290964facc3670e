import { describe, expect, it } from 'vitest';
import { seenDistance, type Vision } from './colour-vision.js';
import { PLAYER_COLOURS, PLAYER_HEX, PLAYER_SHAPE, SHAPE_GLYPH } from './palette.js';

/** The closest two player colours look to a person with `vision`. */
function closestPair(vision: Vision): { distance: number; pair: string } {
  let closest = { distance: Number.POSITIVE_INFINITY, pair: '' };
  for (const [i, a] of PLAYER_COLOURS.entries())
    for (const b of PLAYER_COLOURS.slice(i + 1)) {
      const distance = seenDistance(PLAYER_HEX[a].fill, PLAYER_HEX[b].fill, vision);
      if (distance < closest.distance) closest = { distance, pair: `${a}/${b}` };
    }
  return closest;
}

describe('player palette', () => {
  it('the simulation tells apart what it should: red and green collapse for deuteranopes, not for others', () => {
    expect(seenDistance('#ff0000', '#00ff00', 'normal')).toBeGreaterThan(100);
    expect(seenDistance('#d03030', '#7a8a1a', 'deuteranopia')).toBeLessThan(seenDistance('#d03030', '#7a8a1a', 'normal') / 3);
    expect(seenDistance('#ffffff', '#ffffff', 'tritanopia')).toBe(0);
  });

  it.each([
    ['normal', 40],
    ['protanopia', 30],
    ['deuteranopia', 30],
    ['tritanopia', 20],
  ] as const)('every two player colours stay apart in %s vision (ΔE ≥ %i)', (vision, least) => {
    const { distance, pair } = closestPair(vision);
    expect(distance, pair).toBeGreaterThanOrEqual(least);
  });

  it('each colour has its own shape and glyph, so colour is never the only mark', () => {
    const shapes = PLAYER_COLOURS.map((c) => PLAYER_SHAPE[c]);
    expect(new Set(shapes).size).toBe(PLAYER_COLOURS.length);
    expect(new Set(shapes.map((s) => SHAPE_GLYPH[s])).size).toBe(PLAYER_COLOURS.length);
  });
});
