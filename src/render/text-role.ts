/**
 * Which text on a board may be drawn smaller. Boards are drawn 1200 px wide and shown about 550 px
 * wide in a chat, so text that matters (whose turn, scores, a player's own situation, the labels a
 * panel names) is drawn at least 22 px high (10 px in the chat), and only text that merely helps
 * may go down to 16 px. Everything counts as important unless a renderer draws it inside
 * `secondary(kind, draw)`, and the kinds are the ones below, each with the reason it may be
 * smaller: making text small means naming it here, where a reviewer sees it, and each game's
 * render test lists the kinds it accepts.
 */
export const SECONDARY_KINDS = {
  /** A legend that explains symbols drawn beside it. */
  legend: 'explains a symbol drawn large beside it',
  /** What happened: marks of the last turn, why the game ended. */
  history: 'the post of the turn says it in words; the change is also marked by a frame or ring',
  /** A word naming a number or piece drawn large beside it ("sea pile" beside "12"). */
  caption: 'names in words a number or piece drawn large beside it',
  /** How a final score was made up; the total is drawn large beside it. */
  breakdown: 'the parts of a total drawn large beside them',
  /** A reminder of a rule of play ("follow suit or trump"): /rules says it, and the panel offers only what it allows. */
  rule: "the rules say it, and a player's panel offers only what it allows",
  /** A small mark on a piece that repeats what the board shows at full size elsewhere. */
  repeat: 'repeats on a piece what is drawn at full size elsewhere on the board',
} as const;

/** At least this high (px on a board 1200 px wide) is important text: about 10 px in the chat. */
export const IMPORTANT_PX = 22;
/** At least this high is secondary text. */
export const SECONDARY_PX = 16;

export type SecondaryKind = keyof typeof SECONDARY_KINDS;

let current: SecondaryKind | null = null;

/**
 * Draws what `draw` writes as secondary text of the given kind. `draw` must be synchronous: the
 * kind is known only while it runs (a cached layer drawn inside counts as well).
 */
export function secondary<T>(kind: SecondaryKind, draw: () => T): T {
  const outer = current;
  current = kind;
  try {
    const result = draw();
    if (result instanceof Promise) throw new TypeError('secondary(): the drawing must be synchronous');
    return result;
  } finally {
    current = outer;
  }
}

/** The kind of secondary text being drawn now, or null for important text. */
export function secondaryKind(): SecondaryKind | null {
  return current;
}

/** The smallest size text drawn now may have: a renderer never shrinks text to fit below it. */
export function minTextPx(): number {
  return current === null ? IMPORTANT_PX : SECONDARY_PX;
}
