/**
 * Player colours, chosen to stay apart for the common forms of colour blindness: simulated
 * protanopia and deuteranopia keep every pair at least 30 CIELAB units apart, tritanopia at least
 * 20 (palette.test.ts checks it with src/render/colour-vision.ts). Colour is never a player's only
 * mark: each colour has a shape too, drawn on pawns and chips and written before names in text.
 * Every pawn also gets a dark outline, so even yellow reads on a light board.
 */
export const PLAYER_COLOURS = ['red', 'blue', 'green', 'yellow', 'purple'] as const;
export type PlayerColour = (typeof PLAYER_COLOURS)[number];

export interface ColourSwatch {
  /** Main fill of pawns and swatches. */
  fill: string;
  /** A lighter tone for highlights and tinted backgrounds. */
  light: string;
  /** A darker tone for outlines and shading. */
  dark: string;
  /** Text drawn on top of `fill`. */
  ink: string;
}

export const PLAYER_HEX: Record<PlayerColour, ColourSwatch> = {
  red: { fill: '#e0201c', light: '#f59a8e', dark: '#7a0f0c', ink: '#ffffff' },
  blue: { fill: '#1f6fe0', light: '#8fb8f2', dark: '#0c3270', ink: '#ffffff' },
  green: { fill: '#5fd8a8', light: '#b5eed6', dark: '#1f6e50', ink: '#1a1a1a' },
  yellow: { fill: '#f5e61e', light: '#fbf39a', dark: '#7a7000', ink: '#1a1a1a' },
  purple: { fill: '#8e3f86', light: '#d6a6d0', dark: '#46173f', ink: '#ffffff' },
};

/** The second mark of each colour: a shape drawn on the player's pieces and chips. */
export type PlayerShape = 'circle' | 'square' | 'triangle' | 'diamond' | 'star';

export const PLAYER_SHAPE: Record<PlayerColour, PlayerShape> = {
  red: 'circle',
  blue: 'square',
  green: 'triangle',
  yellow: 'diamond',
  purple: 'star',
};

/** The same shapes as characters, written before a player's name in posts and panels. */
export const SHAPE_GLYPH: Record<PlayerShape, string> = {
  circle: '●',
  square: '■',
  triangle: '▲',
  diamond: '◆',
  star: '★',
};

/** Near-black used for outlines everywhere, slightly warm to sit well on wood and parchment. */
export const OUTLINE = '#1c140d';

/** The default colour of seat i: seats take the colours in order. */
export function seatColour(seat: number): PlayerColour {
  return PLAYER_COLOURS[seat % PLAYER_COLOURS.length] as PlayerColour;
}

/** A player as the board images show him: his name and his colour. */
export interface BoardPlayer {
  name: string;
  /** A shorter name for small spaces (a bot's own name without "Bot "); else the name is cut. */
  short?: string;
  colour: PlayerColour;
}
