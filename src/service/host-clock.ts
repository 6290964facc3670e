import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { HostReading } from '../db/settings-store.js';
export type { HostReading };

/**
 * A clock of the host that survives the bot's process and does not move when the wall clock is
 * set: it tells how long the bot was really down. Tests pass fakes.
 */
export interface HostClock {
  /** Null where the host does not tell. */
  read(): HostReading | null;
}

/** The boot id as a 32-bit number, to keep in the integer `bot_state` table. */
export function bootHash(bootId: string): number {
  return createHash('sha256').update(bootId.trim()).digest().readUInt32BE(0);
}

/**
 * Linux: the first field of /proc/uptime is CLOCK_BOOTTIME (suspend included), and
 * /proc/sys/kernel/random/boot_id names the boot. Elsewhere neither file exists: null.
 */
export const linuxHostClock: HostClock = {
  read(): HostReading | null {
    try {
      const seconds = Number(readFileSync('/proc/uptime', 'utf8').split(/\s+/)[0]);
      const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8');
      if (!Number.isFinite(seconds) || bootId.trim() === '') return null;
      return { boot: bootHash(bootId), uptimeMs: Math.round(seconds * 1000) };
    } catch {
      return null;
    }
  },
};
