import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DatabaseLock, lockPathOf } from './lock.js';

/** A database path in a folder that does not exist yet. */
const databasePath = () => join(mkdtempSync(join(tmpdir(), 'harbour-lock-')), 'data', 'games.sqlite');

/** Another process that takes the lock and says so, then waits to be killed. */
async function holderProcess(path: string) {
  mkdirSync(join(path, '..'), { recursive: true });
  const code = `
    const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(lockPathOf(path))}, { timeout: 0 });
    db.pragma('journal_mode = OFF'); db.pragma('locking_mode = EXCLUSIVE'); db.exec('BEGIN EXCLUSIVE; COMMIT');
    console.log('held'); setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(child.stdout, 'data')) as [Buffer];
  expect(line.toString().trim()).toBe('held');
  return child;
}

describe('the database lock', () => {
  it('is held by one at a time, and free again once released', () => {
    const path = databasePath();
    const first = DatabaseLock.tryAcquire(path);
    expect(first).not.toBeNull();
    expect(DatabaseLock.tryAcquire(path)).toBeNull();
    first?.release();
    const second = DatabaseLock.tryAcquire(path);
    expect(second).not.toBeNull();
    second?.release();
    // Only the lock's own file is left beside the database (no journal).
    expect(readdirSync(join(path, '..'))).toEqual(['games.sqlite.lock']);
  });

  it('is refused while another process holds it, and free as soon as that process is killed', async () => {
    const path = databasePath();
    const holder = await holderProcess(path);
    expect(DatabaseLock.tryAcquire(path)).toBeNull();
    holder.kill('SIGKILL');
    await once(holder, 'exit');
    const lock = DatabaseLock.tryAcquire(path);
    expect(lock).not.toBeNull();
    lock?.release();
  });
});
