import { eq, sql } from 'drizzle-orm';
import type { Db } from './connection.js';
import { seats } from './schema.js';

/**
 * A game that finishes or is cancelled (a move, a resignation, a timeout, a cancel, a lobby that
 * expired) stops counting among its players' open games: called in the same transaction as the
 * write that ends it. Until migrations/0018 a trigger of the SQLite file did this (migrations/0010).
 * Prepared once per store: every finishing commit runs it.
 */
export function seatsCloser(db: Db): (id: number) => void {
  const close = db.update(seats).set({ active: false }).where(eq(seats.gameId, sql.placeholder('id'))).prepare();
  return (id) => void close.run({ id });
}
