import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/connection.js';
import { GameStore } from '../db/store.js';
import { games } from '../games/index.js';
import { GameService } from './game-service.js';
import { nim } from '../ai/toy-games-testing.js';
import { lobbyExpiryFromHours, PING_WINDOW_MS, type LobbyLimits } from './lobby-limits.js';

const HOUR = 60 * 60_000;
const limits: LobbyLimits = { maxOpen: 3, expiryMs: 24 * HOUR };

function service() {
  const clock = { ms: 1_000_000_000_000, now: () => clock.ms };
  let n = 0;
  const db = openDatabase(':memory:');
  const svc = new GameService(new GameStore(db, () => clock.ms), { ...games, nim }, () => `seed-${++n}`, clock);
  return { svc, clock, db };
}

const lobbyArgs = (hostId = 'host', guildId = 'g') => ({ guildId, channelId: 'c', hostId, hostName: hostId, gameId: 'cartagena', options: { version: 'jamaica' }, locale: 'en', timeLimitMs: null, limits });

function open(svc: GameService, hostId = 'host', guildId = 'g') {
  const lobby = svc.openLobby(lobbyArgs(hostId, guildId));
  if (!lobby.ok) throw new Error(lobby.refusal);
  return lobby.value;
}

describe('invitation pings', () => {
  it('pings each person once per inviter within the window, then again after it', () => {
    const { svc, clock } = service();
    expect(svc.pingable('anne', ['bob', 'carl'])).toEqual(['bob', 'carl']);
    clock.ms += 1000;
    expect(svc.pingable('anne', ['bob', 'carl', 'dora'])).toEqual(['dora']);
    // Another inviter has his own window.
    expect(svc.pingable('eric', ['bob'])).toEqual(['bob']);
    clock.ms += PING_WINDOW_MS;
    expect(svc.pingable('anne', ['bob', 'carl'])).toEqual(['bob', 'carl']);
  });

  it('keeps only the last window: older rows are pruned on every claim', () => {
    const { svc, clock, db } = service();
    for (let i = 0; i < 200; i++) svc.pingable(`hostile-${i}`, ['victim', `other-${i}`]);
    clock.ms += PING_WINDOW_MS + 1;
    svc.pingable('anne', ['bob']);
    expect(db.$client.prepare('SELECT count(*) AS n FROM invite_pings').get()).toEqual({ n: 1 });
  });
});

describe('open lobbies per member', () => {
  it('refuses a member his lobby past the server limit, per server, and counts only open lobbies', () => {
    const { svc } = service();
    const first = open(svc);
    open(svc);
    open(svc);
    expect(svc.openLobby(lobbyArgs())).toEqual({ ok: false, refusal: 'too-many-lobbies' });
    expect(svc.openLobbiesOf('g', 'host', 3).length).toBe(3);
    // Another member, another server: their own counts.
    expect(svc.openLobby(lobbyArgs('ann')).ok).toBe(true);
    expect(svc.openLobby(lobbyArgs('host', 'other')).ok).toBe(true);
    // A cancelled or started lobby no longer counts.
    expect(svc.cancel(first.id, 'host', false).ok).toBe(true);
    expect(svc.openLobby(lobbyArgs()).ok).toBe(true);
  });

  it('holds for rematches too', () => {
    const { svc } = service();
    const played = svc.openLobby({ ...lobbyArgs(), gameId: 'nim', options: { pile: 1 } });
    if (!played.ok) throw new Error(played.refusal);
    const id = played.value.id;
    svc.join(id, 'ann', 'Ann');
    expect(svc.start(id, 'host').ok).toBe(true);
    expect(svc.act(id, 'host', 0, 0).ok).toBe(true);
    for (let i = 0; i < 3; i++) open(svc, 'ann');
    expect(svc.rematch(id, 'ann', 'Ann', limits)).toEqual({ ok: false, refusal: 'too-many-lobbies' });
    expect(svc.rematch(id, 'host', 'Host', limits).ok).toBe(true);
  });
});

describe('lobby expiry', () => {
  it('finds due lobbies a page at a time and closes them; their buttons then say the lobby expired', () => {
    const { svc, clock } = service();
    const lobbies = [open(svc), open(svc, 'ann'), open(svc, 'bob')];
    const started = open(svc, 'carl');
    svc.join(started.id, 'dan', 'Dan');
    expect(svc.start(started.id, 'carl').ok).toBe(true);
    expect(svc.dueLobbies(10)).toEqual([]);
    clock.ms += 24 * HOUR;
    expect(svc.dueLobbies(2).map((r) => r.id)).toEqual([lobbies[0]?.id, lobbies[1]?.id]);
    for (const row of svc.dueLobbies(10)) expect(row.state).toBeNull();
    const closed = svc.expireLobby(lobbies[0]?.id as number);
    expect(closed?.status).toBe('cancelled');
    // Once only: the second attempt finds it closed.
    expect(svc.expireLobby(lobbies[0]?.id as number)).toBeUndefined();
    const id = lobbies[0]?.id as number;
    expect(svc.join(id, 'eve', 'Eve')).toEqual({ ok: false, refusal: 'lobby-expired' });
    expect(svc.start(id, 'host')).toEqual({ ok: false, refusal: 'lobby-expired' });
    expect(svc.mayCancel(id, 'host', false)).toEqual({ ok: false, refusal: 'lobby-expired' });
    // A lobby cancelled by its host is not "expired".
    svc.cancel(lobbies[1]?.id as number, 'ann', false);
    expect(svc.join(lobbies[1]?.id as number, 'eve', 'Eve')).toEqual({ ok: false, refusal: 'not-in-lobby' });
    expect(svc.dueLobbies(10).map((r) => r.id)).toEqual([lobbies[2]?.id]);
  });

  it('takes the expiry in whole hours within a week', () => {
    expect(lobbyExpiryFromHours(24)).toBe(24 * HOUR);
    expect(lobbyExpiryFromHours(0)).toBeUndefined();
    expect(lobbyExpiryFromHours(169)).toBeUndefined();
    expect(lobbyExpiryFromHours(1.5)).toBeUndefined();
  });
});
