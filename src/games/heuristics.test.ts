import { describe, expect, it } from 'vitest';
import { seedRng, type AnyGameDefinition } from '../engine/index.js';
import { heuristicChoice, heuristics } from './heuristics.js';
import { games } from './index.js';

describe('the heuristic players’ registry', () => {
  it('has a player for every game, which chooses a legal action in a fresh game', () => {
    expect(Object.keys(heuristics).sort()).toEqual(Object.keys(games).sort());
    for (const def of Object.values(games) as AnyGameDefinition[]) {
      const state = def.setup({ seats: def.seatRange?.(def.options.parse({})).min ?? def.minSeats, seed: 'registry', options: def.options.parse({}) });
      const [seat] = def.toAct(state);
      expect(def.legalActions(state, seat as number), def.id).toContainEqual(heuristicChoice(def, state, seat as number, seedRng('registry')));
    }
  });

  it('refuses a game it does not know', () => {
    const def = { ...(games.shanghaien as AnyGameDefinition), id: 'unknown' };
    const state = def.setup({ seats: 2, seed: 'x', options: {} });
    expect(() => heuristicChoice(def, state, def.toAct(state)[0] as number, seedRng('x')) as unknown).toThrow(/no heuristic player/);
  });
});
