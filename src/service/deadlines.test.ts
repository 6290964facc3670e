import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/connection.js';
import { SettingsStore } from '../db/settings-store.js';
import { GameStore } from '../db/store.js';
import { games, presenters } from '../games/index.js';
import { DeadlineKeeper } from './deadlines.js';
import { GameService, type LoadedGame } from './game-service.js';
import { TIME_LIMITS, type Clock } from './time-limits.js';

const HOUR = 60 * 60 * 1000;
const MINUTE = 60 * 1000;

/** A clock the test moves by hand. */
class TestClock implements Clock {
  constructor(public time = Date.UTC(2026, 10, 23, 9, 0)) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

function bot(db: Db = openDatabase(':memory:'), clock = new TestClock()) {
  let n = 0;
  const now = () => clock.now();
  const service = new GameService(new GameStore(db, now), games, () => `seed-${++n}`, clock);
  const settings = new SettingsStore(db, now);
  // As in the bot: a move made for an absent player ends where his game posts.
  const endsMove = (gameId: string, events: unknown[]) => presenters[gameId as keyof typeof presenters].postAfter(events);
  return { db, clock, service, settings, keeper: new DeadlineKeeper(service, settings, endsMove) };
}

function start(service: GameService, gameId: string, options: unknown, players: string[], timeLimitMs: number | null = TIME_LIMITS['1h']): LoadedGame {
  const [host, ...others] = players as [string, ...string[]];
  const lobby = service.openLobby({ guildId: 'g', channelId: 'c', hostId: host, hostName: host, gameId, options, locale: 'en', timeLimitMs });
  if (!lobby.ok) throw new Error(lobby.refusal);
  for (const p of others) service.join(lobby.value.id, p, p);
  const started = service.start(lobby.value.id, host);
  if (!started.ok) throw new Error(started.refusal);
  return started.value;
}

const cartagena = (service: GameService, limit: number | null = TIME_LIMITS['1h']) => start(service, 'cartagena', { version: 'jamaica' }, ['ann', 'bob', 'cas'], limit);
const waitingUser = (game: LoadedGame) => game.seats[(game.def.toAct(game.state) as number[])[0] as number]?.userId as string;

/** The user the game waits for plays his first legal action. */
function move(service: GameService, id: number): LoadedGame {
  const game = service.load(id) as LoadedGame;
  const outcome = service.act(id, waitingUser(game), game.row.version, 0);
  if (!outcome.ok) throw new Error(outcome.refusal);
  return outcome.value.game;
}

describe('time limits: deadlines and reminders', () => {
  it('starts the clock with the game, reminds the awaited player at half time, once', () => {
    const { service, clock, keeper } = bot();
    const t0 = clock.now();
    const game = cartagena(service);
    expect(game.row).toMatchObject({ waitingSince: t0, deadlineAt: t0 + HOUR, reminderAt: t0 + 30 * MINUTE });
    clock.advance(29 * MINUTE);
    expect(keeper.dueReminders()).toEqual([]);
    clock.advance(MINUTE);
    const due = keeper.dueReminders();
    expect(due.map((r) => [r.game.id, r.userIds, r.deadlineAt])).toEqual([[game.row.id, [waitingUser(game)], t0 + HOUR]]);
    expect(keeper.reminded(due[0]!)).toBe(true);
    expect(keeper.dueReminders()).toEqual([]);
  });

  it('gives the next player a full limit when the turn passes; steps within a turn start a new wait too', () => {
    const { service, clock } = bot();
    const game = cartagena(service);
    clock.advance(10 * MINUTE);
    const after = move(service, game.row.id);
    expect(after.row.deadlineAt).toBe(clock.now() + HOUR);
  });

  it('keeps the others\' time in a simultaneous choice when one of them has chosen', () => {
    const { service, clock } = bot();
    const game = start(service, 'halunken', { variant: 'beginner' }, ['ann', 'bob', 'cas']);
    // Place the three captains; then everyone chooses a movement card at once.
    let current = game;
    while ((current.def.toAct(current.state) as number[]).length === 1) current = move(service, game.row.id);
    const choosing = current.def.toAct(current.state) as number[];
    expect(choosing).toHaveLength(3);
    const deadline = current.row.deadlineAt;
    clock.advance(20 * MINUTE);
    const user = current.seats[choosing[0] as number]?.userId as string;
    const outcome = service.act(game.row.id, user, current.row.version, 0);
    expect(outcome.ok && outcome.value.game.row.deadlineAt).toBe(deadline);
  });

  it('a game without a limit has no deadline and no reminder', () => {
    const { service, clock, keeper } = bot();
    const game = cartagena(service, null);
    expect(game.row.deadlineAt).toBeNull();
    clock.advance(30 * 24 * HOUR);
    expect(keeper.dueReminders()).toEqual([]);
    expect(keeper.expireDue()).toEqual([]);
  });
});

describe('time limits: when a deadline passes', () => {
  it('auto-move: the bot plays a safe move for the absent player, logged as such, and the next player gets his time', () => {
    const { service, clock, keeper } = bot();
    const game = cartagena(service);
    const absent = (game.def.toAct(game.state) as number[])[0] as number;
    clock.advance(HOUR - 1);
    expect(keeper.expireDue()).toEqual([]);
    clock.advance(1);
    const [expired] = keeper.expireDue();
    expect(expired?.seats).toEqual([absent]);
    expect(expired?.policy).toBe('auto-move');
    const log = service.store.logOf(game.row.id);
    expect(log.length).toBeGreaterThan(0);
    expect(log.every((a) => a.origin === 'timeout' && a.seat === absent)).toBe(true);
    // His turn is over (Cartagena: one move, then end turn); the next player has a full hour.
    const after = service.load(game.row.id) as LoadedGame;
    expect(after.def.toAct(after.state)).not.toContain(absent);
    expect(after.row.deadlineAt).toBe(clock.now() + HOUR);
    expect(service.replay(game.row.id)).toEqual(after.state);
    expect(keeper.expireDue()).toEqual([]);
  });

  it('auto-move in a simultaneous choice moves only for those who have not chosen', () => {
    const { service, clock, keeper } = bot();
    const game = start(service, 'halunken', { variant: 'beginner' }, ['ann', 'bob', 'cas']);
    let current = game;
    while ((current.def.toAct(current.state) as number[]).length === 1) current = move(service, game.row.id);
    const [first, ...late] = current.def.toAct(current.state) as number[];
    const outcome = service.act(game.row.id, current.seats[first as number]?.userId as string, current.row.version, 0);
    expect(outcome.ok).toBe(true);
    clock.advance(HOUR);
    const [expired] = keeper.expireDue();
    expect(expired?.seats).toEqual(late);
    const timedOut = service.store.logOf(game.row.id).filter((a) => a.origin === 'timeout');
    expect(new Set(timedOut.map((a) => a.seat))).toEqual(new Set(late));
  });

  it('auto-move makes one move, not the next one too: in Honderden the bot plays a single card for the absent player', () => {
    const { service, clock, keeper } = bot();
    const game = start(service, 'honderden', { target: 5 }, ['ann', 'bob']);
    const absent = (game.def.toAct(game.state) as number[])[0] as number;
    clock.advance(HOUR);
    expect(keeper.expireDue()).toHaveLength(1);
    const log = service.store.logOf(game.row.id);
    expect(log.map((a) => [a.seat, (a.action as { type: string }).type, a.origin])).toEqual([[absent, 'play', 'timeout']]);
    const after = service.load(game.row.id) as LoadedGame;
    expect(after.def.toAct(after.state)).toEqual([1 - absent]);
  });

  it('remove: the absent player leaves the game, which goes on without him', () => {
    const { service, clock, keeper, settings } = bot();
    settings.updateGuild('g', { deadlinePolicy: 'remove' });
    const game = cartagena(service);
    const absent = waitingUser(game);
    clock.advance(HOUR);
    const [expired] = keeper.expireDue();
    expect(expired?.policy).toBe('remove');
    const after = service.load(game.row.id) as LoadedGame;
    expect(after.row.status).toBe('running');
    expect(after.seats.find((s) => s.userId === absent)?.resigned).toBe(true);
    expect(service.store.logOf(game.row.id).map((a) => [a.action, a.origin])).toEqual([[{ $: 'resign' }, 'timeout']]);
  });

  it('remove: with two players the game ends, and the one who stayed wins', () => {
    const { service, clock, keeper, settings } = bot();
    settings.updateGuild('g', { deadlinePolicy: 'remove' });
    const game = start(service, 'shanghaien', {}, ['ann', 'bob']);
    const absent = (game.def.toAct(game.state) as number[])[0] as number;
    clock.advance(HOUR);
    keeper.expireDue();
    const after = service.load(game.row.id) as LoadedGame;
    expect(after.row.status).toBe('finished');
    expect((after.row.result as { ranking: number[][] }).ranking).toEqual([[1 - absent], [absent]]);
    expect(after.row.deadlineAt).toBeNull();
  });

  it('the host can extend a deadline; other players cannot', () => {
    const { service, clock, keeper } = bot();
    const game = cartagena(service);
    clock.advance(40 * MINUTE);
    expect(keeper.dueReminders()).toHaveLength(1);
    keeper.reminded(keeper.dueReminders()[0]!);
    expect(service.extend(game.row.id, 'bob', HOUR, false)).toEqual({ ok: false, refusal: 'not-host' });
    const extended = service.extend(game.row.id, 'ann', 6 * HOUR, false);
    expect(extended.ok && extended.value.deadlineAt).toBe(game.row.deadlineAt! + 6 * HOUR);
    // Plenty of time is left again, so a second reminder will come at half the limit before the end.
    expect(extended.ok && extended.value.reminderAt).toBe(game.row.deadlineAt! + 6 * HOUR - 30 * MINUTE);
    clock.advance(HOUR);
    expect(keeper.expireDue()).toEqual([]);
  });
});

describe('time limits: restarts and downtime', () => {
  it('after downtime every deadline moves on by the time the bot was away, so nobody is punished for it', () => {
    const { service, clock, keeper } = bot();
    keeper.resumeAfterDowntime();
    const game = cartagena(service);
    clock.advance(20 * MINUTE);
    keeper.beat();
    // The bot is down for five hours.
    clock.advance(5 * HOUR);
    expect(keeper.resumeAfterDowntime()).toBe(5 * HOUR);
    const row = service.store.get(game.row.id)!;
    expect(row.deadlineAt).toBe(game.row.deadlineAt! + 5 * HOUR);
    expect(row.reminderAt).toBe(game.row.reminderAt! + 5 * HOUR);
    expect(keeper.dueReminders()).toEqual([]);
    expect(keeper.expireDue()).toEqual([]);
    // The 40 minutes that were left still count down after the restart.
    clock.advance(10 * MINUTE);
    expect(keeper.dueReminders()).toHaveLength(1);
    clock.advance(30 * MINUTE);
    expect(keeper.expireDue()).toHaveLength(1);
  });

  it('a restart while waiting keeps the deadline: a new process on the same database expires it on time', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-deadlines-')), 'games.sqlite');
    const clock = new TestClock();
    const before = bot(openDatabase(path), clock);
    before.keeper.resumeAfterDowntime();
    const game = cartagena(before.service);
    clock.advance(50 * MINUTE);
    before.keeper.beat();
    before.db.$client.close();

    const after = bot(openDatabase(path), clock);
    expect(after.keeper.resumeAfterDowntime()).toBe(0);
    expect(after.service.store.get(game.row.id)?.deadlineAt).toBe(game.row.deadlineAt);
    // The reminder that fell due while stopped is still owed.
    expect(after.keeper.dueReminders()).toHaveLength(1);
    clock.advance(10 * MINUTE);
    expect(after.keeper.expireDue().map((e) => e.game.row.id)).toEqual([game.row.id]);
  });
});
