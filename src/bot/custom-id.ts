import { isMeaning } from '../games/choice-meaning.js';

/**
 * Everything a component needs is in its custom id, so buttons keep working after a restart and
 * days later: the game's number, and for moves the state version they were offered at and what
 * the choice meant (src/games/choice-meaning.ts), so that a click on an earlier panel is judged by
 * what the player saw. Format: `kind:game[:version[:n[:meaning]]]`, well under Discord's 100 characters.
 */
export type ComponentId =
  | { kind: 'join' | 'leave' | 'start' | 'cancel'; game: number }
  | { kind: 'panel'; game: number }
  /** "Open my panel" on a panel that is no longer the live one: a new panel, below the newest post. */
  | { kind: 'reopen'; game: number }
  /** The answers to "do you really want to resign?": yes, or keep playing. */
  | { kind: 'resign' | 'keep'; game: number }
  /** A finished game's Rematch button. */
  | { kind: 'rematch'; game: number }
  /** The answers to "do you really want to cancel?". */
  | { kind: 'cancelyes' | 'cancelno'; game: number }
  /** The lobby's select menus that seat a bot player (value: its level) or take one out (value: its user id). */
  | { kind: 'addbot' | 'rmbot'; game: number }
  /** A move: the action at `index` of the seat's legal actions at `version`, meaning `meaning` (absent in ids made before meanings). */
  | { kind: 'act'; game: number; version: number; index: number; meaning?: string }
  /** A move that asks first ("Claim the hand now?"): answered with an `act` button or Back. */
  | { kind: 'ask'; game: number; version: number; index: number; meaning?: string }
  /** Takes back the player's move `seq` (his latest in force when the panel was built). */
  | { kind: 'undo'; game: number; seq: number }
  /** A select menu of moves; the chosen value is the action's index and meaning (see `encodeChoice`). `n` keeps ids unique. */
  | { kind: 'pick'; game: number; version: number; n: number }
  /**
   * A page of a game's public log, anchored at a move as the log counts them: 'older' ends with
   * move `move` (filled backwards), 'newer' starts with it. Encoded `log:game:move:o|n`; the old
   * `log:game:page` is refused.
   */
  | { kind: 'log'; game: number; move: number; toward: 'older' | 'newer' }
  /** A finished game's Replay button, on its last post: opens a private replay. */
  | { kind: 'replay'; game: number }
  /**
   * A replay's buttons, each to the move it shows (0: the start), on the user's own replay.
   * `button` keeps the four ids of one message apart when two lead to the same move.
   */
  | { kind: 'replayto'; game: number; move: number; button: ReplayButton }
  /** A replay's "go to move" menu; the chosen value is the move. */
  | { kind: 'replaygo'; game: number };

export const REPLAY_BUTTONS = ['first', 'previous', 'next', 'last'] as const;
export type ReplayButton = (typeof REPLAY_BUTTONS)[number];

const simpleKinds = ['join', 'leave', 'start', 'cancel', 'panel', 'reopen', 'resign', 'keep', 'cancelyes', 'cancelno', 'rematch', 'addbot', 'rmbot', 'replay', 'replaygo'] as const;

export function encodeId(id: ComponentId): string {
  switch (id.kind) {
    case 'act':
    case 'ask':
      return `${id.kind}:${id.game}:${id.version}:${id.index}${id.meaning === undefined ? '' : `:${id.meaning}`}`;
    case 'pick':
      return `pick:${id.game}:${id.version}:${id.n}`;
    case 'log':
      return `log:${id.game}:${id.move}:${id.toward === 'older' ? 'o' : 'n'}`;
    case 'replayto':
      return `replayto:${id.game}:${id.move}:${id.button.charAt(0)}`;
    case 'undo':
      return `undo:${id.game}:${id.seq}`;
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
    const move = natural(rest[1]);
    const toward = rest[2] === 'o' ? 'older' : rest[2] === 'n' ? 'newer' : null;
    return move !== null && toward !== null && rest.length === 3 ? { kind, game, move, toward } : null;
  }
  if (kind === 'replayto') {
    const move = natural(rest[1]);
    const button = REPLAY_BUTTONS.find((b) => b.charAt(0) === rest[2]);
    return move !== null && button !== undefined && rest.length === 3 ? { kind, game, move, button } : null;
  }
  const version = natural(rest[1]);
  if (kind === 'undo') return version !== null && rest.length === 2 ? { kind, game, seq: version } : null;
  const n = natural(rest[2]);
  if (version === null || n === null) return null;
  if (kind === 'act' || kind === 'ask') {
    const meaning = rest[3];
    if (rest.length === 3) return { kind, game, version, index: n };
    return rest.length === 4 && meaning !== undefined && isMeaning(meaning) ? { kind, game, version, index: n, meaning } : null;
  }
  if (kind === 'pick' && rest.length === 3) return { kind, game, version, n };
  return null;
}

/** A choice of a select menu of moves: the value of its option, `index:meaning` (a bare index in menus made before meanings). */
export function encodeChoice(index: number, meaning?: string): string {
  return meaning === undefined ? String(index) : `${index}:${meaning}`;
}

/** The option value of a select menu of moves read back; null for a value this bot did not make. */
export function decodeChoice(value: string | undefined): { index: number; meaning?: string } | null {
  const [index, meaning, ...more] = (value ?? '').split(':');
  if (index === undefined || !/^\d{1,4}$/.test(index) || more.length > 0) return null;
  if (meaning === undefined) return { index: Number(index) };
  return isMeaning(meaning) ? { index: Number(index), meaning } : null;
}
