import { isMeaning, MEANING_LENGTH } from '../games/choice-meaning.js';

/**
 * Everything a component needs is in its custom id, so buttons keep working after a restart and
 * days later: the game's number, and for moves the state version they were offered at and what
 * the choice meant (src/games/choice-meaning.ts), so that a click on an earlier panel is judged by
 * what the player saw. Each kind's id is `kind:game` and then its fields in order, each declared
 * once in `ID_SHAPES` (what it is, how it is written and read back, how long it can be); the
 * router's table (./component-kinds.ts) says where each kind may be used and what handles it.
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

export type ComponentKind = ComponentId['kind'];
/** The id of one kind (a member of `ComponentId` may stand for several kinds). */
export type IdOf<K extends ComponentKind> = ComponentId extends infer C
  ? C extends { kind: infer Kinds }
    ? K extends Kinds
      ? Omit<C, 'kind'> & { kind: K }
      : never
    : never
  : never;

export const REPLAY_BUTTONS = ['first', 'previous', 'next', 'last'] as const;
export type ReplayButton = (typeof REPLAY_BUTTONS)[number];

/** Discord's limit on a custom id. */
export const CUSTOM_ID_MAX = 100;

/** One field of an id after the game's number: written as text without ':', read back or refused (null). */
export interface IdField {
  name: string;
  /** Longest text it is written as. */
  maxLength: number;
  /** May be left out (only at the end: ids made before it existed). */
  optional?: boolean;
  write(value: unknown): string;
  read(text: string): unknown;
}

const NATURAL_DIGITS = 15;
const natural = (name: string): IdField => ({
  name,
  maxLength: NATURAL_DIGITS,
  write: (value) => String(value),
  read: (text) => (new RegExp(`^\\d{1,${NATURAL_DIGITS}}$`).test(text) ? Number(text) : null),
});
/** A value of a few, each written as one letter. */
const letter = <V extends string>(name: string, letters: Record<string, V>): IdField => ({
  name,
  maxLength: 1,
  write: (value) => Object.keys(letters).find((key) => letters[key] === value) as string,
  read: (text) => (Object.hasOwn(letters, text) ? letters[text] : null),
});
const meaning: IdField = {
  name: 'meaning',
  maxLength: MEANING_LENGTH,
  optional: true,
  write: (value) => String(value),
  read: (text) => (isMeaning(text) ? text : null),
};

/** Each kind's fields after the game's number, in order. */
export const ID_SHAPES: Record<ComponentKind, readonly IdField[]> = {
  join: [],
  leave: [],
  start: [],
  cancel: [],
  panel: [],
  reopen: [],
  resign: [],
  keep: [],
  rematch: [],
  cancelyes: [],
  cancelno: [],
  addbot: [],
  rmbot: [],
  replay: [],
  replaygo: [],
  act: [natural('version'), natural('index'), meaning],
  ask: [natural('version'), natural('index'), meaning],
  undo: [natural('seq')],
  pick: [natural('version'), natural('n')],
  log: [natural('move'), letter('toward', { o: 'older', n: 'newer' })],
  replayto: [natural('move'), letter('button', { f: 'first', p: 'previous', n: 'next', l: 'last' })],
};

const GAME = natural('game');

export function encodeId(id: ComponentId): string {
  const fields = id as unknown as Record<string, unknown>;
  const written = ID_SHAPES[id.kind].filter((field) => fields[field.name] !== undefined).map((field) => field.write(fields[field.name]));
  return [id.kind, GAME.write(id.game), ...written].join(':');
}

/** Parses a custom id; null for anything this bot did not make (or an older format). */
export function decodeId(raw: string): ComponentId | null {
  const [kind = '', gameText, ...rest] = raw.split(':');
  if (!Object.hasOwn(ID_SHAPES, kind) || gameText === undefined) return null;
  const game = GAME.read(gameText);
  if (game === null) return null;
  const shape = ID_SHAPES[kind as ComponentKind];
  if (rest.length > shape.length) return null;
  const id: Record<string, unknown> = { kind, game };
  for (const [i, field] of shape.entries()) {
    const text = rest[i];
    if (text === undefined) {
      if (field.optional) break;
      return null;
    }
    const value = field.read(text);
    if (value === null) return null;
    id[field.name] = value;
  }
  return id as ComponentId;
}

/** The longest id a kind can be written as. */
export function longestId(kind: ComponentKind): number {
  return [kind.length, GAME.maxLength, ...ID_SHAPES[kind].map((field) => field.maxLength)].reduce((sum, n) => sum + n, 0) + ID_SHAPES[kind].length + 1;
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
