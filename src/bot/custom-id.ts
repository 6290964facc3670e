/**
 * Everything a component needs is in its custom id, so buttons keep working after a restart and
 * days later: the game's number, and for moves the state version they were offered at.
 * Format: `kind:game[:version[:n]]`, well under Discord's 100 characters.
 */
export type ComponentId =
  | { kind: 'join' | 'leave' | 'start' | 'cancel'; game: number }
  | { kind: 'panel'; game: number }
  | { kind: 'act'; game: number; version: number; index: number }
  /** A select menu of moves; the chosen value is the action's index. `n` keeps ids unique. */
  | { kind: 'pick'; game: number; version: number; n: number }
  /** A page of a game's public log. */
  | { kind: 'log'; game: number; page: number };

const simpleKinds = ['join', 'leave', 'start', 'cancel', 'panel'] as const;

export function encodeId(id: ComponentId): string {
  switch (id.kind) {
    case 'act':
      return `act:${id.game}:${id.version}:${id.index}`;
    case 'pick':
      return `pick:${id.game}:${id.version}:${id.n}`;
    case 'log':
      return `log:${id.game}:${id.page}`;
    default:
      return `${id.kind}:${id.game}`;
  }
}

const natural = (s: string | undefined): number | null => (s !== undefined && /^\d{1,15}$/.test(s) ? Number(s) : null);

/** Parses a custom id; null for anything this bot did not make (or an older format). */
export function decodeId(raw: string): ComponentId | null {
  const [kind, ...rest] = raw.split(':');
  const game = natural(rest[0]);
  if (game === null) return null;
  if ((simpleKinds as readonly string[]).includes(kind ?? '') && rest.length === 1) {
    return { kind: kind as (typeof simpleKinds)[number], game };
  }
  if (kind === 'log') {
    const page = natural(rest[1]);
    return page !== null && rest.length === 2 ? { kind, game, page } : null;
  }
  const version = natural(rest[1]);
  const n = natural(rest[2]);
  if (version === null || n === null || rest.length !== 3) return null;
  if (kind === 'act') return { kind, game, version, index: n };
  if (kind === 'pick') return { kind, game, version, n };
  return null;
}
