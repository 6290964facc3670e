import { describe, expect, it } from 'vitest';
import { testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService, type LoadedGame } from './game-service.js';
import { runningGame, toMove } from '../../tests/support/running-game.js';
import { DAY_MS, endTimeOff, startTimeOff, voteStandIn } from './time-off.js';

const HOUR = 3_600_000;
const LIMIT = 2 * DAY_MS;

async function setup() {
  let now = Date.UTC(2026, 10, 1);
  const clock = { now: () => now };
  const store = await testStore(clock.now);
  let n = 0;
  const service = new GameService(store, games, () => `seed-${n++}`, clock);
  return { service, store, advance: (ms: number) => (now += ms), now: () => now };
}

/** A running game of these players (the first hosts), two days per move. */
const running = (service: GameService, players: string[], guildId = 'g') => runningGame(service, players, { guildId, timeLimitMs: LIMIT });

/** The player to move plays his first choices until the turn passes to someone else. */
async function playTurn(service: GameService, game: LoadedGame): Promise<LoadedGame> {
  const user = toMove(game);
  let current = game;
  while (current.row.status === 'running' && toMove(current) === user) {
    const outcome = await service.act(current.row.id, user, current.row.version, 0);
    if (!outcome.ok) throw new Error(outcome.refusal);
    current = outcome.value.game;
  }
  return current;
}

const start = (service: GameService, userId: string, days: number, maxDays = 14) =>
  startTimeOff(service, { guildId: 'g', userId, days, reason: 'holiday', maxDays });

describe('time off', () => {
  it('moves the deadline of his games that wait for him by the time off, holds a wait that begins for him, and gives back what is left when he returns early', async () => {
    const { service, store, advance, now } = await setup();
    const game = await running(service, ['ann', 'bob']);
    const first = toMove(game);
    const other = first === 'ann' ? 'bob' : 'ann';
    const before = await store.get(game.row.id);
    advance(HOUR);
    // The one not to move goes away: nothing moves; the one to move goes away: his deadline moves on three days.
    const away = await start(service, other, 3);
    expect(away.ok && away.value.games.map((g) => g.dueAt)).toEqual([null]);
    expect((await store.get(game.row.id))?.deadlineAt).toBe(before?.deadlineAt);
    expect((await endTimeOff(service, 'g', other)).ok).toBe(true);
    const mine = await start(service, first, 3);
    expect(mine.ok && mine.value.games.map((g) => g.dueAt)).toEqual([(before?.deadlineAt as number) + 3 * DAY_MS]);
    expect((await store.get(game.row.id))?.reminderAt).toBe((before?.reminderAt as number) + 3 * DAY_MS);
    // Back a day early: his time left is what it was when he left.
    advance(2 * DAY_MS);
    const back = await endTimeOff(service, 'g', first);
    expect(back.ok && back.value.games.map((g) => g.dueAt)).toEqual([now() + LIMIT - HOUR]);
    expect(await endTimeOff(service, 'g', first)).toEqual({ ok: false, refusal: 'not-away' });

    // While the other player is away, a wait that begins for him starts when he is back.
    const { value } = (await start(service, other, 2)) as { value: { timeOff: { until: number } } };
    const passed = await playTurn(service, (await service.load(game.row.id)) as LoadedGame);
    expect(toMove(passed)).toBe(other);
    expect(passed.row.deadlineAt).toBe(value.timeOff.until + LIMIT);
    expect(passed.row.reminderAt).toBe(value.timeOff.until + LIMIT / 2);
    // Time off is per server: a game in another server does not wait.
    const elsewhere = await running(service, [other, first], 'h');
    expect(elsewhere.row.deadlineAt).toBe(now() + LIMIT);
  });

  it('is refused beyond what the server allows: days out of range, none allowed, twice at once, more than the most per 30 days', async () => {
    const { service, advance } = await setup();
    expect(await start(service, 'ann', 0)).toEqual({ ok: false, refusal: 'bad-days' });
    expect(await start(service, 'ann', 15)).toEqual({ ok: false, refusal: 'bad-days' });
    expect(await start(service, 'ann', 1, 0)).toEqual({ ok: false, refusal: 'no-time-off' });
    expect((await start(service, 'ann', 10)).ok).toBe(true);
    expect(await start(service, 'ann', 1)).toEqual({ ok: false, refusal: 'already-away' });
    advance(10 * DAY_MS);
    expect(await start(service, 'ann', 5)).toEqual({ ok: false, refusal: 'too-much-time-off' });
    const four = await start(service, 'ann', 4);
    expect(four.ok && four.value.daysLeft).toBe(0);
    // Ended early, time off counts as long as it lasted; the window moves on.
    advance(HOUR);
    await endTimeOff(service, 'g', 'ann');
    advance(20 * DAY_MS);
    expect((await start(service, 'ann', 13)).ok).toBe(true);
  });

  it('lets the bot play for a player away once every other player agrees, logged as a stand-in, until he is back', async () => {
    const { service, store } = await setup();
    let game = await running(service, ['ann', 'bob', 'cas']);
    while (toMove(game) !== 'cas') game = await playTurn(service, game);
    const id = game.row.id;
    expect(await voteStandIn(service, id, 'ann', false)).toEqual({ ok: false, refusal: 'nobody-away' });
    await start(service, 'cas', 5);
    expect(await voteStandIn(service, id, 'cas', false)).toEqual({ ok: false, refusal: 'stand-in-yourself' });
    expect(await voteStandIn(service, id, 'dirk', false)).toEqual({ ok: false, refusal: 'not-a-player' });
    const first = await voteStandIn(service, id, 'ann', false);
    expect(first.ok && first.value.waiting.map((w) => [w.seat.userId, w.agreed, w.needed])).toEqual([['cas', ['ann'], ['bob']]]);
    expect(await voteStandIn(service, id, 'ann', false)).toEqual({ ok: false, refusal: 'already-voted' });
    expect(service.botsToAct((await service.load(id)) as LoadedGame)).toEqual([]);
    const second = await voteStandIn(service, id, 'bob', false);
    expect(second.ok && second.value.granted.map((g) => g.seat.userId)).toEqual(['cas']);
    const loaded = (await service.load(id)) as LoadedGame;
    const [seat] = service.botsToAct(loaded);
    expect(loaded.seats[seat as number]?.userId).toBe('cas');
    const moved = await service.actAsBot(id, seat as number, loaded.row.version, loaded.def.legalActions(loaded.state, seat as number)[0]);
    expect(moved.ok).toBe(true);
    expect((await store.log.actionsOf(id)).at(-1)?.origin).toBe('stand-in');
    expect(await voteStandIn(service, id, 'ann', false)).toEqual({ ok: false, refusal: 'nobody-away' });
    // Back early: the bot no longer plays for her, and a new time off needs a new agreement.
    await endTimeOff(service, 'g', 'cas');
    expect((await store.seatsOf(id)).find((s) => s.userId === 'cas')).toMatchObject({ standInUntil: null, standInVotes: [] });
    // A member who may manage the server decides alone.
    await start(service, 'bob', 1);
    const managed = await voteStandIn(service, id, 'eva', true);
    expect(managed.ok && managed.value.granted.map((g) => g.seat.userId)).toEqual(['bob']);
  });
});
