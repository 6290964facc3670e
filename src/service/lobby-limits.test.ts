import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { handleOf, testStore } from '../../tests/support/test-store.js';
import { games } from '../games/index.js';
import { GameService } from './game-service.js';
import { nim } from '../ai/toy-games-testing.js';
import { lobbyExpiryFromHours, PING_WINDOW_MS, type LobbyLimits } from './lobby-limits.js';

const HOUR = 60 * 60_000;
const limits: LobbyLimits = { maxOpen: 3, expiryMs: 24 * HOUR };

async function service() {
  const clock = { ms: 1_000_000_000_000, now: () => clock.ms };
  let n = 0;
  const store = await testStore(() => clock.ms);
  const svc = new GameService(store, { ...games, nim }, () => `seed-${++n}`, clock);
  return { svc, clock, store };
}

const lobbyArgs = (hostId = 'host', guildId = 'g') => ({
  guildId,
  channelId: 'c',
  hostId,
  hostName: hostId,
  gameId: 'cartagena',
  options: { version: 'jamaica' },
  locale: 'en',
  timeLimitMs: null,
  limits,
});

async function open(svc: GameService, hostId = 'host', guildId = 'g') {
  const lobby = await svc.openLobby(lobbyArgs(hostId, guildId));
  if (!lobby.ok) throw new Error(lobby.refusal);
  return lobby.value;
}

describe('invitation pings', () => {
  it('pings each person once per inviter within the window, then again after it', async () => {
    const { svc, clock } = await service();
    expect(await svc.pingable('anne', ['bob', 'carl'])).toEqual(['bob', 'carl']);
    clock.ms += 1000;
    expect(await svc.pingable('anne', ['bob', 'carl', 'dora'])).toEqual(['dora']);
    // Another inviter has his own window.
    expect(await svc.pingable('eric', ['bob'])).toEqual(['bob']);
    clock.ms += PING_WINDOW_MS;
    expect(await svc.pingable('anne', ['bob', 'carl'])).toEqual(['bob', 'carl']);
  });

  it('keeps only the last window: older rows are pruned on every claim', async () => {
    const { svc, clock, store } = await service();
    for (let i = 0; i < 200; i++) await svc.pingable(`hostile-${i}`, ['victim', `other-${i}`]);
    clock.ms += PING_WINDOW_MS + 1;
    await svc.pingable('anne', ['bob']);
    const { db, t } = handleOf(store);
    expect(await db.select({ n: count() }).from(t.invitePings)).toEqual([{ n: 1 }]);
  });
});

describe('open lobbies per member', () => {
  it('refuses a member his lobby past the server limit, per server, and counts only open lobbies', async () => {
    const { svc } = await service();
    const first = await open(svc);
    await open(svc);
    await open(svc);
    expect(await svc.openLobby(lobbyArgs())).toEqual({ ok: false, refusal: 'too-many-lobbies' });
    expect((await svc.openLobbiesOf('g', 'host', 3)).length).toBe(3);
    // Another member, another server: their own counts.
    expect((await svc.openLobby(lobbyArgs('ann'))).ok).toBe(true);
    expect((await svc.openLobby(lobbyArgs('host', 'other'))).ok).toBe(true);
    // A cancelled or started lobby no longer counts.
    expect((await svc.cancel(first.id, 'host', false)).ok).toBe(true);
    expect((await svc.openLobby(lobbyArgs())).ok).toBe(true);
  });

  it('holds for rematches too', async () => {
    const { svc } = await service();
    const played = await svc.openLobby({ ...lobbyArgs(), gameId: 'nim', options: { pile: 1 } });
    if (!played.ok) throw new Error(played.refusal);
    const id = played.value.id;
    await svc.join(id, 'ann', 'Ann');
    expect((await svc.start(id, 'host')).ok).toBe(true);
    expect((await svc.act(id, 'host', 0, 0)).ok).toBe(true);
    for (let i = 0; i < 3; i++) await open(svc, 'ann');
    expect(await svc.rematch(id, 'ann', 'Ann', limits)).toEqual({ ok: false, refusal: 'too-many-lobbies' });
    expect((await svc.rematch(id, 'host', 'Host', limits)).ok).toBe(true);
  });
});

describe('lobby expiry', () => {
  it('finds due lobbies a page at a time and closes them; their buttons then say the lobby expired', async () => {
    const { svc, clock } = await service();
    const lobbies = [await open(svc), await open(svc, 'ann'), await open(svc, 'bob')];
    const started = await open(svc, 'carl');
    await svc.join(started.id, 'dan', 'Dan');
    expect((await svc.start(started.id, 'carl')).ok).toBe(true);
    expect(await svc.dueLobbies(10)).toEqual([]);
    clock.ms += 24 * HOUR;
    expect((await svc.dueLobbies(2)).map((r) => r.id)).toEqual([lobbies[0]?.id, lobbies[1]?.id]);
    for (const row of await svc.dueLobbies(10)) expect(row.state).toBeNull();
    const closed = await svc.expireLobby(lobbies[0]?.id as number);
    expect(closed?.status).toBe('cancelled');
    // Once only: the second attempt finds it closed.
    expect(await svc.expireLobby(lobbies[0]?.id as number)).toBeUndefined();
    const id = lobbies[0]?.id as number;
    expect(await svc.join(id, 'eve', 'Eve')).toEqual({ ok: false, refusal: 'lobby-expired' });
    expect(await svc.start(id, 'host')).toEqual({ ok: false, refusal: 'lobby-expired' });
    expect(await svc.mayCancel(id, 'host', false)).toEqual({ ok: false, refusal: 'lobby-expired' });
    // A lobby cancelled by its host is not "expired".
    await svc.cancel(lobbies[1]?.id as number, 'ann', false);
    expect(await svc.join(lobbies[1]?.id as number, 'eve', 'Eve')).toEqual({ ok: false, refusal: 'not-in-lobby' });
    expect((await svc.dueLobbies(10)).map((r) => r.id)).toEqual([lobbies[2]?.id]);
  });

  it('takes the expiry in whole hours within a week', () => {
    expect(lobbyExpiryFromHours(24)).toBe(24 * HOUR);
    expect(lobbyExpiryFromHours(0)).toBeUndefined();
    expect(lobbyExpiryFromHours(169)).toBeUndefined();
    expect(lobbyExpiryFromHours(1.5)).toBeUndefined();
  });
});
