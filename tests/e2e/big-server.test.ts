/**
 * A server with 100,000 finished games, built straight into the bot's database before it starts
 * (tests/support/big-server.ts): its members ask for /stats, /leaderboard, /games, stored games'
 * logs and boards, open a new game and play it, and every answer comes within Discord's 3 seconds
 * (the local Discord records any that did not) and says what the database holds. The expected
 * figures are counted here from the games' results and seats, not from the players' records the
 * bot reads. Nothing is timed: the bench (bench/big-server.ts) measures.
 */
import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { buildBigServer, type BigServer } from '../support/big-server.js';
import { registry } from '../../src/games/index.js';
import { translator, type MessageKey } from '../../src/i18n/index.js';
import { isPng, type SimUser, type StoredMessage } from './server/index.js';
import { useHarness } from './harness.js';
import { mentionedUsers, nextBoardPost, openAndStart, playTurn } from './play.js';
import { ordinal, rate, rating, type Rating } from 'openskill';
import { inDatabase } from './database-access.js';
import { shownRating } from '../../src/service/rating-math.js';

const t = translator('en');
let built: BigServer;
let anne: SimUser;
let bob: SimUser;
let carl: SimUser;
let dirk: SimUser;

/** A person's record in one game, counted from the stored games. */
interface Counted {
  gameId: string;
  userId: string;
  played: number;
  wins: number;
  places: number[];
  placeSum: number;
  botPlayed: number;
  botWins: number;
  firstAt: number;
}

/** Every person's record per game, from each finished game's ranking and seats. */
function countFromGames(path: string, guildId: string): Counted[] {
  return inDatabase(path, (db) => {
    const withBots = new Set((db.prepare('SELECT DISTINCT game_id AS id FROM seats WHERE bot_level IS NOT NULL').all() as { id: number }[]).map((r) => r.id));
    const rows = db
      .prepare(
        `SELECT g.id, g.game_id AS gameId, g.result, g.finished_at AS at, s.seat, s.user_id AS userId FROM games g JOIN seats s ON s.game_id = g.id
                WHERE g.guild_id = ? AND g.status = 'finished' AND s.bot_level IS NULL`,
      )
      .all(guildId) as { id: number; gameId: string; result: string; at: number; seat: number; userId: string }[];
    const counted = new Map<string, Counted>();
    const placesOf = new Map<number, Map<number, number>>();
    for (const row of rows) {
      let places = placesOf.get(row.id);
      if (!places) {
        places = new Map();
        let before = 0;
        for (const group of (JSON.parse(row.result) as { ranking: number[][] }).ranking) {
          for (const seat of group) places.set(seat, before + 1);
          before += group.length;
        }
        placesOf.set(row.id, places);
      }
      const place = places.get(row.seat) as number;
      const key = `${row.gameId}/${row.userId}`;
      const c = counted.get(key) ?? {
        gameId: row.gameId,
        userId: row.userId,
        played: 0,
        wins: 0,
        places: [],
        placeSum: 0,
        botPlayed: 0,
        botWins: 0,
        firstAt: row.at,
      };
      c.played++;
      c.wins += place === 1 ? 1 : 0;
      c.places[place - 1] = (c.places[place - 1] ?? 0) + 1;
      c.placeSum += place;
      if (withBots.has(row.id)) {
        c.botPlayed++;
        c.botWins += place === 1 ? 1 : 0;
      }
      c.firstAt = Math.min(c.firstAt, row.at);
      counted.set(key, c);
    }
    return [...counted.values()];
  });
}

let counted: Counted[] = [];
const gameName = (gameId: string) => t(`game.${gameId}.name` as MessageKey);

/** /stats as it should read for `user`: his games in the order he first finished them, the places he reached. */
function expectedStats(user: SimUser): string {
  const mine = counted.filter((c) => c.userId === user.id).sort((a, b) => a.firstAt - b.firstAt || a.gameId.localeCompare(b.gameId));
  const lines = mine.map((c) => {
    const places = c.places.flatMap((count, i) => (count ? [t('stats.place', { place: i + 1, count })] : [])).join(', ');
    return t('stats.line', { game: gameName(c.gameId), played: c.played, wins: c.wins, places });
  });
  return [t('stats.heading', { user: `<@${user.id}>` }), ...lines].join('\n');
}

/**
 * Every rating of the server, worked out here with openskill from the finished games in the order
 * they finished (no one left these games, and a table has one bot at most, rated by its level).
 */
function rateFromGames(path: string, guildId: string): Map<string, { rating: Rating; played: number }> {
  return inDatabase(path, (db) => {
    const seatsOf = db.prepare('SELECT seat, user_id AS userId, bot_level AS botLevel FROM seats WHERE game_id = ? ORDER BY seat');
    const finished = db
      .prepare(`SELECT id, game_id AS gameId, result FROM games WHERE guild_id = ? AND status = 'finished' ORDER BY finished_at, id`)
      .all(guildId) as { id: number; gameId: string; result: string }[];
    const ratings = new Map<string, { rating: Rating; played: number }>();
    for (const game of finished) {
      const place = new Map<number, number>();
      let before = 0;
      for (const group of (JSON.parse(game.result) as { ranking: number[][] }).ranking) {
        for (const seat of group) place.set(seat, before + 1);
        before += group.length;
      }
      const keys = (seatsOf.all(game.id) as { seat: number; userId: string; botLevel: string | null }[]).map((s) => ({
        seat: s.seat,
        key: `${game.gameId}/${s.botLevel ? `bot:${s.botLevel}` : s.userId}`,
      }));
      const rated = rate(
        keys.map((k) => [ratings.get(k.key)?.rating ?? rating()]),
        { rank: keys.map((k) => place.get(k.seat) as number) },
      );
      keys.forEach((k, i) => ratings.set(k.key, { rating: (rated[i] as Rating[])[0] as Rating, played: (ratings.get(k.key)?.played ?? 0) + 1 }));
    }
    return ratings;
  });
}

let rated = new Map<string, { rating: Rating; played: number }>();

/** /leaderboard as it should read: the ten best people by rating (mu − 3σ), with their games, for a member among them. */
function expectedLeaderboard(gameId: string): string {
  const best = [...rated.entries()]
    .filter(([key]) => key.startsWith(`${gameId}/`) && !key.includes('/bot:'))
    .map(([key, r]) => ({ userId: key.slice(gameId.length + 1), value: ordinal(r.rating), played: r.played }))
    .sort((a, b) => b.value - a.value || (a.userId < b.userId ? -1 : 1))
    .slice(0, 10);
  // Shown on the displayed scale; the same shown rating shares a place (1, 1, 3).
  const shown = best.map((c) => shownRating(c.value));
  const lines = best.map((c, i) =>
    t('leaderboard.line', { rank: shown.indexOf(shown[i] as number) + 1, user: `<@${c.userId}>`, rating: shown[i] as number, played: c.played }),
  );
  return [t('leaderboard.heading', { game: gameName(gameId) }), ...lines].join('\n');
}

const harness = useHarness('big-server', [], {
  prepareDatabase: async (path, discord) => {
    [anne, bob, carl, dirk] = ['anne', 'bob', 'carl', 'dirk'].map((name) => discord.user(name)) as [SimUser, SimUser, SimUser, SimUser];
    // Anne plays in about one game in seven, Bob in one in fourteen, Carl less; Dirk never played here.
    const regulars = [anne, bob, carl].map((u) => ({ id: u.id, name: u.username }));
    built = await buildBigServer(path, { guildId: discord.guild.id, channelId: discord.defaultChannel.id, regulars });
    counted = countFromGames(path, discord.guild.id);
    rated = rateFromGames(path, discord.guild.id);
  },
  // Half a gigabyte: not left behind in the temporary folder.
  afterStop: () => {
    if ('databasePath' in harness) rmSync(dirname(harness.databasePath), { recursive: true, force: true });
  },
});

describe('a server with 100,000 finished games', () => {
  it('/stats gives each member his games as the database has them, also asked for another member, and for one who never played', async () => {
    expect(built.games).toBe(100_000);
    expect(counted.find((c) => c.userId === anne.id && c.gameId === 'cartagena')?.played).toBeGreaterThan(3000);
    for (const [asker, about] of [
      [anne, anne],
      [dirk, bob],
      [anne, carl],
    ] as const) {
      const answer = await asker.slash('stats', about === asker ? {} : { options: { user: about.id } });
      expect(answer.ephemeral).toBe(true);
      expect(answer.content).toBe(expectedStats(about));
    }
    expect((await dirk.slash('stats')).content).toBe(t('stats.none', { user: `<@${dirk.id}>` }));
  });

  it("/leaderboard gives each game's ten best of some 3,000 players by rating, and the asker's own place", async () => {
    for (const gameId of Object.keys(registry)) {
      const answer = await bob.slash('leaderboard', { options: { game: gameId } });
      // Bob's own place follows when he is not among the ten; then the word on ratings.
      expect(answer.content.startsWith(`${expectedLeaderboard(gameId)}\n`)).toBe(true);
      expect(answer.content.endsWith(t('rating.explained'))).toBe(true);
    }
  });

  it('/profile of a member with thousands of games answers within a second, with his ratings, last results, rivals and a chart', async () => {
    for (const [asker, about] of [
      [anne, anne],
      [dirk, bob],
    ] as const) {
      const answer = await asker.slash('profile', about === asker ? {} : { options: { user: about.id } });
      // Deferred, then filled in with the chart: the whole answer counts.
      expect(answer.completedMs).toBeLessThan(1000);
      expect(answer.ephemeral).toBe(true);
      expect(answer.content).toContain(t('profile.heading', { user: `<@${about.id}>` }));
      const cartagena = rated.get(`cartagena/${about.id}`);
      expect(answer.content).toContain(`**${gameName('cartagena')}**: rating **${shownRating(ordinal(cartagena?.rating as Rating))}**`);
      expect(answer.content).toContain(t('profile.recent'));
      expect(answer.content).toContain(t('profile.rivals'));
      expect(isPng(answer.message?.attachments[0]?.bytes as Buffer)).toBe(true);
    }
  });

  it('many members asking at once are all answered in time', async () => {
    const askers = Array.from({ length: 12 }, (_, i) => harness.discord.user(`asker${i}`));
    const answers = await Promise.all(
      askers.flatMap((u, i) => [
        u.slash('stats', { options: { user: anne.id } }),
        u.slash('leaderboard', { options: { game: i % 2 ? 'cartagena' : 'halunken' } }),
        u.slash('games'),
      ]),
    );
    expect(answers.filter((a) => a.content.length === 0)).toEqual([]);
    expect(answers[0]?.content).toBe(expectedStats(anne));
    harness.discord.assertInteractionsHealthy();
  });

  it("a stored game's log pages back and forth, and its board is drawn", async () => {
    const id = built.withLog.cartagena;
    const log = await carl.slash('game', { subcommand: 'log', options: { id } });
    expect(log.ephemeral).toBe(true);
    // The newest page first (the message is read live: its text is kept before the click changes it).
    const newest = log.content;
    const db = new Database(harness.databasePath, { readonly: true });
    const { version } = db.prepare('SELECT version FROM games WHERE id = ?').get(id) as { version: number };
    db.close();
    expect(newest).toMatch(new RegExp(`^\\*\\*Cartagena\\*\\* #${id}: the public log, moves \\d+–\\d+ of \\d+\\b`));
    // The log counts the moves it lists: the actions that say something (a turn that simply passes does not).
    const [, last, total] = (/moves \d+–(\d+) of (\d+)/.exec(newest) ?? []).map(Number);
    expect(last).toBe(total);
    expect(total).toBeGreaterThan(version / 2);
    expect(total).toBeLessThanOrEqual(version);
    const older = await carl.click(log.message as StoredMessage, { label: /Older/ });
    expect(older.callbackType).toBe(7);
    expect(older.content).toMatch(new RegExp(`#${id}: the public log, moves \\d+–\\d+ of \\d+`));
    expect(older.content).not.toBe(newest);
    // A board for a game with a stored log and one without: both are drawn from the stored state.
    for (const game of [built.withLog.halunken, built.withLog.halunken + 1]) {
      const board = await carl.slash('game', { subcommand: 'board', options: { id: game } });
      expect(board.content).toContain(`#${game}`);
      expect(isPng(board.message?.attachments[0]?.bytes as Buffer)).toBe(true);
    }
  });

  it('a member with thousands of finished games opens a new one and plays it: /games and the commands without an id find just that one', async () => {
    expect((await anne.slash('games')).content).toBe(t('games.none'));
    const { threadId } = await openAndStart(harness.discord, [anne, bob], { game: 'cartagena', variant: 'tortuga' });
    let post = await nextBoardPost(harness.discord, threadId, undefined);
    for (let turn = 0; turn < 3; turn++) {
      const [player] = mentionedUsers(post, [anne, bob]);
      await playTurn(player as SimUser, post);
      post = await nextBoardPost(harness.discord, threadId, post);
    }
    const games = await anne.slash('games');
    expect(games.content.split('\n').filter((line) => line.startsWith('•'))).toHaveLength(1);
    expect(games.content).toContain('Cartagena #100001');
    // Outside the game's thread, the only open game of the member is the one meant.
    const panel = await bob.slash('game', { subcommand: 'panel' });
    expect(panel.content).toContain('#100001');
    const board = await anne.slash('game', { subcommand: 'board' });
    expect(board.content).toContain('#100001');
    harness.discord.assertInteractionsHealthy();
  });
});
