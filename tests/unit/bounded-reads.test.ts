/**
 * Every read on the click path, in the announcer's sweep and in the scheduler's tick is bounded: an
 * index search on a selective key, a bounded page, or a small aggregate, never a walk through every
 * game, seat, logged move or player record (a server with 100,000 finished games has 100,000 of
 * the first, 300,000 of the second). Each case runs what the handlers run, through the store and
 * the service on a fresh database, and looks at SQLite's plan of every statement it prepared.
 *
 * Where the handlers' reads are (src/discord → src/service → src/db):
 * - every component (router): `ownerOf`, then the lobby buttons (`get`, `seatsOf`, `join`, `leave`,
 *   `start`), bot selects (`addBot`, `removeBot`), panel and moves (`load`, `act`, `shownTo`,
 *   `undoableMove`, `undo`), log pages (`log.slice`), resign, cancel, rematch;
 * - slash commands: the game they are about (`get`, `gameOfThread`, `activeGamesOf`, `runningIn`),
 *   `/games` (`activeGamesOf`, `load`, `seatsOf`), `/stats` (`records.of`), `/leaderboard`
 *   (`records.best`), `/settings` (the settings store), `/game new` (`openLobby`, `lobbies.openBy`,
 *   `pingable`), `/game board` (`load`, `shownTo`); autocomplete reads no database;
 * - the announcer: `posts.owing`, `notices.pending`, `get`, `load`, `shownTo`, `actionsOf`,
 *   `markPosted`, `markTrimmed`, `markReachable`; the scheduler: `dueLobbies`, `expireLobby`,
 *   `expire`; at start and on a server's coming and going: `runningWithBots`, `membership.*`.
 *   The due deadlines and reminders (src/db/wait-store.ts) are checked with their own store.
 */
import { describe, expect, it } from 'vitest';
import { queryPlans, type QueryPlan } from '../support/query-plans.js';
import type { Db } from '../../src/db/connection.js';
import { Storage } from '../../src/db/storage.js';
import { SettingsStore } from '../../src/db/settings-store.js';
import { GameService, type LoadedGame } from '../../src/service/game-service.js';
import { leaderboard, recordsOf } from '../../src/service/stats.js';
import { profileOf, ratingBoard } from '../../src/service/standings.js';
import { awayNow, endTimeOff, startTimeOff, timeOffLeft, voteStandIn } from '../../src/service/time-off.js';
import { guildsLeft, pauseGuild, resumeGuild } from '../../src/service/guild-membership.js';
import { games } from '../../src/games/index.js';
import { storeForTests } from '../../src/service/test-access.js';
import type { LobbyRequest } from '../../src/service/lobbies.js';
import { LOBBY_REQUEST } from '../support/service-fixtures.js';

/** A scan of a table that grows with every game played. */
const UNBOUNDED = /\bSCAN (games|seats|actions|player_records)\b|AUTOMATIC/;

/** Scans that are bounded all the same, and why. */
const ALLOWED: { plan: RegExp; why: string }[] = [
  {
    plan: /^SCAN games USING (COVERING )?INDEX games_owing_idx\b/,
    why: 'a partial index of the games that still owe a post or a trim: a handful at any time, however many games there are',
  },
];

function unbounded(plans: QueryPlan[]): string[] {
  return plans.filter((q) => UNBOUNDED.test(q.plan) && !ALLOWED.some((a) => a.plan.test(q.plan))).map((q) => `${q.plan}\n    ${q.sql}`);
}

/** Runs `run` with a service on a fresh database and returns the plans of every read and write it made. */
function plansOfService(run: (service: GameService, db: Db) => Promise<void> | void, shard = { id: 0, count: 1 }): Promise<QueryPlan[]> {
  return queryPlans(
    async (db) => {
      let now = 1_000_000;
      const clock = { now: () => now };
      const store = new Storage(db, clock.now, shard);
      let seed = 0;
      const service = new GameService(store, games, () => `seed-${seed++}`, clock);
      await run(service, db);
      now += 10 * 86_400_000; // every deadline has passed
      await run(service, db);
    },
    { writes: true },
  );
}

const outcome = <T>(o: { ok: true; value: T } | { ok: false; refusal: string }): T => {
  if (!o.ok) throw new Error(o.refusal);
  return o.value;
};

/** Plays `steps` moves (or to the end) with the first legal action, taking one move back on the way where the game allows it. */
async function play(service: GameService, game: LoadedGame, steps: number): Promise<LoadedGame> {
  let current = game;
  let undone = false;
  for (let step = 0; current.row.status === 'running' && step < steps; step++) {
    const seat = current.def.toAct(current.state)[0] as number;
    const user = current.seats[seat]?.userId as string;
    await service.shownTo(current, null);
    await service.shownTo(current, (seat + 1) % current.seats.length);
    const undoable = await service.undoableMove(current, seat);
    if (undoable !== null && !undone) {
      undone = true;
      current = outcome(await service.undo(current.row.id, user, undoable)).game;
      continue;
    }
    current = outcome(await service.act(current.row.id, user, current.row.version, 0)).game;
  }
  return current;
}

/** A lobby opened by `hostId` in guild g, channel c. */
const requestBy = (hostId: string, hostName: string, gameId: string, options: unknown, more: Partial<LobbyRequest> = {}): LobbyRequest => ({
  ...LOBBY_REQUEST,
  hostId,
  hostName,
  gameId,
  options,
  ...more,
});

/** Everything a game goes through from /game new to Rematch, as the handlers ask for it. */
async function aWholeGame(service: GameService): Promise<void> {
  const limits = { maxOpen: 3, expiryMs: 86_400_000 };
  // A Cartagena lobby with its buttons and bot menu, a few moves (one taken back), posts and notices, cancelled by agreement.
  const lobby = outcome(await service.openLobby(requestBy('ann', 'Ann', 'cartagena', { version: 'jamaica' }, { timeLimitMs: 3_600_000, limits })));
  const id = lobby.id;
  await storeForTests(service).ownerOf(id);
  await storeForTests(service).setLobbyMessage(id, 'm');
  outcome(await service.join(id, 'bob', 'Bob'));
  outcome(await service.join(id, 'cas', 'Cas'));
  outcome(await service.leave(id, 'cas'));
  const bot = outcome(await service.addBot(id, 'ann', 'easy', false));
  outcome(await service.removeBot(id, 'ann', bot.userId, false));
  outcome(await service.addBot(id, 'ann', 'easy', false));
  await service.pingable('ann', ['bob']);
  const started = outcome(await service.start(id, 'ann'));
  await storeForTests(service).setThread(id, 't');
  const cartagena = await play(service, started, 8);
  await storeForTests(service).log.actionsOf(id, started.row.lastPostedSeq);
  await storeForTests(service).log.slice(id, 1, 'newer', 10);
  await storeForTests(service).log.slice(id, 5, 'older', 10);
  await service.noteUnanswered(id, 0, 1);
  await storeForTests(service).reach.markUnreachable(id, 1);
  await storeForTests(service).reach.markReachable(id, 2);
  await storeForTests(service).posts.markPosted(id, 1, { channelId: 't', messageId: 'p1', summary: 'one' });
  await storeForTests(service).posts.markPosted(id, 2, { channelId: 't', messageId: 'p2', summary: 'two' });
  await storeForTests(service).posts.markTrimmed(id, 'p1');
  await storeForTests(service).notices.add(id, 'notice', []);
  for (const notice of await storeForTests(service).notices.pending(id)) await storeForTests(service).notices.remove(notice.id);
  for (const user of ['ann', 'bob'])
    if (cartagena.row.status === 'running' && outcome(await service.mayCancel(id, user, false))) outcome(await service.cancel(id, user, false));
  // A short game played to its end (which adds to the players' records), then Rematch twice: opened, then given back.
  const short = outcome(await service.openLobby(requestBy('ann', 'Ann', 'honderden', { target: 1 })));
  outcome(await service.join(short.id, 'bob', 'Bob'));
  outcome(await service.addBot(short.id, 'ann', 'easy', false));
  const finished = await play(service, outcome(await service.start(short.id, 'ann')), 500);
  if (finished.row.status !== 'finished') throw new Error(`the game did not end: ${finished.row.status}`);
  outcome(await service.rematch(finished.row.id, 'ann', 'Ann', limits));
  outcome(await service.rematch(finished.row.id, 'ann', 'Ann', limits));
  // A game ended by resigning, one whose time ran out (with a deadline past on the second run).
  for (const end of ['resign', 'expire'] as const) {
    const other = outcome(await service.openLobby(requestBy('bob', 'Bob', 'shanghaien', {}, { timeLimitMs: 60_000 })));
    outcome(await service.join(other.id, 'ann', 'Ann'));
    outcome(await service.start(other.id, 'bob'));
    if (end === 'resign' && outcome(await service.mayResign(other.id, 'ann'))) outcome(await service.resign(other.id, 'ann'));
    else await service.expire(other.id, 'remove');
  }
  // A lobby whose time ran out, and one its host cancels.
  const expiring = outcome(await service.openLobby(requestBy('cas', 'Cas', 'shanghaien', {}, { limits })));
  await storeForTests(service).lobbies.expire(expiring.id, Number.MAX_SAFE_INTEGER);
  const cancelled = outcome(await service.openLobby(requestBy('cas', 'Cas', 'shanghaien', {}, { limits })));
  outcome(await service.cancel(cancelled.id, 'cas', false));
}

describe('bounded reads', () => {
  it('a whole game, from /game new through lobby, moves, undo, log pages, posts and the end to Rematch, reads no table whole', async () => {
    expect(unbounded(await plansOfService(aWholeGame))).toEqual([]);
  });

  it("/games and the commands that find the member's game read his open seats and the place's open games", async () => {
    const plans = await plansOfService(async (service) => {
      await aWholeGame(service);
      await storeForTests(service).openGames.activeGamesOf('g', 'ann');
      await storeForTests(service).openGames.runningIn('c');
      await storeForTests(service).openGames.gameOfThread('t');
    });
    expect(unbounded(plans)).toEqual([]);
    const plan = (table: string, key: string) =>
      plans.find((q) => q.sql.startsWith('select') && q.sql.includes(`from "${table}"`) && q.sql.includes(key))?.plan;
    // Not his seats in every game he ever played: those are thousands for a regular.
    expect(plan('seats', '"seats"."user_id" = ?')).toMatch(/^SEARCH seats USING INDEX seats_active_idx \(user_id=\?\)/);
    // Not every open game of every server: the thread's game, or the channel's open ones.
    expect(plan('games', '"games"."thread_id" is null')).toMatch(
      /MULTI-INDEX OR.*games_thread_idx \(thread_id=\?\).*games_channel_idx \(channel_id=\? AND status=\?\)/,
    );
    expect(plan('games', '"games"."thread_id" = ? order by "games"."id" desc')).toMatch(/^SEARCH games USING INDEX games_thread_idx/);
  });

  it("/stats reads one member's few records, /leaderboard the first entries of its own index, without sorting", async () => {
    const plans = await plansOfService(async (service) => {
      await aWholeGame(service);
      await recordsOf(service, 'g', 'ann');
      await leaderboard(service, 'g', 'cartagena', 10);
    });
    expect(unbounded(plans)).toEqual([]);
    const records = plans.filter((q) => q.sql.includes('from "player_records"')).map((q) => q.plan);
    expect(records).toHaveLength(2);
    expect(records).toContainEqual(expect.stringMatching(/^SEARCH player_records USING INDEX player_records_user_idx \(guild_id=\? AND user_id=\?\)/));
    expect(records).toContainEqual('SEARCH player_records USING INDEX player_records_board_idx (guild_id=? AND game_id=?)');
  });

  it("/leaderboard and /profile read the first entries of the ratings' indexes, a place is a count along one, and a game that ends rates its players by their keys", async () => {
    const plans = await plansOfService(async (service) => {
      await aWholeGame(service);
      for (const withBots of [false, true]) await ratingBoard(service, 'g', 'honderden', { limit: 10, withBots, viewerId: 'bob' });
      await ratingBoard(service, 'g', 'honderden', { limit: 1, withBots: false, viewerId: 'bob' });
      await profileOf(service, 'g', 'ann');
      await profileOf(service, 'g', 'ann', 'honderden');
    });
    expect(unbounded(plans)).toEqual([]);
    const on = (table: string) => plans.filter((q) => new RegExp(`\\b(from|FROM) "?${table}"?\\b`).test(q.sql) && /^\s*select/i.test(q.sql)).map((q) => q.plan);
    for (const table of ['ratings', 'rating_history']) {
      expect(on(table).length, table).toBeGreaterThan(0);
      // Searches on an index each (a place's count is two, one per side of a tie; a finished game's
      // players are a list of five at most), never a sort.
      const parts = on(table).flatMap((plan) => plan.split('; '));
      const bounded = /^(SEARCH \w+ USING |MULTI-INDEX OR|INDEX \d+|LIST SUBQUERY \d+|SCAN json_each VIRTUAL TABLE)/;
      expect(
        parts.filter((part) => !bounded.test(part) || /TEMP B-TREE/.test(part)),
        table,
      ).toEqual([]);
    }
    expect(on('ratings')).toContainEqual(expect.stringMatching(/^SEARCH ratings USING (COVERING )?INDEX ratings_board_idx \(guild_id=\? AND game_id=\?\)$/));
    expect(on('ratings')).toContainEqual(
      expect.stringMatching(/SEARCH ratings USING (COVERING )?INDEX ratings_board_idx \(guild_id=\? AND game_id=\? AND ordinal>\?\)/),
    );
    // The players met most: his own range of the key, summed per opponent and sorted (as many rows as
    // the players he met in a game, bounded by the members, not by the games).
    expect(on('head_to_head').sort()).toEqual([
      'SEARCH head_to_head USING INDEX sqlite_autoindex_head_to_head_1 (guild_id=? AND player_id=? AND game_id=?); USE TEMP B-TREE FOR ORDER BY',
      'SEARCH head_to_head USING INDEX sqlite_autoindex_head_to_head_1 (guild_id=? AND player_id=?); USE TEMP B-TREE FOR GROUP BY; USE TEMP B-TREE FOR ORDER BY',
    ]);
  });

  it("time off and stand-ins read and change a member's own rows and open seats by their keys", async () => {
    const plans = await plansOfService(async (service) => {
      await aWholeGame(service);
      const lobby = outcome(await service.openLobby(requestBy('ann', 'Ann', 'cartagena', { version: 'jamaica' }, { timeLimitMs: 3_600_000 })));
      outcome(await service.join(lobby.id, 'bob', 'Bob'));
      outcome(await service.join(lobby.id, 'cas', 'Cas'));
      const game = outcome(await service.start(lobby.id, 'ann'));
      for (const user of ['ann', 'bob', 'cas']) await startTimeOff(service, { guildId: 'g', userId: user, days: 2, reason: null, maxDays: 14 });
      await timeOffLeft(service, 'g', 'ann', 14);
      await awayNow(service, 'g', ['ann', 'bob']);
      await voteStandIn(service, game.row.id, 'bob', false);
      await voteStandIn(service, game.row.id, 'cas', false);
      await play(service, (await service.load(game.row.id)) as LoadedGame, 4);
      service.botsToAct((await service.load(game.row.id)) as LoadedGame);
      for (const user of ['ann', 'bob', 'cas']) await endTimeOff(service, 'g', user);
    });
    expect(unbounded(plans)).toEqual([]);
    const offs = plans.filter((q) => /from "time_off"|update "time_off"/.test(q.sql)).map((q) => q.plan);
    expect(offs.length).toBeGreaterThan(2);
    for (const plan of offs) expect(plan).toMatch(/^(SEARCH time_off USING (INDEX time_off_member_idx|INTEGER PRIMARY KEY)|LIST SUBQUERY|SCAN json_each)/);
  });

  it('settings, lobby limits and pings read by their keys', async () => {
    const plans = await queryPlans(
      async (db) => {
        const settings = new SettingsStore(db);
        await settings.updateGuild('g', { maxOpenLobbies: 4 });
        await settings.guild('g');
        await settings.updateMember('u', { dmReminders: true });
        await settings.member('u');
        await settings.heartbeat(1, { boot: 1, uptimeMs: 1 });
        await settings.lastHeartbeat();
        await settings.lastHostHeartbeat();
        const store = new Storage(db);
        await store.lobbies.openBy('g', 'ann', 3);
        await store.pings.claim('ann', ['bob', 'cas'], 1000, 100);
      },
      { writes: true },
    );
    expect(plans.length).toBeGreaterThan(5);
    expect(unbounded(plans)).toEqual([]);
    expect(plans.map((q) => q.plan).filter((p) => /^SCAN/.test(p))).toEqual([]);
  });

  it("the announcer's sweep, the scheduler's lobbies, bot players at start and servers coming and going read no table whole, with one shard or several", async () => {
    for (const shard of [
      { id: 0, count: 1 },
      { id: 1, count: 2 },
    ]) {
      const plans = await plansOfService(async (service) => {
        await aWholeGame(service);
        await storeForTests(service).posts.owing();
        await storeForTests(service).posts.owing({ trims: false });
        await storeForTests(service).notices.pending();
        await service.dueLobbies(25);
        await service.expireLobby(1);
        await storeForTests(service).openGames.runningWithBots();
        await service.countRunning();
        await pauseGuild(service, 'g');
        await resumeGuild(service, 'g');
        await guildsLeft(service, () => false);
      }, shard);
      expect(unbounded(plans), `shard ${shard.id} of ${shard.count}`).toEqual([]);
      // The waiting notices (posted ones are deleted) joined to their games, not a list of the shard's games.
      const pending = plans.find((q) => q.sql.startsWith('select') && q.sql.includes('from "notices"') && !q.sql.includes('where "notices"."game_id" = ?'));
      expect(pending?.plan).toMatch(/^SCAN notices(; SEARCH games USING INTEGER PRIMARY KEY \(rowid=\?\))?$/);
    }
  });

  it('each allowed exception is still in use', async () => {
    const plans = await plansOfService(async (service) => {
      await aWholeGame(service);
      await storeForTests(service).posts.owing();
    });
    for (const allowed of ALLOWED)
      expect(
        plans.some((q) => allowed.plan.test(q.plan)),
        allowed.why,
      ).toBe(true);
  });
});
