/**
 * Which bot process holds a gateway session, for tests with several hosts on one local Discord:
 * the session's `peer` (the client end of its connection, `discord.sessionsOfShard(id)`) is found
 * in /proc/net/tcp and the socket in a process's open files (Linux). Together with
 * `discord.answersOf(interaction)` this names the host that answered.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import type { BotProcess } from './bot-process.js';
import { processesOfGroup, processGroupOf } from './freeze.js';
import type { GatewaySessionInfo, Peer } from './server/index.js';

/** The socket inode whose local end is `peer`'s port on this machine, from /proc/net/tcp and tcp6. */
function socketInodeOf(peer: Peer): string | null {
  const port = peer.port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10 || fields[1]?.split(':')[1] !== port || fields[3] === '0A') continue;
      return fields[9] ?? null;
    }
  }
  return null;
}

/**
 * The process that holds the connection whose client end is `peer` (a session's), among
 * `candidates` (default: every process); null when the connection is closed or not found.
 */
export function processOfPeer(peer: Peer | null, candidates?: readonly number[]): number | null {
  if (!peer) return null;
  const inode = socketInodeOf(peer);
  if (inode === null) return null;
  const link = `socket:[${inode}]`;
  const pids =
    candidates ??
    readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number);
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${pid}/fd/${fd}`) === link) return pid;
      } catch {
        // Closed while the folder was read.
      }
    }
  }
  return null;
}

/** The host (among `hosts`) whose process holds this session's open connection, if any. */
export function hostOfSession(session: Pick<GatewaySessionInfo, 'peer'>, hosts: readonly BotProcess[]): BotProcess | undefined {
  const groups = hosts.map((h) => h.pid).filter((pid): pid is number => pid !== undefined);
  const pid = processOfPeer(
    session.peer,
    groups.flatMap((g) => processesOfGroup(g)),
  );
  if (pid === null) return undefined;
  const group = processGroupOf(pid);
  return hosts.find((h) => h.pid === group);
}
