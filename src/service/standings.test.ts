import { describe, expect, it } from 'vitest';
import type { Dialect } from '../db/dialect.js';
import type { BotLevel } from '../db/schema.js';
import { handleOf, testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService } from './game-service.js';
import { rateFinished } from './ratings.js';
import { profileOf, ratingBoard, ratingMovesOf, TREND_GAMES } from './standings.js';
import { RATING_START } from './rating-math.js';
import { storeForTests } from './test-access.js';
import { writeFinished } from '../../tests/support/finished-records.js';

let finishedAt = Date.UTC(2026, 10, 1);

/** A finished game written into the database and rated, as the service does when one finishes. */
async function finish(service: GameService, h: Dialect, gameId: string, ranking: number[][], users: string[], guildId = 'g'): Promise<number> {
  const botLevel = (user: string) => (user.startsWith('bot:') ? (user.slice(4) as BotLevel) : null);
  const id = await writeFinished(h, { gameId, ranking, users, guildId, threadId: 't', botLevel, finishedAt: (finishedAt += 3_600_000) });
  await rateFinished(storeForTests(service), id);
  return id;
}

async function setup() {
  const store = await testStore();
  return { service: new GameService(store, games), h: handleOf(store) };
}

describe('the rating leaderboard', () => {
  it('ranks people by rating, bots only when asked, and gives a member his own place below the top', async () => {
    const { service, h } = await setup();
    // Ann beats everyone, Bob beats Cas, the hard bot beats Bob and Cas; Dirk loses to all.
    for (let i = 0; i < 3; i++) await finish(service, h, 'cartagena', [[0], [1], [2], [3]], ['ann', 'bot:hard', 'bob', 'cas']);
    await finish(service, h, 'cartagena', [[0], [1]], ['cas', 'dirk']);
    await finish(service, h, 'cartagena', [[1], [0]], ['dirk', 'bob']);
    const people = await ratingBoard(service, 'g', 'cartagena', { limit: 2, withBots: false, viewerId: 'dirk' });
    expect(people.top.map((s) => [s.place, s.playerId, s.played])).toEqual([
      [1, 'ann', 3],
      [2, 'bob', 4],
    ]);
    expect(people.viewer).toMatchObject({ place: 4, playerId: 'dirk', played: 2 });
    expect(await ratingBoard(service, 'g', 'cartagena', { limit: 2, withBots: true, viewerId: 'ann' })).toMatchObject({
      top: [{ playerId: 'ann' }, { playerId: 'bot:hard' }],
      viewer: null,
      viewerRated: true,
    });
    expect((await ratingBoard(service, 'g', 'cartagena', { limit: 10, withBots: true, viewerId: 'cas' })).top.map((s) => s.playerId)).toEqual([
      'ann',
      'bot:hard',
      'bob',
      'cas',
      'dirk',
    ]);
    expect(await ratingBoard(service, 'g', 'cartagena', { limit: 10, withBots: false, viewerId: 'eva' })).toMatchObject({ viewer: null, viewerRated: false });
    // Another server, another game: nothing.
    expect((await ratingBoard(service, 'h', 'cartagena', { limit: 10, withBots: true, viewerId: 'ann' })).top).toEqual([]);
    expect((await ratingBoard(service, 'g', 'halunken', { limit: 10, withBots: true, viewerId: 'ann' })).top).toEqual([]);
  });

  it('gives players shown with the same rating the same place (1, 1, 3), in the top and below it', async () => {
    const { service, h } = await setup();
    // Two tables alike: Ann and Bob each beat a newcomer once; Cas and Dirk lose their one game.
    await finish(service, h, 'cartagena', [[0], [1]], ['ann', 'cas']);
    await finish(service, h, 'cartagena', [[0], [1]], ['bob', 'dirk']);
    const top = await ratingBoard(service, 'g', 'cartagena', { limit: 3, withBots: false, viewerId: 'dirk' });
    expect(top.top.map((s) => [s.place, s.playerId])).toEqual([
      [1, 'ann'],
      [1, 'bob'],
      [3, 'cas'],
    ]);
    expect(top.top[0]?.rating).toBe(top.top[1]?.rating);
    expect(top.viewer).toMatchObject({ place: 3, playerId: 'dirk', rating: top.top[2]?.rating });
  });
});

describe('a rating as shown', () => {
  it('starts at 1000 and never below 0: a newcomer who loses his first game stays well above it', async () => {
    const { service, h } = await setup();
    const id = await finish(service, h, 'cartagena', [[0], [1], [2]], ['ann', 'bob', 'cas']);
    const moves = await ratingMovesOf(service, 'g', id, ['ann', 'bob', 'cas', 'nobody']);
    expect([...moves.keys()].sort()).toEqual(['ann', 'bob', 'cas']);
    const ann = moves.get('ann');
    const cas = moves.get('cas');
    expect(ann?.change).toBeGreaterThan(0);
    expect(ann?.rating).toBe(RATING_START + (ann?.change as number));
    expect(cas?.change).toBeLessThan(0);
    expect(cas?.rating).toBe(RATING_START + (cas?.change as number));
    expect(cas?.rating).toBeGreaterThan(RATING_START / 2);
    // The profile's last result tells the same change.
    expect((await profileOf(service, 'g', 'cas')).recent[0]?.change).toBe(cas?.change);
  });
});

describe('a profile', () => {
  it('gives each game its rating, trend, games, wins, average place and chart points, the last results and the players met most', async () => {
    const { service, h } = await setup();
    const ids: number[] = [];
    for (let i = 0; i < 14; i++) ids.push(await finish(service, h, 'cartagena', i % 3 === 2 ? [[1], [0]] : [[0], [1]], ['ann', i % 2 ? 'bob' : 'bot:easy']));
    ids.push(await finish(service, h, 'halunken', [[0, 1], [2]], ['ann', 'cas', 'bob']));
    await finish(service, h, 'halunken', [[0], [1]], ['ann', 'cas'], 'other server');
    const profile = await profileOf(service, 'g', 'ann');
    const [cartagena, halunken] = profile.games;
    expect(profile.games.map((g) => [g.gameId, g.played, g.wins])).toEqual([
      ['cartagena', 14, 10],
      ['halunken', 1, 1],
    ]);
    expect(cartagena?.averagePlace).toBeCloseTo(18 / 14, 10);
    // The chart starts where everyone starts, before the first game, and ends at the rating shown.
    expect(cartagena?.points).toHaveLength(15);
    expect(cartagena?.points[0]?.rating).toBe(RATING_START);
    expect(cartagena?.points.at(-1)?.rating).toBe(cartagena?.rating);
    expect(cartagena?.trendGames).toBe(TREND_GAMES);
    expect(cartagena?.trend).toBe((cartagena?.rating as number) - (cartagena?.points[4]?.rating as number));
    expect(halunken).toMatchObject({ trendGames: 1, played: 1 });
    expect(profile.recent.map((r) => [r.gameRowId, r.place, r.players])).toEqual([
      [ids[14], 1, 3],
      [ids[13], 1, 2],
      [ids[12], 1, 2],
      [ids[11], 2, 2],
      [ids[10], 1, 2],
    ]);
    expect(profile.recent[0]?.where).toEqual({ id: ids[14], guildId: 'g', channelId: 'c', threadId: 't' });
    expect(profile.rivals.map((r) => [r.playerId, r.bot, r.met, r.ahead, r.behind])).toEqual([
      ['bob', false, 8, 6, 2],
      ['bot:easy', true, 7, 5, 2],
      ['cas', false, 1, 0, 0],
    ]);
    // One game only: its results and its rivals.
    const one = await profileOf(service, 'g', 'ann', 'halunken');
    expect(one.games.map((g) => g.gameId)).toEqual(['halunken']);
    expect(one.recent.map((r) => r.gameRowId)).toEqual([ids[14]]);
    expect(one.rivals.map((r) => [r.playerId, r.ahead])).toEqual([
      ['bob', 1],
      ['cas', 0],
    ]);
    expect(await profileOf(service, 'g', 'nobody')).toEqual({ games: [], recent: [], rivals: [] });
  });
});
