/**
 * Runs the tests' PostgreSQL server (./server.ts) for the test run that started it
 * (./global-setup.ts), in a temporary folder, and stops it and removes the folder when the run
 * is over: when told to stop, and also when the run itself is gone however it ended (Ctrl-C,
 * SIGTERM, a crash, SIGKILL), which this process learns from its IPC channel closing.
 * It runs detached, in a process group of its own: a Ctrl-C in the terminal does not stop it
 * before it has cleaned up.
 *
 * Tells the run, as one IPC message: { url, folder, pid } (the postmaster's) or { error }.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from './server.js';

const folder = mkdtempSync(join(tmpdir(), 'harbour-postgres-'));
const starting: Promise<TestServer | null> = startTestServer(folder).then(
  async (server) => {
    await tell({ url: server.url, folder, pid: server.pid });
    return server;
  },
  async (error: unknown) => {
    await tell({ error: error instanceof Error ? error.message : String(error) });
    return null;
  },
);

/** Sends a message to the run, if it is still there, and waits until it went out. */
function tell(message: object): Promise<void> {
  return new Promise((done) => (process.connected ? process.send?.(message, undefined, {}, () => done()) : done()));
}

let stopping: Promise<void> | null = null;
function stop(): Promise<void> {
  stopping ??= (async () => {
    await (await starting)?.stop();
    rmSync(folder, { recursive: true, force: true });
    if (process.connected) process.disconnect();
    process.exit(0);
  })();
  return stopping;
}

process.on('message', (message) => {
  if (message === 'stop') void stop();
  // An outage, for the tests of what the bot does while its server is gone: answered when done.
  if (message === 'pause' || message === 'resume') {
    void starting.then(async (server) => {
      await (message === 'pause' ? server?.pause() : server?.resume());
      await tell({ done: message });
    });
  }
});
process.on('disconnect', () => void stop());
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop());
// A start that failed has nothing to wait for.
void starting.then((server) => {
  if (!server) void stop();
});
