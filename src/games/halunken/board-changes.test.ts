import { describe, expect, it } from 'vitest';
import { changesOf } from './board-changes.js';
import type { HalunkenView } from './rules.js';

type Events = HalunkenView['events'];
const viewWith = (events: Events): HalunkenView => ({ events, captains: [4, 9, 12], blackJack: 7 }) as unknown as HalunkenView;
const moved = (piece: number, from: number, to: number) => ({ type: 'moved', piece, from, to, steps: to - from }) as Events[number];

describe('the changes a Halunken board marks', () => {
  it("adds the earlier turns of the round to the last move's, and starts afresh at a new deal", () => {
    const last = viewWith([moved(2, 10, 12)]);
    const changes = changesOf(last, [viewWith([moved(1, 6, 9)])]);
    expect([...changes.arrived].sort()).toEqual([1, 2]);
    expect(changes.cameFrom.get(1)).toBe(6);
    expect([...changesOf(last).arrived]).toEqual([2]);
    const dealt = viewWith([{ type: 'gameStarted', game: 2, firstPlacer: 0 }, moved(2, 10, 12)]);
    expect([...changesOf(dealt, [viewWith([moved(1, 6, 9)])]).arrived]).toEqual([2]);
  });
});
