import { describe, expect, it } from 'vitest';
import { openDatabase } from './connection.js';
import { LobbyStore } from './lobby-store.js';
import { PingStore } from './ping-store.js';

/** The query plans of what `run` executes: each read must search an index, never scan the games. */
function plansOf(run: (db: ReturnType<typeof openDatabase>) => void): string[] {
  const db = openDatabase(':memory:');
  const client = db.$client;
  const seen: string[] = [];
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => {
    seen.push(source);
    return prepare(source);
  }) as typeof client.prepare;
  run(db);
  client.prepare = prepare;
  return seen
    .filter((source) => /^\s*select/i.test(source))
    .map((source) => {
      const params = (source.match(/\?/g) ?? []).map(() => 1);
      return (prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[]).map((r) => r.detail).join('; ');
    });
}

describe('lobby and ping reads', () => {
  it("count a member's open lobbies on the host index and find due lobbies on the expiry index", () => {
    const [open] = plansOf((db) => new LobbyStore(db).openBy('g', 'host', 3));
    expect(open).toMatch(/USING INDEX games_host_idx/);
    const [due] = plansOf((db) => new LobbyStore(db).due(1000, 25));
    expect(due).toMatch(/USING INDEX games_lobby_expiry_idx/);
    expect(due).not.toMatch(/TEMP B-TREE/);
  });

  it('look up pings by their key', () => {
    const [recent] = plansOf((db) => new PingStore(db).claim('anne', ['bob'], 1000, 100));
    expect(recent).toMatch(/^SEARCH invite_pings USING (COVERING )?INDEX sqlite_autoindex_invite_pings_1 \(inviter_id=\? AND invitee_id=\?\)/);
  });
});
