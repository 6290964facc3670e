/**
 * The database holds every hidden hand and every player's id, so its files are its owner's alone,
 * whatever the umask: each file the bot writes beside it (the database, and through SQLite its
 * -wal, -shm and -journal files, which take the database's mode; the lock; backups; the copy
 * before an upgrade; a restore's copy) is made 0600 and each folder it makes 0700.
 *
 * One way to share them is the operator's to choose: a folder that is setgid and open to its
 * group (`chmod 2750`, its group the backup user's) shares what the bot writes there with that
 * group, read-only: files 0640, folders made in it 2750. Nothing is ever open to others.
 *
 * At start the bot puts the files of its database and its backups folder back to these modes
 * (`tightenAtStart`), where it owns them; it leaves alone a database folder that exists already
 * (it may be the working directory or a volume's root), whose files are private all the same.
 */
import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

const SETGID = 0o2000;
const GROUP_READ_SEARCH = 0o050;

/** Whether the operator shares `folder` with its group: setgid, and its group may read and enter it. */
function sharedWithGroup(folder: string): boolean {
  try {
    const { mode } = statSync(folder);
    return (mode & SETGID) !== 0 && (mode & GROUP_READ_SEARCH) === GROUP_READ_SEARCH;
  } catch {
    return false;
  }
}

/** The mode of a file the bot writes in `folder`. */
export function fileModeIn(folder: string): number {
  return sharedWithGroup(folder) ? 0o640 : 0o600;
}

/** The mode of a folder the bot makes in `parent` (setgid is kept where the parent shares). */
function folderModeIn(parent: string): number {
  return sharedWithGroup(parent) ? SETGID | 0o750 : 0o700;
}

/** Makes `dir` and its missing parents, each private (or shared as its parent is). */
export function makePrivateFolder(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); !exists(d); d = dirname(d)) {
    missing.unshift(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing) {
    mkdirSync(d, { recursive: true });
    // mkdir's mode passes through the umask, which may take too little away, or too much.
    chmodSync(d, folderModeIn(dirname(d)));
  }
}

/** Creates `path` empty with the mode of its folder (its folder made if missing), for SQLite to fill. */
export function createPrivateFile(path: string): void {
  makePrivateFolder(dirname(path));
  const fd = openSync(path, 'wx', 0o600);
  try {
    fchmodSync(fd, fileModeIn(dirname(resolve(path))));
  } finally {
    closeSync(fd);
  }
}

/** `path` made empty and private if missing; an existing file is left to `tightenAtStart`. */
export function ensurePrivateFile(path: string): void {
  if (!exists(path)) createPrivateFile(path);
}

/** What `tightenAtStart` changed, and what it could not (another user's file, a read-only disk). */
export interface Tightened {
  changed: string[];
  notOwned: string[];
}

/**
 * Puts the existing files of the database back to the bot's modes, where the bot's user owns them:
 * every file beside it whose name starts with the database's (its -wal, -shm, lock, the copies set
 * aside by a restore), the backups folder and every file in it.
 */
export function tightenAtStart(path: string, backupDir: string): Tightened {
  const result: Tightened = { changed: [], notOwned: [] };
  const folder = dirname(resolve(path));
  const name = basename(path);
  for (const file of readdirSync(folder)) if (file.startsWith(name)) tighten(join(folder, file), fileModeIn(folder), result);
  if (exists(backupDir)) {
    // A folder shared by the operator stays shared; any other is its owner's alone.
    tighten(backupDir, sharedWithGroup(backupDir) ? SETGID | 0o750 : 0o700, result);
    const mode = fileModeIn(resolve(backupDir));
    for (const name of readdirSync(backupDir)) {
      const file = join(backupDir, name);
      if (statSync(file).isFile()) tighten(file, mode, result);
    }
  }
  return result;
}

function tighten(path: string, mode: number, result: Tightened): void {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return;
  }
  const kept = stat.isDirectory() ? stat.mode & SETGID : 0;
  // Only what is more open than the bot's mode is taken away; the setgid of a shared folder stays.
  const wanted = (stat.mode & 0o777 & mode) | kept;
  if ((stat.mode & 0o7777) === wanted) return;
  if (process.getuid && stat.uid !== process.getuid()) {
    result.notOwned.push(path);
    return;
  }
  try {
    chmodSync(path, wanted);
    result.changed.push(path);
  } catch {
    result.notOwned.push(path); // a read-only disk, say: the bot starts all the same
  }
}

function exists(path: string): boolean {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}
