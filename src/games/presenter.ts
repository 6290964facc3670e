import type { MessageKey, Translate } from '../i18n/index.js';
import { PLAYER_SHAPE, SHAPE_GLYPH, type BoardPlayer, type PlayerColour } from '../render/palette.js';

/**
 * How a game shows itself: the Discord layer drives every game through this and the engine
 * contract, so nothing under discord/ names a game. Presenters produce plain data (text, choices,
 * PNG bytes), never discord.js objects.
 */

/** One choice in a panel; `index` points into the seat's legal actions at the panel's version. */
export interface PanelChoice {
  index: number;
  label: string;
  description?: string;
  /** A Unicode emoji shown beside the label. */
  emoji?: string;
  /** For buttons: the main action of the group is highlighted. */
  primary?: boolean;
  /**
   * For a choice that ends something at once (a claim): the question the player must answer
   * "Yes" to before it is made, e.g. "Claim the hand now with 64 points?". "Back" keeps the panel.
   */
  confirm?: string;
}

/** A group of choices: shown as buttons (few, short) or as a select menu (paged at 25). */
export interface PanelGroup {
  kind: 'buttons' | 'select';
  /** Placeholder of a select menu; unused for buttons. */
  placeholder: string;
  choices: PanelChoice[];
}

/** A player's private panel: his view in words and the choices for his legal actions. */
export interface Panel {
  text: string;
  groups: PanelGroup[];
}

/** One player as presenters see him. */
export interface PresentedPlayer {
  /** The name as message texts show it: escaped for Markdown. */
  name: string;
  /** The name as typed, for what is not Markdown (board images, button and menu labels); `name` when absent. */
  plain?: string;
  /** A shorter name for small spaces (a bot's own name without "Bot "); else the name is cut. */
  short?: string;
  /** A Discord mention, for text only (never drawn on images). */
  mention: string;
  /** Colour name from the shared palette (src/render/palette.ts). */
  colour: string;
}

/** Players as board images draw them: no mentions (never on images), the colour as a palette name. */
export const boardPlayers = (players: readonly PresentedPlayer[]): BoardPlayer[] =>
  players.map((p) => ({ name: p.plain ?? p.name, ...(p.short === undefined ? {} : { short: p.short }), colour: p.colour as PlayerColour }));

/** A player's shape as a character ("▲"), written before his name where text tells players apart. */
export const markOf = (player: Pick<PresentedPlayer, 'colour'>): string => {
  const shape = PLAYER_SHAPE[player.colour as PlayerColour];
  return shape === undefined ? '' : SHAPE_GLYPH[shape];
};

/** A player's name as texts show it, "#2" for a seat without one. */
export const nameOf = (ctx: Pick<PresentContext, 'players'>, seat: number): string => ctx.players[seat]?.name ?? `#${seat + 1}`;

/** "■ Anne": a name with the player's shape, where a list of players would otherwise lean on the board's colours. */
export function markedName(ctx: Pick<PresentContext, 'players'>, seat: number, name = nameOf(ctx, seat)): string {
  const player = ctx.players[seat];
  const mark = player ? markOf(player) : '';
  return mark ? `${mark} ${name}` : name;
}

/** A turn of the round a board post covers: who played it and the spectators' view at its end. */
export interface RoundTurn<V = unknown> {
  seat: number;
  view: V;
}

export interface PresentContext {
  t: Translate;
  players: PresentedPlayer[];
}

/** A named set of options offered when a game is created (an edition, a shorter game). */
export interface Variant {
  value: string;
  /** Short name: "Tortuga". */
  label: MessageKey;
  /** What sets it apart, shown when choosing: "open hands, draw from the open row". */
  about: MessageKey;
  options: unknown;
}

export interface GamePresenter<V = unknown> {
  /** Display name key: `game.<id>.name`. */
  name: MessageKey;
  /** Key of the /rules text. */
  rules: MessageKey;
  /** How a final score reads, with {score}: "{score} pirates aboard". */
  score: MessageKey;
  /** Offered at creation; the first is the default. */
  variants: Variant[];
  /** The variant a stored game's options correspond to. */
  variantOf(options: unknown): Variant | undefined;
  /** Colour names for the seats of a game of this size. */
  colours(seats: number): string[];
  /** A short line about the state: "Turn 7, Alice has 2 actions left". */
  status(view: V, ctx: PresentContext): string;
  /** Lines for the public post describing these public events, in order. */
  describe(events: unknown[], ctx: PresentContext): string[];
  /** The panel of a seated player (view is his own) with choices for exactly `legal`. */
  panel(view: V, legal: unknown[], ctx: PresentContext): Panel;
  /**
   * The board image, drawn from a spectator's view. `earlier` are the turns played since the
   * previous turn of the player the post asks to move, before the one the view shows as last
   * (oldest first, each with the spectators' view at its end): the board marks each one's changes
   * too, in its player's colour, as it marks the last turn's. A game that ignores them marks the last turn only.
   */
  render(view: V, ctx: PresentContext, earlier?: readonly RoundTurn<V>[]): Promise<Buffer>;
  /**
   * Optional, for a game whose posts already gather what a player missed (one post per trick,
   * which tells and shows the whole trick): false, and its posts tell their own moves only, with
   * no round (no "Since your last turn:" lines, no earlier turns for the board). Else true.
   */
  postsRound?: boolean;
  /**
   * Optional: true for a game whose board marks what each move's events tell, where a player's turn
   * may be several moves (a choice, then what it leads to) and a view's events are its last move's
   * only. Then `earlier` holds the view after every move of the round but the last, the last turn's
   * own earlier moves too (each with its player's seat), so that no move's marks are lost.
   */
  roundBySteps?: boolean;
  /**
   * The board image in words, for screen readers (its alt text), from the same spectator view:
   * sentences saying whose turn it is, the scores and the last turn, most important first (what
   * does not fit Discord's 1,024 characters is cut from the end). `boardAltText` (alt-text.ts)
   * prefixes the game's name and takes Markdown and emoji out, so post lines can be reused.
   */
  altText(view: V, ctx: PresentContext): string[];
  /**
   * Optional: how a seat's final score was made up, as the rulebook scores it, for the final
   * post's ranking line ("41 treasure + 100 ships − 2 × 18 loans"); from the spectator's view.
   */
  breakdown?(view: V, seat: number, ctx: PresentContext): string;
}

/** Any presenter, types erased for the generic Discord layer. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- erased on purpose: `unknown` would refuse every real presenter (it takes its view)
export type AnyGamePresenter = GamePresenter<any>;
