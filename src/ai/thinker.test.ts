import { describe, expect, it } from 'vitest';
import { games } from '../games/index.js';
import { workerUrl } from '../worker-pool.js';
import { WorkerThinker } from './thinker.js';

describe('the thinking worker', () => {
  it('starts at the first decision and stops after a while without one; it starts again when needed', async () => {
    const thinker = new WorkerThinker(workerUrl('../games/bot-worker', import.meta.url), 100);
    try {
      expect(thinker.started).toBe(false);
      const state = games.shanghaien.setup({ seats: 2, seed: 'think', options: {} });
      const seat = games.shanghaien.toAct(state)[0] as number;
      const request = { gameId: 'shanghaien', state, seat, level: 'easy' as const, seed: 's' };
      const legal = games.shanghaien.legalActions(state, seat).map((a) => JSON.stringify(a));
      expect(legal).toContain(JSON.stringify((await thinker.choose(request, 1)).action));
      expect(thinker.started).toBe(true);
      await new Promise((r) => setTimeout(r, 400));
      expect(thinker.started).toBe(false);
      expect(legal).toContain(JSON.stringify((await thinker.choose(request, 1)).action));
      expect(thinker.started).toBe(true);
    } finally {
      await thinker.close();
    }
  }, 30_000);
});
