import { describe, expect, it } from 'vitest';
import type { LoadedGame } from '../service/game-service.js';
import { wallClockGap } from './scheduler.js';
import { harbour, HOUR, INTERVAL, MINUTE, SECOND, type LogLine } from '../../tests/support/scheduler-harbour.js';
import { storeForTests } from '../service/test-access.js';
import { DiscordAPIError } from 'discord.js';
import { createLogger } from '../logger.js';
import { MemberChecks } from './member-checks.js';

const errorsOf = (logs: LogLine[], game: number) => logs.filter((l) => l.level === 50 && l.game === game);
const waitingUser = (game: LoadedGame) => game.seats[game.def.toAct(game.state)[0] as number]?.userId as string;

/** Game ids in ascending order. */
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('scheduler: one broken game never stops the others', () => {
  it('among several due games, the others expire and are posted; the broken ones are logged with their id', async () => {
    const h = await harbour();
    const [fine, broken, unknown, alsoFine] = [await h.cartagena(), await h.cartagena(), await h.cartagena(), await h.cartagena()];
    await h.setGames({ state: { broken: true } }, broken.row.id);
    await h.setGames({ gameId: 'chess' }, unknown.row.id);
    await h.setGames({ reminderAt: null });
    h.clocks.pass(HOUR);
    await h.scheduler.tick();
    // In whichever order the two lanes' timeouts commit (at once, on PostgreSQL).
    expect(sorted(h.announcer.posts)).toEqual([fine.row.id, alsoFine.row.id]);
    for (const game of [fine, alsoFine]) expect((await storeForTests(h.service).log.all(game.row.id)).every((a) => a.origin === 'timeout')).toBe(true);
    expect(sorted(h.logs.filter((l) => l.msg === 'time ran out').map((l) => l.game as number))).toEqual([fine.row.id, alsoFine.row.id]);
    for (const game of [broken, unknown]) {
      const [error] = errorsOf(h.logs, game.row.id);
      expect(error).toMatchObject({ msg: 'could not apply the deadline of a game', retryInTicks: 1 });
      expect(error?.err?.message).toBeTruthy();
    }
  });

  it('a broken game is tried again after 1, 2, 4 ... ticks, at most every ten minutes, and goes on once repaired', async () => {
    const h = await harbour();
    const game = await h.cartagena();
    await h.setGames({ gameId: 'chess', reminderAt: null }, game.row.id);
    h.clocks.pass(HOUR);
    const failedOn: number[] = [];
    for (let n = 1; n <= 80; n++) {
      const before = errorsOf(h.logs, game.row.id).length;
      await (n === 1 ? h.scheduler.tick() : h.tick());
      if (errorsOf(h.logs, game.row.id).length > before) failedOn.push(n);
    }
    expect(failedOn).toEqual([1, 3, 6, 11, 20, 37, 58, 79]);
    // Ten minutes of 30-second ticks: the skips stop growing there.
    expect(errorsOf(h.logs, game.row.id).map((l) => l.retryInTicks)).toEqual([1, 2, 4, 8, 16, 20, 20, 20]);
    await h.setGames({ gameId: 'cartagena' }, game.row.id);
    for (let n = 0; n < 20; n++) await h.tick();
    expect(h.announcer.posts).toEqual([game.row.id]);
    expect(h.logs.filter((l) => l.msg === 'time ran out')).toHaveLength(1);
  });

  it('asks for each timeout post without waiting for it: a post that hangs holds up nothing', async () => {
    const h = await harbour();
    const [first, second] = [await h.cartagena(), await h.cartagena()];
    h.announcer.posting = () => new Promise<void>(() => {});
    h.clocks.pass(HOUR);
    // Each round asks for both games' posts, in whichever order their timeouts commit (on
    // PostgreSQL the two lanes' writes run at once).
    const both = [first.row.id, second.row.id];
    await h.scheduler.tick();
    expect(sorted(h.announcer.posts)).toEqual(both);
    await h.setGames({ deadlineAt: h.clocks.now() });
    await h.tick();
    expect(sorted(h.announcer.posts.slice(2))).toEqual(both);
  });
});

describe('scheduler: reminders', () => {
  it('a reminder is marked only once the thread notice went out; no DM goes out before it does', async () => {
    const h = await harbour();
    const game = await h.cartagena();
    const user = waitingUser(game);
    await h.settings.updateMember(user, { dmReminders: true });
    h.announcer.unreachable.add(game.row.id);
    h.clocks.pass(30 * MINUTE);
    await h.scheduler.tick();
    expect((await h.row(game.row.id)).reminderAt).not.toBeNull();
    expect(h.dms).toEqual([]);
    expect(errorsOf(h.logs, game.row.id)).toMatchObject([{ msg: 'could not send a reminder', err: { message: 'Discord is away' } }]);
    await h.tick(); // skipped: the back-off
    h.announcer.unreachable.clear();
    await h.tick();
    expect(h.announcer.notices.map((n) => [n.game, n.mentions])).toEqual([[game.row.id, [user]]]);
    expect(h.dms.map((d) => d.user)).toEqual([user]);
    expect((await h.row(game.row.id)).reminderAt).toBeNull();
    await h.tick();
    expect(h.announcer.notices).toHaveLength(1);
    expect(h.dms).toHaveLength(1);
  });

  it('a reminder posted but not marked (its answer lost) is tried again with the same nonce, which Discord answers with the post it made', async () => {
    const h = await harbour();
    const game = await h.cartagena();
    const user = waitingUser(game);
    await h.settings.updateMember(user, { dmReminders: true });
    h.announcer.answerLost.add(game.row.id);
    h.clocks.pass(30 * MINUTE);
    await h.scheduler.tick();
    expect((await h.row(game.row.id)).reminderAt).not.toBeNull();
    await h.tick(); // skipped: the back-off
    await h.tick();
    const nonces = h.announcer.notices.map((n) => n.nonce);
    expect(nonces).toEqual([expect.any(String), nonces[0]]);
    expect(h.dms.map((d) => [d.user, typeof d.nonce])).toEqual([[user, 'string']]);
    expect((await h.row(game.row.id)).reminderAt).toBeNull();
  });

  it('a direct message that fails does not keep the reminder from being marked', async () => {
    const h = await harbour();
    const game = await h.cartagena();
    const user = waitingUser(game);
    await h.settings.updateMember(user, { dmReminders: true });
    h.closedDms.add(user);
    h.clocks.pass(30 * MINUTE);
    await h.scheduler.tick();
    expect(h.announcer.notices).toHaveLength(1);
    expect((await h.row(game.row.id)).reminderAt).toBeNull();
    expect(h.logs.filter((l) => l.msg === 'could not send a reminder by direct message')).toHaveLength(1);
  });

  it('a game whose reminder cannot be read is logged; the other games get theirs', async () => {
    const h = await harbour();
    const [broken, fine] = [await h.cartagena(), await h.cartagena()];
    await h.setGames({ state: { broken: true } }, broken.row.id);
    h.clocks.pass(30 * MINUTE);
    await h.scheduler.tick();
    expect(h.announcer.notices.map((n) => n.game)).toEqual([fine.row.id]);
    expect(errorsOf(h.logs, broken.row.id)).toHaveLength(1);
    expect((await h.row(broken.row.id)).reminderAt).not.toBeNull();
  });
});

describe('scheduler: players who left the server', () => {
  /** Member checks whose Discord says Unknown Member for the users in `gone`; the routes asked. */
  async function leaving(gone: Set<string>) {
    const asked: string[] = [];
    const rest = {
      get: async (route: string) => {
        asked.push(route);
        if (gone.has(route.split('/').at(-1) as string))
          throw new DiscordAPIError({ message: 'Unknown Member', code: 10007 }, 10007, 404, 'GET', route, { body: undefined });
        return {};
      },
    };
    const h = await harbour({ members: { check: (g, users) => checks.check(g, users), checkGame: (...args) => checks.checkGame(...args) } });
    const checks = new MemberChecks({ rest: rest, service: h.service, announcer: { post: async () => undefined }, logger: createLogger('silent') });
    return { h, asked };
  }

  it('a reminder is not sent to a player who left: the check finds him gone, and the bot plays for him from now on', async () => {
    const gone = new Set<string>();
    const { h, asked } = await leaving(gone);
    const game = await h.cartagena();
    const user = waitingUser(game);
    await h.settings.updateMember(user, { dmReminders: true });
    gone.add(user);
    h.clocks.pass(30 * MINUTE);
    await h.scheduler.tick();
    expect(asked).toEqual([`/guilds/g/members/${user}`]);
    expect(h.announcer.notices).toEqual([]);
    expect(h.dms).toEqual([]);
    expect((await h.row(game.row.id)).reminderAt).toBeNull();
    const after = (await h.service.load(game.row.id)) as LoadedGame;
    expect(h.service.botsToAct(after)).toEqual(after.def.toAct(after.state));
    expect((await h.service.posts.noticesOf(game.row.id)).map((n) => n.content)).toEqual([expect.stringContaining(`<@${user}> has left the server.`)]);
  });

  it('a player still in the server is reminded, and asked about once in ten minutes at most', async () => {
    const { h, asked } = await leaving(new Set());
    const game = await h.cartagena();
    h.clocks.pass(30 * MINUTE);
    await h.scheduler.tick();
    expect(h.announcer.notices.map((n) => n.game)).toEqual([game.row.id]);
    // The deadline: asked about again only once ten minutes have passed since.
    h.clocks.pass(5 * MINUTE);
    await h.setGames({ deadlineAt: h.clocks.now() });
    await h.tick();
    expect(asked).toEqual([`/guilds/g/members/${waitingUser(game)}`]);
  });
});

describe('scheduler: jumps of the wall clock', () => {
  /** A game that waits, and a first tick that reads the clocks. */
  async function waiting() {
    const h = await harbour();
    const game = await h.cartagena();
    h.clocks.pass(10 * MINUTE);
    await h.scheduler.tick();
    const timeLeft = async () => ((await h.row(game.row.id)).deadlineAt as number) - h.clocks.now();
    return { h, game, timeLeft, before: await timeLeft() };
  }
  const jumps = (logs: LogLine[]) => logs.filter((l) => l.msg.startsWith('the wall clock jumped')).map((l) => l.jumpMs);

  it('the wall clock set 5 hours forward between two ticks: every wait moves by 5 hours, nothing expires', async () => {
    const { h, game, timeLeft, before } = await waiting();
    h.clocks.step(5 * HOUR);
    await h.tick();
    expect((await h.row(game.row.id)).deadlineAt).toBe(game.row.deadlineAt! + 5 * HOUR);
    expect((await h.row(game.row.id)).reminderAt).toBe(game.row.reminderAt! + 5 * HOUR);
    expect(await timeLeft()).toBe(before - INTERVAL);
    expect(h.announcer.posts).toEqual([]);
    expect(h.announcer.notices).toEqual([]);
    expect(jumps(h.logs)).toEqual([5 * HOUR]);
    await h.tick();
    expect(jumps(h.logs)).toHaveLength(1);
  });

  it('a host suspended for 5 hours, or a process paused for 5 hours: the same', async () => {
    // Suspended, the process ran for none of it; paused, it ran for at most the interval.
    for (const [away, ran] of [
      ['suspend', 0],
      ['pass', INTERVAL],
    ] as const) {
      const { h, timeLeft, before } = await waiting();
      h.clocks[away](5 * HOUR);
      await h.scheduler.tick();
      expect(await timeLeft()).toBe(before - ran);
      expect(h.announcer.posts).toEqual([]);
      expect(jumps(h.logs)).toEqual([5 * HOUR - ran]);
    }
  });

  it('the wall clock set 5 hours back: every wait moves back by 5 hours, so the time left stays', async () => {
    const { h, game, timeLeft, before } = await waiting();
    h.clocks.step(-5 * HOUR);
    await h.tick();
    expect((await h.row(game.row.id)).deadlineAt).toBe(game.row.deadlineAt! - 5 * HOUR);
    expect(await timeLeft()).toBe(before - INTERVAL);
    expect(jumps(h.logs)).toEqual([-5 * HOUR]);
    // The reminder comes after half the hour, as it would have.
    for (let n = 0; n < 38; n++) await h.tick();
    expect(h.announcer.notices).toEqual([]);
    await h.tick();
    expect(h.announcer.notices).toHaveLength(1);
  });

  it('jitter changes nothing: ticks late by a second, or by most of a minute, clocks a second apart', async () => {
    const { h, game } = await waiting();
    await h.tick(INTERVAL + SECOND);
    await h.tick(INTERVAL + 50 * SECOND);
    h.clocks.step(SECOND);
    await h.tick();
    h.clocks.step(-2 * SECOND);
    await h.tick(SECOND);
    expect((await h.row(game.row.id)).deadlineAt).toBe(game.row.deadlineAt);
    expect(jumps(h.logs)).toEqual([]);
  });

  it('the threshold: a few intervals, and never less than a minute (a 200 ms interval late by a second is jitter)', async () => {
    expect(wallClockGap(INTERVAL + 60 * SECOND, INTERVAL + 60 * SECOND, INTERVAL)).toBe(0);
    expect(wallClockGap(INTERVAL + 91 * SECOND, INTERVAL + 91 * SECOND, INTERVAL)).toBe(91 * SECOND);
    expect(wallClockGap(1200, 1200, 200)).toBe(0);
    expect(wallClockGap(200 + 2 * MINUTE, 200, 200)).toBe(2 * MINUTE);
    expect(wallClockGap(-2 * MINUTE, 200, 200)).toBe(-2 * MINUTE - 200);
    // Two ticks close together (the first tick of `start`, then the timer's).
    expect(wallClockGap(5, 5, INTERVAL)).toBe(0);
  });
});

describe('scheduler: while the bot cannot hear Discord', () => {
  it('acts for nobody and records no heartbeat; heard again, every wait moves on by the time it was deaf', async () => {
    const h = await harbour();
    const game = await h.cartagena();
    await h.tick(10 * MINUTE);
    const timeLeft = async () => ((await h.row(game.row.id)).deadlineAt as number) - h.clocks.now();
    const before = await timeLeft();
    const heartbeat = await h.settings.lastHeartbeat();

    // Two hours without the gateway: past the reminder and the deadline of an hour's move.
    h.gateway.up = false;
    for (let i = 0; i < (2 * HOUR) / INTERVAL; i++) await h.tick();
    expect((await h.row(game.row.id)).version).toBe(game.row.version);
    expect(h.announcer.posts).toEqual([]);
    expect(h.announcer.notices).toEqual([]);
    expect(h.dms).toEqual([]);
    expect(await h.settings.lastHeartbeat()).toBe(heartbeat);

    // Back: the waits move on by the outage, counted from the last tick that heard the players.
    h.gateway.up = true;
    await h.tick();
    expect(await timeLeft()).toBe(before);
    expect(h.logs.filter((l) => l.msg.startsWith('the bot could not hear Discord')).map((l) => (l as { deafMs?: number }).deafMs)).toEqual([
      2 * HOUR + INTERVAL,
    ]);
    expect((await h.row(game.row.id)).version).toBe(game.row.version);
    expect(await h.settings.lastHeartbeat()).toBe(h.clocks.now());
    // And the clock runs as before: the reminder comes at half time.
    while (h.announcer.notices.length === 0 && (await timeLeft()) > 0) await h.tick();
    expect(await timeLeft()).toBeGreaterThan(0);
  });
});

describe('scheduler: heartbeat', () => {
  it("each tick and a clean stop record the wall clock with the host's boot clock", async () => {
    const h = await harbour();
    await h.tick();
    expect(await h.settings.lastHeartbeat()).toBe(h.clocks.now());
    h.clocks.pass(7 * SECOND);
    await h.scheduler.stop();
    expect(await h.settings.lastHeartbeat()).toBe(h.clocks.now());
    expect(await h.settings.lastHostHeartbeat()).toEqual({ boot: 7, uptimeMs: h.clocks.uptime });
  });

  it('a heartbeat that fails is an error while the bot acts, a warning once it no longer does', async () => {
    const h = await harbour();
    const beat = h.keeper.beat.bind(h.keeper);
    const failing = (goDeaf: boolean) => async () => {
      // Woken to find its shard taken, the process stops acting while the write is under way.
      if (goDeaf) h.gateway.up = false;
      throw new Error('Client has encountered a connection error and is not queryable');
    };
    h.keeper.beat = failing(false);
    await h.tick();
    h.keeper.beat = failing(true);
    await h.tick();
    h.keeper.beat = beat;
    const heartbeatLines = h.logs.filter((l) => /heartbeat/.test(l.msg)).map((l) => [l.level, l.msg]);
    expect(heartbeatLines).toEqual([
      [50, 'could not record the heartbeat'],
      [40, 'the heartbeat was not recorded: the bot no longer acts'],
    ]);
  });
});
