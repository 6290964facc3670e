/**
 * A SQLite database file of the bot filled through the real GameService with games of every kind
 * (lobbies, running games with undos and timeouts, finished games with their records and
 * ratings, a resignation, cancellations, a notice and board posts, a bot player), servers' and players'
 * settings, time off, invitation pings and the bot's own state: a row in every table, for tests
 * that move a whole database (npm run db:copy).
 */
import { openDatabase } from '../../src/db/connection.js';
import { markRunning } from '../../src/db/run-marker.js';
import { botCounters, identifySlots, ratedSeats, shardLeases } from '../../src/db/schema.js';
import { Storage } from '../../src/db/storage.js';
import { games } from '../../src/games/index.js';
import { GameService } from '../../src/service/game-service.js';
import { startTimeOff } from '../../src/service/time-off.js';
import { playedGame } from './played-game.js';

export interface FilledDatabase {
  /** Ids of the games by what became of them. */
  lobby: number;
  cancelledLobby: number;
  running: number;
  finished: number;
  resigned: number;
  cancelled: number;
}

function ok<T>(outcome: { ok: true; value: T } | { ok: false; refusal: string }): T {
  if (!outcome.ok) throw new Error(outcome.refusal);
  return outcome.value;
}

export async function fillDatabase(path: string): Promise<FilledDatabase> {
  const db = openDatabase(path);
  let now = Date.UTC(2026, 10, 20, 12, 0, 0);
  let n = 0;
  const service = new GameService(new Storage(db), games, () => `filled-${++n}`, { now: () => now });
  try {
    await service.settings.updateGuild('g', {
      useThreads: false,
      sharedRatings: true,
      defaultTimeLimitMs: 86_400_000,
      allowedChannels: ['c', 'c2'],
      deadlinePolicy: 'remove',
    });
    await service.settings.setDmReminders('u1', true);
    await service.settings.setPings('u2', { mode: 'away', awayMinutes: 30 });

    const lobbyArgs = { guildId: 'g', channelId: 'c', hostName: 'Anne', options: {}, locale: 'nl', timeLimitMs: 3_600_000 } as const;
    const lobby = ok(await service.openLobby({ ...lobbyArgs, hostId: 'u0', gameId: 'cartagena' }));
    ok(await service.join(lobby.id, 'u1', 'Marc'));
    ok(await service.addBot(lobby.id, 'u0', 'hard', false));
    await service.pingable('u0', ['u1', 'u2']);

    const cancelledLobby = ok(await service.openLobby({ ...lobbyArgs, hostId: 'u3', gameId: 'halunken' }));
    ok(await service.cancel(cancelledLobby.id, 'u3', false));

    // Played to its end: its players' records, ratings, rating history and head to head.
    const finished = await playedGame('cartagena', { service, players: 3, seed: 'filled-finished' });
    if (finished.game.row.status !== 'finished') throw new Error('the finished game did not finish');
    now += 60_000;
    const running = await playedGame('freibeuter', { service, players: 3, actions: 40, seed: 'filled-running' });
    ok(await service.extend(running.game.row.id, 'u0', 3_600_000, false));

    // Two of three resign: the game ends with the last one in it.
    const resigned = await playedGame('cartagena', { service, players: 3, actions: 12, seed: 'filled-resigned' });
    const seatsOf = resigned.game.seats;
    ok(await service.resign(resigned.game.row.id, seatsOf[1]?.userId as string));
    ok(await service.resign(resigned.game.row.id, seatsOf[2]?.userId as string));

    const cancelled = await playedGame('shanghaien', { service, players: 2, actions: 10, seed: 'filled-cancelled' });
    ok(await service.cancel(cancelled.game.row.id, 'u0', true));
    // What the announcer keeps and records: a notice not posted yet, the board posts of a game.
    await service.posts.keepNotice(cancelled.game.row.id, 'Het spel is afgebroken.', ['u0', 'u1']);
    await service.posts.boardPosted(running.game.row.id, 20, { channelId: 'c', messageId: 'm1', summary: 'Marc zet een piraat op het anker' });
    await service.posts.boardPosted(running.game.row.id, 30, { channelId: 'c', messageId: 'm2', summary: 'Saskia speelt een kaart' });

    ok(await startTimeOff(service, { guildId: 'g', userId: 'u1', days: 3, reason: 'op vakantie', maxDays: 14 }));
    markRunning(db, { pid: 4242, since: now, set: 0 });
    // The ratings' rebuild's scratch table, empty between rebuilds: one row so that its columns are copied too.
    db.insert(ratedSeats).values({ guildId: 'g', gameRowId: finished.game.row.id, seat: 0, gameId: 'cartagena', playerId: 'u0', person: true, place: 1 }).run();
    // The hosts' tables are PostgreSQL's alone in use (SQLite's stay empty): a row each so that their columns are copied too.
    db.insert(shardLeases)
      .values({ shard: 0, shardCount: 1, owner: 'host-a/42/ab12', host: 'host-a pid 42', epoch: 3, takenAt: now, expiresAt: now + 30_000 })
      .run();
    db.insert(identifySlots)
      .values({ bucket: 0, nextAt: now + 5_000 })
      .run();
    db.insert(botCounters)
      .values({ name: 'invalid-requests', windowAt: now - (now % 600_000), count: 12 })
      .run();
    return {
      lobby: lobby.id,
      cancelledLobby: cancelledLobby.id,
      running: running.game.row.id,
      finished: finished.game.row.id,
      resigned: resigned.game.row.id,
      cancelled: cancelled.game.row.id,
    };
  } finally {
    db.$client.close();
  }
}
