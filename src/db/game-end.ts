import { eq } from 'drizzle-orm';
import type { Db } from './connection.js';
import { seats } from './schema.js';

/**
 * A game that finishes or is cancelled (a move, a resignation, a timeout, a cancel, a lobby that
 * expired) stops counting among its players' open games: called in the same transaction as the
 * write that ends it. Until migrations/0018 a trigger of the SQLite file did this (migrations/0010).
 */
export function closeSeats(db: Db, id: number): void {
  db.update(seats).set({ active: false }).where(eq(seats.gameId, id)).run();
}
