/**
 * Where everything on the Halunken board goes, and its colours. The board is landscape so that it
 * reads at chat size: the ring of 14 taverns on the left as a 5 × 4 loop (the street runs
 * clockwise), what the game waits for with the harbour and Black Jack inside the loop, and one
 * panel per player stacked on the right.
 */
import type { PlayerShape } from '../../render/index.js';
import type { Colour } from './cards.js';

export const WIDTH = 1200;
export const MARGIN = 14;
export const HEADER_H = 60;
/** Gap between tavern tiles: the direction arrows sit in it. */
export const GAP = 10;
export const TILE_W = 128;
/** Tall enough that four players' panels beside the ring hold two lines of crew cards with values of 22 px. */
export const TILE_H = 186;
/** The street around the ring's tiles. */
export const RING_PAD = 8;

/** The tiles' area: five taverns across, four down. */
export const RING = { x: MARGIN + RING_PAD, y: HEADER_H + 8 + RING_PAD, w: 5 * TILE_W + 4 * GAP, h: 4 * TILE_H + 3 * GAP } as const;
export const HEIGHT = RING.y + RING.h + RING_PAD + MARGIN;

/** Inside a tile: the roof with the tavern's number, the wall holding the cards, the street in front. */
export const ROOF_H = 26;
export const WALL_BOTTOM = 118;
export const CARD_W = 64;
export const CARD_H = 86;

/** The area inside the loop. */
export const CENTRE = { x: RING.x + TILE_W + GAP, y: RING.y + TILE_H + GAP, w: 3 * TILE_W + 2 * GAP, h: 2 * TILE_H + GAP } as const;

/** The player panels, right of the ring, as tall as it. */
export const PANELS = {
  x: RING.x + RING.w + RING_PAD + 12,
  y: RING.y - RING_PAD,
  w: WIDTH - MARGIN - (RING.x + RING.w + RING_PAD + 12),
  h: RING.h + 2 * RING_PAD,
} as const;
export const PANEL_GAP = 8;
/** Fewer players get taller panels, but not so tall that they look empty. */
const PANEL_MAX_H = 236;

export function panelBox(seat: number, seats: number): { x: number; y: number; w: number; h: number } {
  const h = Math.min(PANEL_MAX_H, (PANELS.h - (seats - 1) * PANEL_GAP) / seats);
  const top = PANELS.y + (PANELS.h - (seats * h + (seats - 1) * PANEL_GAP)) / 2;
  return { x: PANELS.x, y: Math.round(top + seat * (h + PANEL_GAP)), w: PANELS.w, h: Math.floor(h) };
}

/** Where a space's tile is: 0-4 along the top, 5-6 down the right, 7-11 along the bottom (right to left), 12-13 up the left. */
export function tileCell(space: number): { row: number; col: number } {
  if (space <= 4) return { row: 0, col: space };
  if (space <= 6) return { row: space - 4, col: 4 };
  if (space <= 11) return { row: 3, col: 11 - space };
  return { row: 14 - space, col: 0 };
}

export function tileOrigin(space: number): { x: number; y: number } {
  const { row, col } = tileCell(space);
  return { x: RING.x + col * (TILE_W + GAP), y: RING.y + row * (TILE_H + GAP) };
}

export const COLOURS = {
  page: '#0e1420',
  header: '#080c14',
  street: '#1a2230',
  cobble: '#232d3e',
  wall: '#6b4526',
  wallDark: '#4a2f19',
  roof: '#8c2f24',
  text: '#f3ecdc',
  textDim: '#a9b3c4',
  gold: '#f2c94c',
  ink: '#1c140d',
  panel: '#182131',
  panelAlt: '#151d2b',
  centre: '#121a28',
  harbour: '#173247',
  back: '#24395c',
  used: '#343a48',
  usedInk: '#7d8494',
  fresh: '#f4ecd6',
  danger: '#e0412b',
  /** What changed in the last move: a white ring, apart from every player and sailor colour. */
  changed: '#ffffff',
} as const;

export interface SailorStyle {
  fill: string;
  ink: string;
  light: string;
}

/** Sailor colours, kept apart by lightness too: light yellow, mid grey, mid red, dark violet. */
export const SAILOR_STYLE: Record<Colour, SailorStyle> = {
  yellow: { fill: '#f4c430', ink: '#1c140d', light: '#fbe7a1' },
  grey: { fill: '#a3acb6', ink: '#1c140d', light: '#d9dee3' },
  violet: { fill: '#6e3fa6', ink: '#ffffff', light: '#b79ad8' },
  red: { fill: '#d2352a', ink: '#ffffff', light: '#f0a39c' },
};

/**
 * A mark per sailor colour, so that the colours differ by shape as well. It is drawn on cards only
 * (never beside them), so it cannot be taken for a player's mark, which is drawn on pawns only.
 */
export const COLOUR_SHAPE: Record<Colour, PlayerShape> = { yellow: 'circle', grey: 'square', violet: 'diamond', red: 'triangle' };
