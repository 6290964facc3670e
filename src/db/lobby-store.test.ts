import { describe, expect, it } from 'vitest';
import { queryPlans } from '../../tests/support/query-plans.js';

/** The plans of the reads one store call makes. */
const plansOf = async (run: Parameters<typeof queryPlans>[0]) => (await queryPlans(run)).map((q) => q.plan);
import { LobbyStore } from './lobby-store.js';
import { PingStore } from './ping-store.js';

describe('lobby and ping reads', () => {
  it("count a member's open lobbies on the host index and find due lobbies on the expiry index", async () => {
    const [open] = await plansOf(async (db) => void (await new LobbyStore(db).openBy('g', 'host', 3)));
    expect(open).toMatch(/USING INDEX games_host_idx/);
    const [due] = await plansOf(async (db) => void (await new LobbyStore(db).due(1000, 25)));
    expect(due).toMatch(/USING INDEX games_lobby_expiry_idx/);
    expect(due).not.toMatch(/TEMP B-TREE/);
  });

  it('look up pings by their key', async () => {
    const [recent] = await plansOf(async (db) => void (await new PingStore(db).claim('anne', ['bob'], 1000, 100)));
    expect(recent).toMatch(/^SEARCH invite_pings USING (COVERING )?INDEX sqlite_autoindex_invite_pings_1 \(inviter_id=\? AND invitee_id=\?\)/);
  });
});
