import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { StandInPlan } from '../service/game-service.js';
import { harbour, type Harbour, HOUR, INTERVAL } from '../../tests/support/scheduler-harbour.js';
import { storeForTests } from '../service/test-access.js';

/** Lets the event loop turn a few times (the scheduler's walks and lanes go on meanwhile). */
async function settle(h: Harbour, turns = 20): Promise<void> {
  // On PostgreSQL a store call waits for its answer over turns of its own: counted only once none is under way.
  for (let quiet = 0; quiet < turns;) {
    await nextTurn();
    quiet = h.idle() ? quiet + 1 : 0;
  }
}

/** A promise and the hand that settles it. */
function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/** `count` Cartagena games of an hour per move, an hour later: all past their deadline, no reminder owed. */
async function dueGames(h: Harbour, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) ids.push((await h.cartagena()).row.id);
  await h.setGames({ reminderAt: null });
  h.clocks.pass(HOUR);
  return ids;
}

const timedOut = async (h: Harbour, id: number) => (await storeForTests(h.service).log.all(id)).some((a) => a.origin === 'timeout');

/** Of `ids`, those where a move was made on timeout (`made` false: those where none was), in order. */
async function timedOutOf(h: Harbour, ids: readonly number[], made = true): Promise<number[]> {
  const found: number[] = [];
  for (const id of ids) if ((await timedOut(h, id)) === made) found.push(id);
  return found;
}

describe('scheduler: many games due at once', () => {
  it('walks more due games than a page holds, all of them, giving the event loop back as it goes', async () => {
    const h = await harbour();
    const ids = await dueGames(h, 250);
    let turns = 0;
    let walking = true;
    const count = () => {
      turns++;
      if (walking) setImmediate(count);
    };
    setImmediate(count);
    await h.scheduler.tick();
    walking = false;
    expect(await timedOutOf(h, ids, false)).toEqual([]);
    expect([...h.announcer.posts].sort((a, b) => a - b)).toEqual(ids);
    // Other work (a click) had turns of the event loop while the walk went on.
    expect(turns).toBeGreaterThan(1);
  });

  it('keeps at most eight timeout posts out at a time: the next game times out as a post ends', async () => {
    const h = await harbour();
    const ids = await dueGames(h, 20);
    const out: (() => void)[] = [];
    h.announcer.posting = () => {
      const post = deferred<void>();
      out.push(() => post.resolve());
      return post.promise;
    };
    const tick = h.scheduler.tick();
    await settle(h);
    expect(h.announcer.posts).toHaveLength(8);
    // A game is timed out only when its post can go: nothing committed waits unannounced in memory.
    expect(await timedOutOf(h, ids)).toHaveLength(8);
    out.splice(0, 3).forEach((end) => end());
    await settle(h);
    expect(h.announcer.posts).toHaveLength(11);
    while (out.length > 0) {
      out.splice(0).forEach((end) => end());
      await settle(h);
    }
    await tick;
    expect(h.announcer.posts).toHaveLength(20);
    expect(await timedOutOf(h, ids, false)).toEqual([]);
  });
});

describe('scheduler: the bot playing for absent players (auto-move)', () => {
  /** Due games under auto-move, with a bot whose thinking the test ends by hand. */
  async function standingIn(count: number) {
    const thinking: { game: number; done: (plan: StandInPlan | undefined) => void }[] = [];
    const h = await harbour({
      standIn: (due) => {
        const plan = deferred<StandInPlan | undefined>();
        thinking.push({ game: due.id, done: plan.resolve });
        return plan.promise;
      },
    });
    await h.settings.updateGuild('g', { deadlinePolicy: 'auto-move' });
    const ids = await dueGames(h, count);
    /** Ends the oldest thinking (with the game's safe move: no plan). */
    const finish = async () => {
      thinking.shift()?.done(undefined);
      await settle(h);
    };
    return { h, ids, thinking, finish };
  }

  it('thinks for two games at a time, in the order their time ran out; the others wait in line', async () => {
    const { h, ids, thinking, finish } = await standingIn(6);
    await h.scheduler.tick();
    expect(thinking.map((t) => t.game)).toEqual(ids.slice(0, 2));
    expect(h.scheduler.standInsWaiting).toBe(6);
    await finish();
    expect(await timedOut(h, ids[0] as number)).toBe(true);
    expect(thinking.map((t) => t.game)).toEqual(ids.slice(1, 3));
    // Another tick re-reads the due games and puts none of them in line twice.
    await h.tick();
    expect(thinking).toHaveLength(2);
    expect(h.scheduler.standInsWaiting).toBe(5);
    while (thinking.length > 0) await finish();
    expect(await timedOutOf(h, ids, false)).toEqual([]);
    expect(h.announcer.posts).toEqual(ids);
    expect(h.scheduler.standInsWaiting).toBe(0);
  });

  it('deaf when the thinking ends: nothing is played and nothing new is thought out until the bot hears again', async () => {
    const { h, ids, thinking, finish } = await standingIn(3);
    await h.scheduler.tick();
    const deadline = (await h.row(ids[2] as number)).deadlineAt as number;
    h.gateway.up = false;
    await finish();
    expect(await timedOut(h, ids[0] as number)).toBe(false);
    expect(thinking.map((t) => t.game)).toEqual([ids[1]]);
    await h.tick();
    expect(thinking).toHaveLength(1);
    h.gateway.up = true;
    // Heard again, every wait moved on by the outage, counted from the last tick that heard (once:
    // not again as a paused process). These games had no time left then, so they are due at once.
    await h.tick(HOUR);
    expect((await h.row(ids[2] as number)).deadlineAt).toBe(deadline + HOUR + INTERVAL);
    expect(thinking.map((t) => t.game)).toEqual([ids[1], ids[0]]);
    for (let i = 0; i < 3; i++) {
      await h.tick();
      while (thinking.length > 0) await finish();
    }
    expect(await timedOutOf(h, ids, false)).toEqual([]);
  });

  it('a game that moved on while waiting in line leaves it at the next walk', async () => {
    const { h, ids, thinking, finish } = await standingIn(3);
    await h.scheduler.tick();
    const last = ids[2] as number;
    await h.setGames({ deadlineAt: h.clocks.now() + HOUR }, last);
    await h.tick();
    expect(h.scheduler.standInsWaiting).toBe(2);
    while (thinking.length > 0) await finish();
    expect(thinking.map((t) => t.game)).not.toContain(last);
    expect(await timedOut(h, last)).toBe(false);
  });
});
