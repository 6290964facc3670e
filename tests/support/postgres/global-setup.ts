/**
 * The PostgreSQL server of a test run (vitest globalSetup of the `postgres` project): started once
 * per run by ./supervisor.ts, which stops it and removes its folder when the run ends, however it
 * ends. Its superuser's URL reaches the tests as `inject('postgresUrl')` (./database.ts gives each
 * test file a database of its own). With TEST_DATABASE_URL set, the tests use that server instead
 * and nothing is started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose user may create databases. */
    postgresUrl: string;
  }
}

export default async function startPostgres(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const existing = process.env['TEST_DATABASE_URL'];
  if (existing) {
    project.provide('postgresUrl', existing);
    return undefined;
  }
  const server = await superviseTestServer();
  project.provide('postgresUrl', server.url);
  return server.stop;
}

export interface SupervisedServer {
  url: string;
  /** Its temporary folder, and its postmaster's process id. */
  folder: string;
  pid: number;
  supervisor: ChildProcess;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
  /** Stops the server, keeping its data (an outage), and starts it again on the same port. */
  pause(): Promise<void>;
  resume(): Promise<void>;
}

type Started = { url: string; folder: string; pid: number } | { error: string };

/** Starts a server under ./supervisor.ts, tied to this process. */
export async function superviseTestServer(): Promise<SupervisedServer> {
  const supervisor = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'supervisor.ts')], {
    cwd: resolve(import.meta.dirname, '../../..'),
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((done) => supervisor.once('exit', () => done()));
  const started = await Promise.race([
    new Promise<Started>((done) => supervisor.once('message', (message) => done(message as Started))),
    exited.then((): Started => ({ error: 'its supervisor stopped before saying so' })),
  ]);
  if ('error' in started) {
    await exited;
    throw new Error(`PostgreSQL for the tests could not be started: ${started.error}`);
  }
  const stop = async () => {
    if (supervisor.connected) supervisor.send('stop');
    await exited;
  };
  const outage = (step: 'pause' | 'resume') => async () => {
    const done = new Promise<void>((resolve) => supervisor.on('message', (message) => (message as { done?: string }).done === step && resolve()));
    supervisor.send(step);
    await done;
  };
  return { ...started, supervisor, stop, pause: outage('pause'), resume: outage('resume') };
}
