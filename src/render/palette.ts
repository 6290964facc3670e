/**
 * Player colours. Based on the Okabe-Ito colour-blind-safe set, and spread in lightness (light
 * yellow, mid red/green/purple, dark blue) so they stay apart for most forms of colour blindness.
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
  red: { fill: '#e0412b', light: '#f59a86', dark: '#7a1a0e', ink: '#ffffff' },
  blue: { fill: '#1565c0', light: '#7fb2ec', dark: '#0a2f5c', ink: '#ffffff' },
  green: { fill: '#00a676', light: '#7fd9bb', dark: '#00523a', ink: '#ffffff' },
  yellow: { fill: '#f7d527', light: '#fbeb99', dark: '#7a6500', ink: '#1a1a1a' },
  purple: { fill: '#b657c6', light: '#e3b3eb', dark: '#5a2364', ink: '#ffffff' },
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
