import { describe, expect, it } from 'vitest';
import { leaderboard, placesOf, recordsOf, type FinishedGame } from './stats.js';

const seat = (seat: number, userId: string) => ({ seat, userId, displayName: userId.toUpperCase() });
const finished = (gameId: string, ranking: number[][], users: string[]): FinishedGame => ({
  game: { gameId, result: { scores: users.map(() => 0), ranking } },
  seats: users.map((u, i) => seat(i, u)),
});

describe('statistics of finished games', () => {
  it('gives tied seats the same place and skips the places they take', () => {
    expect([...placesOf({ scores: [5, 5, 3, 1], ranking: [[0, 1], [2], [3]] })]).toEqual([
      [0, 1],
      [1, 1],
      [2, 3],
      [3, 4],
    ]);
  });

  it("counts a user's games, wins and places per game", () => {
    const games = [
      finished('cartagena', [[0], [1], [2]], ['ann', 'bob', 'cas']),
      finished('cartagena', [[2], [0], [1]], ['ann', 'bob', 'cas']),
      finished('shanghaien', [[0, 1]], ['bob', 'ann']),
      finished('halunken', [[0], [1], [2]], ['bob', 'cas', 'dirk']),
    ];
    expect(recordsOf(games, 'ann')).toEqual([
      { gameId: 'cartagena', played: 2, wins: 1, places: [1, 1] },
      { gameId: 'shanghaien', played: 1, wins: 1, places: [1] },
    ]);
    expect(recordsOf(games, 'nobody')).toEqual([]);
  });

  it('ranks a leaderboard by wins, then average place, then games played', () => {
    const games = [
      finished('cartagena', [[0], [1], [2]], ['ann', 'bob', 'cas']),
      finished('cartagena', [[1], [0], [2]], ['ann', 'bob', 'cas']),
      finished('cartagena', [[0], [1]], ['bob', 'dirk']),
    ];
    expect(leaderboard(games).map((s) => [s.userId, s.played, s.wins, s.averagePlace])).toEqual([
      ['bob', 3, 2, 4 / 3],
      ['ann', 2, 1, 1.5],
      ['dirk', 1, 0, 2],
      ['cas', 2, 0, 3],
    ]);
  });
});

describe('bots in statistics', () => {
  it('count for the people who played them, and are not ranked themselves', () => {
    const game = { game: { gameId: 'shanghaien', result: { scores: [3, 9], ranking: [[1], [0]] } }, seats: [
      { seat: 0, userId: 'anne', displayName: 'Anne', botLevel: null },
      { seat: 1, userId: 'bot:1', displayName: 'Bot Bram', botLevel: 'hard' as const },
    ] };
    expect(leaderboard([game]).map((s) => s.userId)).toEqual(['anne']);
    expect(leaderboard([game])[0]?.againstBots).toEqual({ played: 1, wins: 0 });
    expect(recordsOf([game], 'anne')).toEqual([{ gameId: 'shanghaien', played: 1, wins: 0, places: [0, 1] }]);
  });
});
