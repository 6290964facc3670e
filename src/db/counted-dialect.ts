/**
 * Counts the database calls that fail, by kind (./busy.ts), for /metrics, on either store: the
 * store's root handle (./dialect.ts) seen through a proxy that reports every error its calls fail
 * with; everything else of the handle (its getters, what the seam gains later) passes unchanged.
 * A transaction's own handle is not wrapped: its errors come out of the root's `transaction`. An
 * error that passes through two calls (a transaction opened inside a store call) is counted once.
 */
import { queryErrorKind, type QueryErrorKind } from './busy.js';
import type { Dialect, OneTrip } from './dialect.js';

/** The handle's calls that go to the database. */
const CALLS = new Set<PropertyKey>(['run', 'transaction', 'lockGame', 'lock', 'rows']);

export function countingErrors(h: Dialect, count: (kind: QueryErrorKind) => void): Dialect {
  const counted = new WeakSet<object>();
  const watch = <T>(call: Promise<T>): Promise<T> =>
    call.catch((error: unknown) => {
      const object = typeof error === 'object' && error !== null;
      if (!object || !counted.has(error)) {
        if (object) counted.add(error);
        count(queryErrorKind(error));
      }
      throw error;
    });
  // A click's read and move go through `oneTrip` (its own statements, not the calls above).
  const oneTrip: OneTrip | undefined = h.oneTrip && {
    gameWithSeats: (id, now) => watch((h.oneTrip as OneTrip).gameWithSeats(id, now)),
    advance: (step) => watch((h.oneTrip as OneTrip).advance(step)),
  };
  return new Proxy(h, {
    get(target, name, receiver) {
      if (name === 'oneTrip') return oneTrip;
      const value: unknown = Reflect.get(target, name, receiver);
      if (typeof value !== 'function') return value;
      if (CALLS.has(name)) return (...args: unknown[]) => watch((value as (...a: unknown[]) => Promise<unknown>).apply(target, args));
      if (name === 'prepared') {
        return (...args: unknown[]) => {
          const query = (value as (...a: unknown[]) => (params?: Record<string, unknown>) => Promise<unknown>).apply(target, args);
          return (params?: Record<string, unknown>) => watch(query(params));
        };
      }
      return value;
    },
  });
}
