import { statfsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isInMemory } from './lock.js';

/**
 * Less room than this left on a disk counts as none: SQLite grows its files a piece at a time (the
 * -shm file by 32 KiB, the WAL by a few pages per commit), and such a piece no longer fits.
 */
const NO_ROOM_BYTES = 64 * 1024;

/**
 * Whether an error means the disk is full: SQLite's SQLITE_FULL, Node's ENOSPC, or, with `folder`
 * given, one of SQLite's I/O errors while the disk holding that folder has no room left (SQLite
 * reports some failed writes, such as growing the -shm file, as SQLITE_IOERR_* without the reason).
 */
export function isDiskFull(error: unknown, folder?: string): boolean {
  // Wrappers (drizzle's, our own) keep the error they wrap as `cause`.
  for (let inner = error, depth = 0; inner !== null && typeof inner === 'object' && depth < 4; inner = (inner as { cause?: unknown }).cause, depth++) {
    const code = (inner as { code?: unknown }).code;
    if (code === 'SQLITE_FULL' || code === 'ENOSPC') return true;
    if (typeof code === 'string' && code.startsWith('SQLITE_IOERR') && folder !== undefined) return roomLeft(folder) < NO_ROOM_BYTES;
  }
  return false;
}

/** Bytes this process may still write on the disk that holds `folder` (Infinity when unknown). */
export function roomLeft(folder: string): number {
  try {
    const disk = statfsSync(folder);
    // root may also fill the blocks a filesystem keeps back for it.
    return (process.getuid?.() === 0 ? disk.bfree : disk.bavail) * disk.bsize;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The folder a database file is in; undefined for a database in memory. */
export function databaseFolder(path: string): string | undefined {
  return isInMemory(path) ? undefined : dirname(resolve(path));
}

/** What an operator does about it, to follow the problem in one sentence. */
export function freeSpaceAdvice(folder: string): string {
  return `free some space on the disk that holds ${folder}`;
}
