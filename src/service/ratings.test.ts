import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { ordinal, rate, rating } from 'openskill';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../db/dialect.js';
import type { BotLevel } from '../db/schema.js';
import { writeFinished } from '../../tests/support/finished-records.js';
import { handleOf, onPostgres, testStore } from '../../tests/support/test-store.js';
import { openDatabase } from '../db/connection.js';
import { Storage } from '../db/storage.js';
import { migrationsFolder } from '../db/schema-version.js';
import { games } from '../games/index.js';
import { olderDatabase } from '../../tests/support/older-database.js';
import { GameService, type LoadedGame } from './game-service.js';
import { placesOf, rateGame } from './rating-math.js';
import { rateFinished, rebuildIfOwed, rebuildRatings } from './ratings.js';
import { SettingsStore } from '../db/settings-store.js';
import { SHARED_RATINGS } from '../db/rating-store.js';

let finishedAt = Date.UTC(2026, 10, 26);

/** A bot seat's level, from its name (`bot:hard1` is a hard bot). */
const levelOf = (user: string) => (/^bot:(easy|normal|hard)/.exec(user)?.[1] ?? null) as BotLevel | null;

/** Writes a finished game straight into the database (to be rated as the service does when a game finishes). */
function finish(h: Dialect, gameId: string, ranking: number[][], users: string[], options: { guildId?: string; resigned?: number[] } = {}): Promise<number> {
  return writeFinished(h, {
    gameId,
    ranking,
    users,
    guildId: options.guildId ?? 'g',
    resigned: options.resigned ?? [],
    botLevel: levelOf,
    finishedAt: (finishedAt += 1000),
  });
}

/** A finished game of Ann and Bob written into an older SQLite file, as its version wrote it. */
function finishInOlder(sqlite: Database.Database): void {
  const { lastInsertRowid: id } = sqlite
    .prepare(
      `INSERT INTO games (guild_id, channel_id, host_id, game_id, options, seed, rules_version, status, created_at, updated_at) VALUES ('g', 'c', 'ann', 'cartagena', '{}', 's', 1, 'running', 0, 0)`,
    )
    .run();
  for (const [seat, user] of ['ann', 'bob'].entries())
    sqlite.prepare('INSERT INTO seats (game_id, seat, user_id, display_name) VALUES (?, ?, ?, ?)').run(id, seat, user, user);
  sqlite
    .prepare(`UPDATE games SET status = 'finished', result = ?, finished_at = ? WHERE id = ?`)
    .run(JSON.stringify({ scores: [0, 0], ranking: [[1], [0]] }), (finishedAt += 1000), id);
}

async function service(): Promise<{ service: GameService; store: Storage; h: Dialect }> {
  const store = await testStore();
  return { service: new GameService(store, games), store, h: handleOf(store) };
}

/** The ratings' tables, every row in key order. */
async function tables({ db, t }: Dialect) {
  const { ratings: r, ratingHistory: history, headToHead: met } = t;
  return {
    ratings: await db.select().from(r).orderBy(r.guildId, r.gameId, r.playerId),
    history: await db.select().from(history).orderBy(history.guildId, history.playerId, history.gameRowId),
    meetings: await db.select().from(met).orderBy(met.guildId, met.playerId, met.gameId, met.opponentId),
  };
}

/** Plays a game through the service to its end, every player (people and bots) taking his first legal move. */
async function playToEnd(s: GameService, game: LoadedGame): Promise<LoadedGame> {
  let current = game;
  while (current.row.status === 'running') {
    const seat = current.def.toAct(current.state)[0] as number;
    const row = current.seats[seat];
    const outcome = row?.botLevel
      ? await s.actAsBot(current.row.id, seat, current.row.version, current.def.legalActions(current.state, seat)[0])
      : await s.act(current.row.id, row?.userId as string, current.row.version, 0);
    if (!outcome.ok) throw new Error(outcome.refusal);
    current = outcome.value.game;
  }
  return current;
}

describe('ratings', () => {
  it('move as openskill (Plackett-Luce) predicts, game by game, ties sharing a rank', async () => {
    const { store, h } = await service();
    await rateFinished(store, await finish(h, 'cartagena', [[0], [1], [2]], ['ann', 'bob', 'cas']));
    await rateFinished(store, await finish(h, 'cartagena', [[2], [0, 1]], ['ann', 'bob', 'cas']));
    const [[a1], [b1], [c1]] = rate([[rating()], [rating()], [rating()]], { rank: [1, 2, 3] });
    const [[a2], [b2], [c2]] = rate([[a1], [b1], [c1]], { rank: [2, 2, 1] });
    for (const [player, expected] of [
      ['ann', a2],
      ['bob', b2],
      ['cas', c2],
    ] as const) {
      const of = await store.ratings.of('g', 'cartagena', player);
      expect(of?.mu).toBeCloseTo(expected.mu, 10);
      expect(of?.sigma).toBeCloseTo(expected.sigma, 10);
      expect(of?.ordinal).toBeCloseTo(ordinal(expected), 10);
      expect(of?.played).toBe(2);
    }
    // The winner of the second game gained most from it; the history says by how much.
    const history = await store.ratings.history('g', 'cas', 'cartagena', 10);
    expect(history.map((h) => h.place)).toEqual([1, 3]);
    expect(history[0]?.change).toBeCloseTo(ordinal(c2) - ordinal(c1), 10);
  });

  it('rate bots as one player per level, and rank whoever left the game last', async () => {
    const { store, h } = await service();
    // Bob resigned, though the game's ranking put him second; two hard bots sit at one table.
    await rateFinished(store, await finish(h, 'halunken', [[0], [1], [2], [3]], ['ann', 'bob', 'bot:hard1', 'bot:hard2'], { resigned: [1] }));
    expect(
      placesOf(
        [[0], [1], [2], [3]],
        [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, botLevel: null, left: seat === 1 })),
      ),
    ).toEqual(
      new Map([
        [0, 1],
        [2, 2],
        [3, 3],
        [1, 4],
      ]),
    );
    expect((await store.ratings.of('g', 'halunken', 'bob'))?.ordinal).toBeLessThan((await store.ratings.of('g', 'halunken', 'bot:hard'))?.ordinal as number);
    expect(await store.ratings.of('g', 'halunken', 'bot:hard')).toMatchObject({ bot: true, played: 1 });
    expect((await store.ratings.best('g', 'halunken', 10, false)).map((r) => r.playerId)).toEqual(['ann', 'bob']);
    expect((await store.ratings.best('g', 'halunken', 10, true)).map((r) => r.playerId)).toEqual(['ann', 'bot:hard', 'bob']);
    expect((await store.ratings.mostMet('g', 'bob', 'halunken', 5)).map((m) => [m.opponentId, m.met, m.ahead, m.behind])).toEqual([
      ['bot:hard', 2, 0, 2],
      ['ann', 1, 0, 1],
    ]);
    // A game that is not finished, or one against the same player only, changes nothing.
    expect(
      rateGame(
        [
          { seat: 0, userId: 'bot:1', botLevel: 'easy', left: false },
          { seat: 1, userId: 'bot:2', botLevel: 'easy', left: false },
        ],
        new Map([
          [0, 1],
          [1, 2],
        ]),
        () => undefined,
      ),
    ).toEqual([]);
  });

  it('are rated by the service when a game ends by its moves or a resignation, and not when it is cancelled', async () => {
    const { service: s, store } = await service();
    const open = async (players: string[], bots = 0) => {
      const lobby = await s.openLobby({
        guildId: 'g',
        channelId: 'c',
        hostId: players[0] as string,
        hostName: 'x',
        gameId: 'shanghaien',
        options: {},
        locale: 'en',
        timeLimitMs: null,
      });
      if (!lobby.ok) throw new Error(lobby.refusal);
      for (const p of players.slice(1)) await s.join(lobby.value.id, p, p);
      for (let i = 0; i < bots; i++) await s.addBot(lobby.value.id, players[0] as string, 'normal', false);
      const started = await s.start(lobby.value.id, players[0] as string);
      if (!started.ok) throw new Error(started.refusal);
      return started.value;
    };
    const played = await playToEnd(s, await open(['ann'], 1));
    const winner = (await store.get(played.row.id))?.result as { ranking: number[][] };
    // A shared place (a tie) is a shared rank: both seats' places come from the stored ranking.
    const place = (seat: number) => winner.ranking.findIndex((group) => group.includes(seat)) + 1;
    const [[ann], [bot]] = rate([[rating()], [rating()]], { rank: [place(0), place(1)] });
    expect((await store.ratings.of('g', 'shanghaien', 'ann'))?.mu).toBeCloseTo(ann.mu, 10);
    expect((await store.ratings.of('g', 'shanghaien', 'bot:normal'))?.mu).toBeCloseTo(bot.mu, 10);
    // Bob resigns: Cas wins, whatever the board said.
    const resigned = await open(['bob', 'cas']);
    expect((await s.resign(resigned.row.id, 'bob')).ok).toBe(true);
    expect((await store.ratings.history('g', 'bob', 'shanghaien', 5)).map((h) => h.place)).toEqual([2]);
    expect((await store.ratings.of('g', 'shanghaien', 'cas'))?.ordinal).toBeGreaterThan((await store.ratings.of('g', 'shanghaien', 'bob'))?.ordinal as number);
    const cancelled = await open(['dirk', 'eva']);
    expect((await s.cancel(cancelled.row.id, 'dirk', true)).ok).toBe(true);
    expect(await store.ratings.of('g', 'shanghaien', 'dirk')).toBeUndefined();
  });

  it('are rebuilt from the stored results to exactly what the games made of them one by one', async () => {
    const { service: s, store, h } = await service();
    const people = ['ann', 'bob', 'cas', 'dirk', 'eva'];
    let n = 0;
    for (let i = 0; i < 40; i++) {
      const size = 2 + (i % 4);
      const table = people.slice(0, size).map((p, k) => (k === 1 && i % 3 === 0 ? `bot:${['easy', 'normal', 'hard'][i % 3]}` : p));
      const ranking = table
        .map((_, seat) => seat)
        .sort((a, b) => ((a * 7 + i) % size) - ((b * 7 + i) % size))
        .map((seat) => [seat]);
      // Now and then two share a place, or one left.
      if (i % 5 === 0 && ranking.length > 2) ranking.splice(0, 2, [...(ranking[0] as number[]), ...(ranking[1] as number[])]);
      await rateFinished(
        store,
        await finish(h, i % 2 ? 'cartagena' : 'halunken', ranking, table, { guildId: i % 7 ? 'g' : 'h', resigned: i % 6 === 0 ? [0] : [] }),
      );
      n++;
    }
    // And one game played through the service, ended by a resignation.
    const lobby = await s.openLobby({
      guildId: 'g',
      channelId: 'c',
      hostId: 'ann',
      hostName: 'Ann',
      gameId: 'shanghaien',
      options: {},
      locale: 'en',
      timeLimitMs: null,
    });
    if (!lobby.ok) throw new Error(lobby.refusal);
    await s.join(lobby.value.id, 'bob', 'Bob');
    await s.start(lobby.value.id, 'ann');
    await s.resign(lobby.value.id, 'bob');
    const incremental = await tables(h);
    expect(incremental.ratings.length).toBeGreaterThan(10);
    expect(await rebuildRatings(store)).toEqual({ games: n + 1 });
    expect(await tables(h)).toEqual(incremental);
    // Its scratch table of rated seats is left empty.
    expect(await h.db.select({ n: count() }).from(h.t.ratedSeats)).toEqual([{ n: 0 }]);
  });

  it("count a sharing server's games in the shared ratings too, game by game across servers, and rebuild the same", async () => {
    const { store, h } = await service();
    const settings = new SettingsStore(h);
    await settings.updateGuild('a', { sharedRatings: true });
    await settings.updateGuild('b', { sharedRatings: true });
    // Ann and Bob meet in server a, then in server b; in server c (not sharing) Bob beats Ann.
    await rateFinished(store, await finish(h, 'cartagena', [[0], [1]], ['ann', 'bob'], { guildId: 'a' }));
    await rateFinished(store, await finish(h, 'cartagena', [[1], [0]], ['ann', 'bob'], { guildId: 'c' }));
    await rateFinished(store, await finish(h, 'cartagena', [[0], [1]], ['ann', 'bob'], { guildId: 'b' }));
    const [[a1], [b1]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    const [[a2], [b2]] = rate([[a1], [b1]], { rank: [1, 2] });
    expect((await store.ratings.of(SHARED_RATINGS, 'cartagena', 'ann'))?.mu).toBeCloseTo(a2.mu, 10);
    expect((await store.ratings.of(SHARED_RATINGS, 'cartagena', 'bob'))?.sigma).toBeCloseTo(b2.sigma, 10);
    expect((await store.ratings.of(SHARED_RATINGS, 'cartagena', 'ann'))?.played).toBe(2);
    // Each server keeps its own, the unshared one too.
    expect((await store.ratings.of('a', 'cartagena', 'ann'))?.mu).toBeCloseTo(a1.mu, 10);
    expect((await store.ratings.of('c', 'cartagena', 'bob'))?.mu).toBeCloseTo(a1.mu, 10);
    expect((await store.ratings.history(SHARED_RATINGS, 'ann', 'cartagena', 10)).map((h) => h.place)).toEqual([1, 1]);
    expect((await store.ratings.mostMet(SHARED_RATINGS, 'bob', 'cartagena', 5)).map((m) => [m.opponentId, m.met, m.ahead, m.behind])).toEqual([
      ['ann', 2, 0, 2],
    ]);
    const incremental = await tables(h);
    expect(await rebuildRatings(store)).toEqual({ games: 3 });
    expect(await tables(h)).toEqual(incremental);
    // A server that stops sharing: its games leave the shared ratings at the next rebuild.
    await settings.updateGuild('b', { sharedRatings: false });
    await rebuildRatings(store);
    expect((await store.ratings.of(SHARED_RATINGS, 'cartagena', 'ann'))?.mu).toBeCloseTo(a1.mu, 10);
  });

  // An upgrade of an older SQLite file.
  it.skipIf(onPostgres)('are owed a rebuild when a database with finished games is upgraded, and made at once', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'harbour-ratings-')), 'games.sqlite');
    // The schema before the migration that brought ratings.
    const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] };
    const before = journal.entries.findIndex((e) => e.tag.endsWith('_ratings'));
    expect(before).toBeGreaterThan(0);
    olderDatabase(path, before, (sqlite) => {
      finishInOlder(sqlite);
    });
    const store = new Storage(openDatabase(path));
    expect(await store.ratings.of('g', 'cartagena', 'bob')).toBeUndefined();
    expect(await rebuildIfOwed(store)).toEqual({ games: 1 });
    expect((await store.ratings.of('g', 'cartagena', 'bob'))?.played).toBe(1);
    expect(await rebuildIfOwed(store)).toBeNull();
    // A fresh database owes nothing.
    expect(await rebuildIfOwed(new Storage(openDatabase(':memory:')))).toBeNull();
  });
});
