/**
 * The names of the database's copies, beside each other in the backup folder:
 * - `games-2026-11-23T20-14-36Z.sqlite`: the regular backups, which sort by time and of which
 *   the newest few are kept (src/db/backup.ts);
 * - `games-schema-6-before-upgrade-2026-11-26T10-52-00Z.sqlite`: the copy made before migrations
 *   took the database from schema 6 to a newer one, never deleted by the rotation.
 */
import { basename, extname } from 'node:path';

/** `games` for ./data/games.sqlite. */
export function prefixOf(databasePath: string): string {
  const name = basename(databasePath);
  return basename(name, extname(name)) || 'games';
}

/** `2026-11-23T20-14-36Z`: a time that can be part of a file name on every system. */
export function fileTime(at: number): string {
  return `${new Date(at).toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
}

export function backupName(databasePath: string, at: number): string {
  return `${prefixOf(databasePath)}-${fileTime(at)}.sqlite`;
}

/** The copy before an upgrade from `schema`; with `at` null, the name with its time left out (for texts). */
export function upgradeBackupName(databasePath: string, schema: number, at: number | null): string {
  return `${prefixOf(databasePath)}-schema-${schema}-before-upgrade-${at === null ? '…' : fileTime(at)}.sqlite`;
}
