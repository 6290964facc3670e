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
    const states = Array.from({ length: 60 }, (_, steps) => stateAfter(cartagena, { seats: 3, options: { version: 'jamaica' } }, 'alt', steps + 10) as CartagenaState);
    const turnStart = states.find((s) => s.actionsThisTurn === 0 && s.lastMoves !== undefined && s.lastMoves.turn < s.turn) as CartagenaState;
    const text = altTextOf('cartagena', turnStart);
    expect(text).toMatch(/^Cartagena board\. Turn \d+: (Anne|Jo\*Jo|Cees) to move\. Pirates aboard the ship: Anne \d, Jo\*Jo \d, Cees \d\. Last turn: (Anne|Jo\*Jo|Cees) (played|moved)/);
    expect(altTextOf('cartagena', turnStart, 'nl')).toMatch(/^Spelbord van Cartagena\. Beurt \d+: \S+ is aan zet\. Piraten aan boord van het schip: .+\. Vorige beurt: /);
    const midTurn = states.find((s) => s.actionsThisTurn > 0) as CartagenaState;
    expect(altTextOf('cartagena', midTurn)).toMatch(/\d of 3 actions left\. .+ This turn so far: /);
  });
});
