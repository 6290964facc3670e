import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testHandle } from '../../tests/support/test-store.js';
import type { Dialect } from '../db/dialect.js';
import { SettingsStore } from '../db/settings-store.js';
import { Storage } from '../db/storage.js';
import { ALL_GUILDS, type ShardScope } from '../db/shard.js';
import { games } from '../games/index.js';
import { DeadlineKeeper, type DueReminder } from './deadlines.js';
import { GameService, type LoadedGame, type TimeoutOutcome } from './game-service.js';
import type { HostClock, HostReading } from './host-clock.js';
import { TIME_LIMITS, type Clock } from './time-limits.js';
import { storeForTests } from './test-access.js';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** A clock the test moves by hand: time passing, or the wall clock being set (`step`). */
class TestClock implements Clock {
  /** Time since the host booted, suspend included: passing time moves it, setting the wall clock does not. */
  uptime = 60 * MINUTE;
  constructor(public time = Date.UTC(2026, 10, 23, 9, 0)) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
    this.uptime += ms;
  }
  step(ms: number): void {
    this.time += ms;
  }
}

/** The host's boot clock of the test clock; `boot` changes on a reboot, null: a host that does not tell. */
class TestHost implements HostClock {
  boot: number | null = 1;
  constructor(private readonly clock: TestClock) {}
  read(): HostReading | null {
    return this.boot === null ? null : { boot: this.boot, uptimeMs: this.clock.uptime };
  }
  reboot(): void {
    this.boot = (this.boot ?? 0) + 1;
    this.clock.uptime = 20_000;
  }
}

/** A bot's service and deadline keeper on `h` (a database of its own unless given). */
async function bot(given?: Dialect, clock = new TestClock(), host = new TestHost(clock), shard: ShardScope = ALL_GUILDS) {
  const h = given ?? (await testHandle());
  let n = 0;
  const now = () => clock.now();
  const service = new GameService(new Storage(h, now, shard), games, () => `seed-${++n}`, clock);
  const settings = new SettingsStore(h, now, shard);
  // As in the bot: a move made for an absent player ends where his game posts.
  const endsMove = (gameId: string, events: unknown[]) => games[gameId as keyof typeof games].turnEnded(events);
  return { h, clock, host, service, settings, keeper: new DeadlineKeeper(service, settings, endsMove, host) };
}

/** The due reminders, as the scheduler reads them game by game. */
async function dueReminders(keeper: DeadlineKeeper): Promise<DueReminder[]> {
  const reminders: DueReminder[] = [];
  for (const due of await keeper.dueReminders(null, 1000)) reminders.push(...[(await keeper.reminder(due)) ?? []].flat());
  return reminders;
}
/** Applies the policy to every due game, as the scheduler does game by game. */
async function expireDue(keeper: DeadlineKeeper): Promise<TimeoutOutcome[]> {
  const expired: TimeoutOutcome[] = [];
  for (const due of await keeper.dueDeadlines(null, 1000)) {
    const outcome = await keeper.expire(due);
    if (outcome) expired.push(outcome);
  }
  return expired;
}

async function start(
  service: GameService,
  gameId: string,
  options: unknown,
  players: string[],
  timeLimitMs: number | null = TIME_LIMITS['1h'],
): Promise<LoadedGame> {
  const [host, ...others] = players as [string, ...string[]];
  const lobby = await service.openLobby({ guildId: 'g', channelId: 'c', hostId: host, hostName: host, gameId, options, locale: 'en', timeLimitMs });
  if (!lobby.ok) throw new Error(lobby.refusal);
  for (const p of others) await service.join(lobby.value.id, p, p);
  const started = await service.start(lobby.value.id, host);
  if (!started.ok) throw new Error(started.refusal);
  return started.value;
}

const cartagena = (service: GameService, limit: number | null = TIME_LIMITS['1h']) =>
  start(service, 'cartagena', { version: 'jamaica' }, ['ann', 'bob', 'cas'], limit);
const waitingUser = (game: LoadedGame) => game.seats[game.def.toAct(game.state)[0] as number]?.userId as string;

/** The user the game waits for plays his first legal action. */
async function move(service: GameService, id: number): Promise<LoadedGame> {
  const game = (await service.load(id)) as LoadedGame;
  const outcome = await service.act(id, waitingUser(game), game.row.version, 0);
  if (!outcome.ok) throw new Error(outcome.refusal);
  return outcome.value.game;
}

describe('time limits: deadlines and reminders', () => {
  it('starts the clock with the game, reminds the awaited player at half time, once', async () => {
    const { service, clock, keeper } = await bot();
    const t0 = clock.now();
    const game = await cartagena(service);
    expect(game.row).toMatchObject({ waitingSince: t0, deadlineAt: t0 + HOUR, reminderAt: t0 + 30 * MINUTE });
    clock.advance(29 * MINUTE);
    expect(await dueReminders(keeper)).toEqual([]);
    clock.advance(MINUTE);
    const due = await dueReminders(keeper);
    expect(due.map((r) => [r.game.id, r.userIds, r.deadlineAt])).toEqual([[game.row.id, [waitingUser(game)], t0 + HOUR]]);
    expect(await keeper.reminded(due[0]!)).toBe(true);
    expect(await dueReminders(keeper)).toEqual([]);
  });

  it('gives the next player a full limit when the turn passes; steps within a turn start a new wait too', async () => {
    const { service, clock } = await bot();
    const game = await cartagena(service);
    clock.advance(10 * MINUTE);
    const after = await move(service, game.row.id);
    expect(after.row.deadlineAt).toBe(clock.now() + HOUR);
  });

  it("keeps the others' time in a simultaneous choice when one of them has chosen", async () => {
    const { service, clock } = await bot();
    const game = await start(service, 'halunken', { variant: 'beginner' }, ['ann', 'bob', 'cas']);
    // Place the three captains; then everyone chooses a movement card at once.
    let current = game;
    while (current.def.toAct(current.state).length === 1) current = await move(service, game.row.id);
    const choosing = current.def.toAct(current.state);
    expect(choosing).toHaveLength(3);
    const deadline = current.row.deadlineAt;
    clock.advance(20 * MINUTE);
    const user = current.seats[choosing[0] as number]?.userId as string;
    const outcome = await service.act(game.row.id, user, current.row.version, 0);
    expect(outcome.ok && outcome.value.game.row.deadlineAt).toBe(deadline);
  });

  it('a game without a limit has no deadline and no reminder', async () => {
    const { service, clock, keeper } = await bot();
    const game = await cartagena(service, null);
    expect(game.row.deadlineAt).toBeNull();
    clock.advance(30 * 24 * HOUR);
    expect(await dueReminders(keeper)).toEqual([]);
    expect(await expireDue(keeper)).toEqual([]);
  });
});

describe('time limits: when a deadline passes', () => {
  it('auto-move: the bot plays a safe move for the absent player, logged as such, and the next player gets his time', async () => {
    const { service, clock, keeper } = await bot();
    const game = await cartagena(service);
    const absent = game.def.toAct(game.state)[0] as number;
    clock.advance(HOUR - 1);
    expect(await expireDue(keeper)).toEqual([]);
    clock.advance(1);
    const [expired] = await expireDue(keeper);
    expect(expired?.seats).toEqual([absent]);
    expect(expired?.policy).toBe('auto-move');
    const log = await storeForTests(service).log.all(game.row.id);
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((a) => a.origin === 'timeout' && a.seat === absent)).toBe(true);
    // His turn is over (Cartagena: one move, then end turn); the next player has a full hour.
    const after = (await service.load(game.row.id)) as LoadedGame;
    expect(after.def.toAct(after.state)).not.toContain(absent);
    expect(after.row.deadlineAt).toBe(clock.now() + HOUR);
    expect(await service.replay(game.row.id)).toEqual(after.state);
    expect(await expireDue(keeper)).toEqual([]);
  });

  it('auto-move in a simultaneous choice moves only for those who have not chosen', async () => {
    const { service, clock, keeper } = await bot();
    const game = await start(service, 'halunken', { variant: 'beginner' }, ['ann', 'bob', 'cas']);
    let current = game;
    while (current.def.toAct(current.state).length === 1) current = await move(service, game.row.id);
    const [first, ...late] = current.def.toAct(current.state);
    const outcome = await service.act(game.row.id, current.seats[first as number]?.userId as string, current.row.version, 0);
    expect(outcome.ok).toBe(true);
    clock.advance(HOUR);
    const [expired] = await expireDue(keeper);
    expect(expired?.seats).toEqual(late);
    const timedOut = (await storeForTests(service).log.all(game.row.id)).filter((a) => a.origin === 'timeout');
    expect(new Set(timedOut.map((a) => a.seat))).toEqual(new Set(late));
  });

  it('auto-move makes one move, not the next one too: in Honderden the bot plays a single card for the absent player', async () => {
    const { service, clock, keeper } = await bot();
    const game = await start(service, 'honderden', { target: 5 }, ['ann', 'bob']);
    const absent = game.def.toAct(game.state)[0] as number;
    clock.advance(HOUR);
    expect(await expireDue(keeper)).toHaveLength(1);
    const log = await storeForTests(service).log.all(game.row.id);
    expect(log.map((a) => [a.seat, (a.action as { type: string }).type, a.origin])).toEqual([[absent, 'play', 'timeout']]);
    const after = (await service.load(game.row.id)) as LoadedGame;
    expect(after.def.toAct(after.state)).toEqual([1 - absent]);
  });

  it('remove: the absent player leaves the game, which goes on without him', async () => {
    const { service, clock, keeper, settings } = await bot();
    await settings.updateGuild('g', { deadlinePolicy: 'remove' });
    const game = await cartagena(service);
    const absent = waitingUser(game);
    clock.advance(HOUR);
    const [expired] = await expireDue(keeper);
    expect(expired?.policy).toBe('remove');
    const after = (await service.load(game.row.id)) as LoadedGame;
    expect(after.row.status).toBe('running');
    expect(after.seats.find((s) => s.userId === absent)?.resigned).toBe(true);
    expect((await storeForTests(service).log.all(game.row.id)).map((a) => [a.action, a.origin])).toEqual([[{ $: 'resign' }, 'timeout']]);
  });

  it('remove: with two players the game ends, and the one who stayed wins', async () => {
    const { service, clock, keeper, settings } = await bot();
    await settings.updateGuild('g', { deadlinePolicy: 'remove' });
    const game = await start(service, 'shanghaien', {}, ['ann', 'bob']);
    const absent = game.def.toAct(game.state)[0] as number;
    clock.advance(HOUR);
    await expireDue(keeper);
    const after = (await service.load(game.row.id)) as LoadedGame;
    expect(after.row.status).toBe('finished');
    expect((after.row.result as { ranking: number[][] }).ranking).toEqual([[1 - absent], [absent]]);
    expect(after.row.deadlineAt).toBeNull();
  });

  it('the host can extend a deadline; other players cannot', async () => {
    const { service, clock, keeper } = await bot();
    const game = await cartagena(service);
    clock.advance(40 * MINUTE);
    expect(await dueReminders(keeper)).toHaveLength(1);
    await keeper.reminded((await dueReminders(keeper))[0]!);
    expect(await service.extend(game.row.id, 'bob', HOUR, false)).toEqual({ ok: false, refusal: 'not-host' });
    const extended = await service.extend(game.row.id, 'ann', 6 * HOUR, false);
    expect(extended.ok && extended.value.deadlineAt).toBe(game.row.deadlineAt! + 6 * HOUR);
    // Plenty of time is left again, so a second reminder will come at half the limit before the end.
    expect(extended.ok && extended.value.reminderAt).toBe(game.row.deadlineAt! + 6 * HOUR - 30 * MINUTE);
    clock.advance(HOUR);
    expect(await expireDue(keeper)).toEqual([]);
  });
});

describe('time limits: restarts and downtime', () => {
  it('after downtime every deadline moves on by the time the bot was away, so nobody is punished for it', async () => {
    const { service, clock, keeper } = await bot();
    await keeper.resumeAfterDowntime();
    const game = await cartagena(service);
    clock.advance(20 * MINUTE);
    await keeper.beat();
    // The bot is down for five hours.
    clock.advance(5 * HOUR);
    expect(await keeper.resumeAfterDowntime()).toEqual({ awayMs: 5 * HOUR, wallMs: 5 * HOUR, measuredBy: 'uptime' });
    const row = (await storeForTests(service).get(game.row.id))!;
    expect(row.deadlineAt).toBe(game.row.deadlineAt! + 5 * HOUR);
    expect(row.reminderAt).toBe(game.row.reminderAt! + 5 * HOUR);
    expect(await dueReminders(keeper)).toEqual([]);
    expect(await expireDue(keeper)).toEqual([]);
    // The 40 minutes that were left still count down after the restart.
    clock.advance(10 * MINUTE);
    expect(await dueReminders(keeper)).toHaveLength(1);
    clock.advance(30 * MINUTE);
    expect(await expireDue(keeper)).toHaveLength(1);
  });

  it('a restart while waiting keeps the deadline: a new process on the same database expires it on time', async () => {
    const clock = new TestClock();
    const before = await bot(undefined, clock);
    await before.keeper.resumeAfterDowntime();
    const game = await cartagena(before.service);
    clock.advance(50 * MINUTE);
    await before.keeper.beat();

    // A new process: a store, settings and keeper of its own (no cache of the first), on the same database.
    const after = await bot(before.h, clock);
    expect((await after.keeper.resumeAfterDowntime()).awayMs).toBe(0);
    expect((await storeForTests(after.service).get(game.row.id))?.deadlineAt).toBe(game.row.deadlineAt);
    // The reminder that fell due while stopped is still owed.
    expect(await dueReminders(after.keeper)).toHaveLength(1);
    clock.advance(10 * MINUTE);
    expect((await expireDue(after.keeper)).map((e) => e.game.row.id)).toEqual([game.row.id]);
  });

  it('in a set of shards, each is credited its own time away: a shard whose process died while the others ran gets that time back', async () => {
    const clock = new TestClock();
    const h = await testHandle();
    const a = await bot(h, clock, undefined, { id: 0, count: 2 });
    const b = await bot(h, clock, undefined, { id: 1, count: 2 });
    await a.keeper.resumeAfterDowntime();
    await b.keeper.resumeAfterDowntime();
    // Shard 1's process dies; shard 0 beats on for half an hour, then shard 1 is started elsewhere.
    for (let i = 0; i < 30; i++) {
      clock.advance(MINUTE);
      await a.keeper.beat();
    }
    const replacement = await bot(h, clock, undefined, { id: 1, count: 2 });
    expect((await replacement.keeper.resumeAfterDowntime()).awayMs).toBe(30 * MINUTE);
    // A shard that never beat for itself (the set was smaller before) goes by the bot's latest beat.
    const added = await bot(h, clock, undefined, { id: 2, count: 3 });
    clock.advance(5 * MINUTE);
    expect((await added.keeper.resumeAfterDowntime()).wallMs).toBe(5 * MINUTE);
  });

  /** A game started, a heartbeat, then the bot goes down; returns the game's deadline before. */
  async function downAfterBeat(b: Awaited<ReturnType<typeof bot>>): Promise<number> {
    await b.keeper.resumeAfterDowntime();
    const game = await cartagena(b.service);
    b.clock.advance(10 * MINUTE);
    await b.keeper.beat();
    return game.row.deadlineAt!;
  }

  it('the wall clock set forward while the bot was down: on the same boot only the time the host counted is credited', async () => {
    const b = await bot();
    const deadline = await downAfterBeat(b);
    b.clock.advance(HOUR);
    b.clock.step(3 * 24 * HOUR);
    expect(await b.keeper.resumeAfterDowntime()).toEqual({ awayMs: HOUR, wallMs: 3 * 24 * HOUR + HOUR, measuredBy: 'uptime' });
    expect((await storeForTests(b.service).get(1))?.deadlineAt).toBe(deadline + HOUR);
  });

  it('on the same boot the wall clock still bounds the credit: a clock set back while down gives nothing', async () => {
    const b = await bot();
    const deadline = await downAfterBeat(b);
    b.clock.advance(HOUR);
    b.clock.step(-2 * HOUR);
    expect(await b.keeper.resumeAfterDowntime()).toEqual({ awayMs: 0, wallMs: 0, measuredBy: 'uptime' });
    expect((await storeForTests(b.service).get(1))?.deadlineAt).toBe(deadline);
  });

  it('after a reboot of the host the wall clock counts, never negative', async () => {
    const b = await bot();
    const deadline = await downAfterBeat(b);
    b.clock.advance(2 * HOUR);
    b.host.reboot();
    expect(await b.keeper.resumeAfterDowntime()).toEqual({ awayMs: 2 * HOUR, wallMs: 2 * HOUR, measuredBy: 'wall' });
    expect((await storeForTests(b.service).get(1))?.deadlineAt).toBe(deadline + 2 * HOUR);
    b.clock.advance(MINUTE);
    await b.keeper.beat();
    b.host.reboot();
    b.clock.step(-HOUR);
    expect(await b.keeper.resumeAfterDowntime()).toEqual({ awayMs: 0, wallMs: 0, measuredBy: 'wall' });
  });

  it('where the host does not tell its boot clock, the wall clock counts; a stale reading is never used', async () => {
    const b = await bot();
    const deadline = await downAfterBeat(b);
    b.host.boot = null;
    b.clock.advance(HOUR);
    await b.keeper.beat();
    expect(await b.settings.lastHostHeartbeat()).toBeNull();
    b.host.boot = 1;
    b.clock.advance(30 * MINUTE);
    b.clock.step(HOUR);
    expect(await b.keeper.resumeAfterDowntime()).toEqual({ awayMs: 90 * MINUTE, wallMs: 90 * MINUTE, measuredBy: 'wall' });
    expect((await storeForTests(b.service).get(1))?.deadlineAt).toBe(deadline + 90 * MINUTE);
  });

  it("the heartbeat keeps the wall-clock time the bot last ran, with the host's boot clock beside it", async () => {
    const b = await bot();
    await b.keeper.beat();
    expect(await b.settings.lastHeartbeat()).toBe(b.clock.now());
    expect(await b.settings.lastHostHeartbeat()).toEqual({ boot: 1, uptimeMs: b.clock.uptime });
  });
});

describe('time limits: a game that cannot be handled', () => {
  it('throws for that game alone: unknown rules, or a state its rules cannot read', async () => {
    const { service, clock, keeper, h } = await bot();
    const broken = await cartagena(service);
    const unknown = await cartagena(service);
    const fine = await cartagena(service);
    await h.db
      .update(h.t.games)
      .set({ state: { broken: true } })
      .where(eq(h.t.games.id, broken.row.id));
    await h.db.update(h.t.games).set({ gameId: 'chess' }).where(eq(h.t.games.id, unknown.row.id));
    clock.advance(HOUR);
    const rows = new Map((await keeper.dueDeadlines(null, 1000)).map((due) => [due.id, due]));
    expect([...rows.keys()]).toEqual([broken.row.id, unknown.row.id, fine.row.id]);
    await expect(keeper.reminder(rows.get(broken.row.id)!)).rejects.toThrow();
    await expect(keeper.reminder(rows.get(unknown.row.id)!)).rejects.toThrow(/unknown rules 'chess'/);
    await expect(keeper.expire(rows.get(broken.row.id)!)).rejects.toThrow();
    await expect(keeper.expire(rows.get(unknown.row.id)!)).rejects.toThrow(/unknown rules 'chess'/);
    expect((await keeper.expire(rows.get(fine.row.id)!))?.seats).toHaveLength(1);
    // Read again after it moved on: nothing to do, and no error either.
    expect(await keeper.expire(rows.get(fine.row.id)!)).toBeNull();
  });
});
