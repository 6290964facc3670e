import { describe, expect, it } from 'vitest';
import { altTextOf, expectSoundAltTexts } from '../../../tests/support/alt-text.js';
import { stateAfter } from '../../ai/fairness-testing.js';
import { cartagena, type CartagenaState } from './rules.js';

describe('Cartagena’s board in words (alt text)', () => {
  it.each([
    ['jamaica', 2],
    ['jamaica', 5],
    ['tortuga', 3],
  ] as const)('fits, names who is to move and tells nothing hidden (%s, %i players)', (version, seats) => {
    expectSoundAltTexts('cartagena', { seats, options: { version }, maxSteps: 450 });
  });

  it('says whose turn it is, the pirates aboard and the moves of the last turn, or of the turn under way', () => {
    const states = Array.from(
      { length: 60 },
      (_, steps) => stateAfter(cartagena, { seats: 3, options: { version: 'jamaica' } }, 'alt', steps + 10) as CartagenaState,
    );
    const turnStart = states.find((s) => s.actionsThisTurn === 0 && s.lastMoves !== undefined && s.lastMoves.turn < s.turn) as CartagenaState;
    const text = altTextOf('cartagena', turnStart);
    expect(text).toMatch(
      /^Cartagena board\. Turn \d+: (Anne|Jo\*Jo|Cees) to move\. Pirates aboard the ship: Anne \d, Jo\*Jo \d, Cees \d\. .*Last turn: (Anne|Jo\*Jo|Cees) (played|moved)/,
    );
    expect(altTextOf('cartagena', turnStart, 'nl')).toMatch(
      /^Spelbord van Cartagena\. Beurt \d+: \S+ is aan zet\. Piraten aan boord van het schip: .+\. Vorige beurt: /,
    );
    const midTurn = states.find((s) => s.actionsThisTurn > 0) as CartagenaState;
    expect(altTextOf('cartagena', midTurn)).toMatch(/\d of 3 actions left\. .+ This turn so far: /);
  });

  it('says where every pirate stands: before the tunnel, and space by space with its symbol', () => {
    const state = stateAfter(cartagena, { seats: 3, options: { version: 'jamaica' } }, 'alt', 20) as CartagenaState;
    const text = altTextOf('cartagena', state);
    const names = ['Anne', 'Jo*Jo', 'Cees'];
    const told = (at: number) =>
      names.flatMap((name, seat) => {
        const count = (state.pirates[seat] as number[]).filter((p) => p === at).length;
        return count === 0 ? [] : [count === 1 ? name : `${name} ${count}`];
      });
    expect(text).toContain(`Before the tunnel: ${told(0).join(', ')}.`);
    const spaces = state.tunnel.flatMap((symbol, i) => (told(i + 1).length === 0 ? [] : [`space ${i + 1} (${symbol}) ${told(i + 1).join(', ')}`]));
    expect(spaces.length).toBeGreaterThan(0);
    expect(text).toContain(`In the tunnel: ${spaces.join('; ')}.`);
    // The positions come before the last turn, which is what a long text loses first.
    expect(text.indexOf('In the tunnel')).toBeLessThan(text.search(/(Last turn|This turn so far): /));
    expect(altTextOf('cartagena', state, 'nl')).toMatch(/Voor de tunnel: .+\. In de tunnel: vakje \d+ \((doodskop|dolk|sleutel|fles|pistool|hoed)\) /);
  });
});
