/**
 * What a player sees must not depend on the store: the same games, played move for move at the
 * same times on SQLite and on PostgreSQL, give the same /stats, /leaderboard, /profile and
 * `/game log`. Every game kind of the bench's cases is played, to the end or resigned or
 * cancelled, with people and bots at the table, across two servers.
 */
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { Storage } from '../db/storage.js';
import { gameCases, games } from '../games/index.js';
import { testStore, onPostgres } from '../../tests/support/test-store.js';
import { GameService, type LoadedGame } from './game-service.js';
import { leaderboard, recordsOf } from './stats.js';
import { profileOf, ratingBoard } from './standings.js';
import { rebuildRatings } from './ratings.js';
import { storeForTests } from './test-access.js';

const PEOPLE = ['ann', 'bob', 'cas', 'dirk'];
const GUILDS = ['g1', 'g2'];

/** A small seeded generator, so both stores see the very same choices. */
function chooser(seed: number) {
  let s = seed >>> 0;
  return (n: number) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

/** Plays the same sequence of games on `store`; returns the ids of the games. */
async function playAll(store: Storage, clock: { t: number }): Promise<{ service: GameService; ids: number[] }> {
  let n = 0;
  const service = new GameService(store, games, () => `agree-${++n}`, { now: () => clock.t });
  const pick = chooser(7);
  const ids: number[] = [];
  const cases = gameCases('bench');
  for (let round = 0; round < 2 * cases.length; round++) {
    const c = cases[round % cases.length]!;
    const guildId = GUILDS[round % GUILDS.length]!;
    const people = Array.from({ length: c.seats - (round % 3 === 1 ? 1 : 0) }, (_, i) => PEOPLE[(round + i) % PEOPLE.length]!);
    const host = people[0]!;
    clock.t += 60_000;
    const lobby = await service.openLobby({
      guildId,
      channelId: 'c',
      hostId: host,
      hostName: host,
      gameId: c.id,
      options: c.options,
      locale: 'en',
      timeLimitMs: null,
    });
    if (!lobby.ok) throw new Error(lobby.refusal);
    const id = lobby.value.id;
    ids.push(id);
    for (const p of people.slice(1)) expect((await service.join(id, p, p)).ok).toBe(true);
    if (people.length < c.seats) expect((await service.addBot(id, host, 'easy', false)).ok).toBe(true);
    const started = await service.start(id, host);
    if (!started.ok) throw new Error(started.refusal);
    let game: LoadedGame = started.value;
    const ending = round % 5; // 0: cancelled midway, 1: resigned midway, else played out
    for (let move = 0; game.row.status === 'running'; move++) {
      clock.t += 1_000 + pick(20_000);
      if (move === 12 && ending === 0) {
        for (const p of people) await service.cancel(id, p, false);
        break;
      }
      if (move === 15 && ending === 1) {
        const resigner = people[1]!;
        expect((await service.resign(id, resigner)).ok).toBe(true);
        game = (await service.load(id))!;
        continue;
      }
      const seat = game.def.toAct(game.state)[0] as number;
      const legal = game.def.legalActions(game.state, seat);
      const index = pick(legal.length);
      const sitter = game.seats[seat]!;
      const outcome =
        sitter.botLevel !== null
          ? await service.actAsBot(id, seat, game.row.version, legal[index])
          : await service.act(id, sitter.userId, game.row.version, index);
      if (!outcome.ok) throw new Error(`${c.id}: ${outcome.refusal}`);
      game = outcome.value.game;
    }
  }
  return { service, ids };
}

/** Everything a member can read about the games: stats, boards, profiles, and every game's log. */
async function whatPlayersSee(service: GameService, ids: number[]) {
  const seen: Record<string, unknown> = {};
  const ids_ = [...PEOPLE, 'bot:1'];
  for (const guildId of GUILDS) {
    for (const user of ids_) {
      seen[`stats ${guildId} ${user}`] = await recordsOf(service, guildId, user);
      seen[`profile ${guildId} ${user}`] = await profileOf(service, guildId, user);
    }
    for (const gameId of Object.keys(games)) {
      seen[`leaderboard ${guildId} ${gameId}`] = await leaderboard(service, guildId, gameId, 10);
      for (const withBots of [false, true])
        seen[`ratings ${guildId} ${gameId} ${withBots}`] = await ratingBoard(service, guildId, gameId, { limit: 10, withBots, viewerId: 'dirk' });
      seen[`profile ${guildId} ann ${gameId}`] = await profileOf(service, guildId, 'ann', gameId);
    }
  }
  for (const id of ids) {
    const row = await service.gameRow(id);
    seen[`game ${id}`] = { status: row?.status, version: row?.version, result: row?.result, finishedAt: row?.finishedAt };
    seen[`log ${id}`] = await service.logPage(id, 1, 'newer', 500);
    seen[`log ${id} older`] = await service.logPage(id, row?.version ?? 0, 'older', 7);
  }
  return seen;
}

describe('the two stores', () => {
  it('runs this suite on PostgreSQL', async () => {
    expect(onPostgres).toBe(true);
    const store = await testStore();
    expect(store.file).not.toMatch(/sqlite|:memory:/);
  });

  it('show players the same stats, leaderboards, profiles and game logs for the same games', async () => {
    const sqlite = await playAll(new Storage(openDatabase(':memory:'), () => sqliteClock.t), sqliteClock);
    const postgres = await playAll(await testStore(() => postgresClock.t), postgresClock);
    expect(postgres.ids).toEqual(sqlite.ids);
    const onSqlite = await whatPlayersSee(sqlite.service, sqlite.ids);
    const onPostgres_ = await whatPlayersSee(postgres.service, postgres.ids);
    // The comparison means something only if the games produced records, ratings and logs.
    expect(Object.values(onSqlite).filter((v) => Array.isArray(v) && v.length > 0).length).toBeGreaterThan(20);
    expect((onSqlite['profile g1 ann'] as { games: unknown[] }).games.length).toBeGreaterThan(0);
    for (const key of Object.keys(onSqlite)) expect(onPostgres_[key], key).toEqual(onSqlite[key]);
    // Rebuilding the ratings from the games (their own queries) gives the same again, on both.
    await rebuildRatings(storeForTests(sqlite.service));
    await rebuildRatings(storeForTests(postgres.service));
    const rebuilt = await whatPlayersSee(postgres.service, postgres.ids);
    for (const key of Object.keys(onSqlite)) expect(rebuilt[key], `rebuilt: ${key}`).toEqual(onSqlite[key]);
    expect(await whatPlayersSee(sqlite.service, sqlite.ids)).toEqual(onSqlite);
  }, 240_000);
});

const sqliteClock = { t: 1_700_000_000_000 };
const postgresClock = { t: 1_700_000_000_000 };
