/**
 * The arithmetic of the bot-wide counters (../db/bot-counter-store.ts keeps fixed windows of the
 * database's clock): what the bot's limits read back from them.
 */
import type { CounterReading } from '../db/bot-counter-store.js';

/** How many the bot counted in the last `windowMs`, as fixed windows tell: the current window's, and the share of the one before that still lies within it. */
export function countInLastWindow(reading: CounterReading, windowMs: number): number {
  const share = Math.min(1, Math.max(0, reading.windowLeftMs / windowMs));
  return reading.count + reading.previous * share;
}
