import { eq, sql } from 'drizzle-orm';
import type { Dialect } from './dialect.js';

/**
 * A game that finishes or is cancelled (a move, a resignation, a timeout, a cancel, a lobby that
 * expired) stops counting among its players' open games: called in the same transaction as the
 * write that ends it. Until migrations/0018 a trigger of the SQLite file did this (migrations/0010).
 * Prepared once per connection: every finishing commit runs it.
 */
export async function closeSeats(tx: Dialect, id: number): Promise<void> {
  const close = tx.prepared('game-end.closeSeats', (db, t) =>
    db
      .update(t.seats)
      .set({ active: false })
      .where(eq(t.seats.gameId, sql.placeholder('id')))
      .returning({ seat: t.seats.seat })
      .prepare(),
  );
  await close({ id });
}
