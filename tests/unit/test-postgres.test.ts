import { existsSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { superviseTestServer } from '../support/postgres/global-setup.js';

// The PostgreSQL server that the `postgres` tests start for themselves (tests/support/postgres):
// as root it runs as another user, and it leaves nothing behind, also when the run is gone.

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
const ownerOf = (pid: number) => Number(/^Uid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

describe("the tests' PostgreSQL server", () => {
  it('runs in a folder of its own, never as root, takes its password only, and is gone with its folder once stopped', async () => {
    const server = await superviseTestServer();
    try {
      expect(existsSync(`${server.folder}/data/PG_VERSION`)).toBe(true);
      const uid = process.getuid?.();
      if (uid === 0) expect(ownerOf(server.pid)).not.toBe(0);
      else expect(ownerOf(server.pid)).toBe(uid);
      const client = new pg.Client(server.url);
      await client.connect();
      expect((await client.query<{ n: number }>('SELECT 1 + 1 AS n')).rows).toEqual([{ n: 2 }]);
      await client.end();
      const wrong = new URL(server.url);
      wrong.password = 'not-the-password';
      await expect(new pg.Client(wrong.toString()).connect()).rejects.toThrow(/password authentication failed/);
    } finally {
      await server.stop();
    }
    expect(alive(server.pid)).toBe(false);
    expect(existsSync(server.folder)).toBe(false);
  });

  it('stops and removes its folder by itself when the run that started it is gone', async () => {
    const server = await superviseTestServer();
    // What the supervisor sees of a run that was interrupted or killed: its channel closes.
    server.supervisor.disconnect();
    await server.stop();
    expect(alive(server.pid)).toBe(false);
    expect(existsSync(server.folder)).toBe(false);
  });
});
