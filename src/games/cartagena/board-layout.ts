/**
 * Where things go on the Cartagena board image, shared by its parts: the header, the tunnel with
 * the start beach and the ship, the last turn's strip, the player rows and Tortuga's open row.
 * All sizes in pixels of the 1200 px image; Discord shows it at about 550 px, so no text is
 * written under 22 px (10 px in the chat).
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { SPACES } from './rules.js';

export type Ctx = CanvasRenderingContext2D;

export const WIDTH = 1200;
export const HEADER_H = 72;
/** Once the game is over the header gets a second line, the result, as wide as the image. */
export const RESULT_H = 64;

// The tunnel: a four-row serpentine of 9 tiles, entered from the beach, left for the ship.
export const COLS = 9;
export const ROWS = SPACES / COLS;
export const TILE_W = 86;
export const TILE_H = 96;
const TILE_GAP = 6;
export const ROW_GAP = 22;
export const BOARD_PAD = 18;
export const BOARD_H = BOARD_PAD * 2 + ROWS * TILE_H + (ROWS - 1) * ROW_GAP;
export const TILES_RIGHT = WIDTH - 50;
export const TILES_LEFT = TILES_RIGHT - (COLS * (TILE_W + TILE_GAP) - TILE_GAP);

/** The start beach (rows 1-2) and the ship (rows 3-4) share the column left of the tunnel. */
const SIDE_X = 20;
const SIDE_W = TILES_LEFT - 36 - SIDE_X;
export const START_BOX = { x: SIDE_X, y: BOARD_PAD, w: SIDE_W, h: 2 * TILE_H + ROW_GAP };
export const SHIP_BOX = { x: SIDE_X, y: BOARD_PAD + 2 * (TILE_H + ROW_GAP), w: SIDE_W, h: 2 * TILE_H + ROW_GAP };
/** Where the ship's deck is, in board-layer coordinates: pirates stand on it. */
export const SHIP_DECK_Y = SHIP_BOX.y + SHIP_BOX.h - 84;

/** Pirates on a tile: three fit side by side, big enough for their shapes to read at chat size. */
export const TILE_PAWN_H = 40;

// Below the board.
export const PANEL_PAD = 12;
export const LAST_TURN_H = 62;
export const PLAYER_ROW_H = 52;
export const OPEN_ROW_H = 100;

export const COLOURS = {
  page: '#0f1f2b',
  header: '#0a1720',
  sea: '#134a5e',
  seaLine: '#1d5d74',
  rock: '#3a2c21',
  rockEdge: '#21170f',
  tileLight: '#f7eed6',
  tileDark: '#e6d3a8',
  tileNumber: '#4a3826',
  sand: '#ebd39a',
  sandEdge: '#b8975a',
  wood: '#7a4a26',
  woodDark: '#4e2d15',
  woodLight: '#a8703f',
  sail: '#f4ecd6',
  text: '#f5efe2',
  textDim: '#b9c6cf',
  rowFill: '#1b3242',
  stripFill: '#163a4c',
  currentFill: '#f8e7b0',
  currentText: '#1c140d',
  gold: '#f2c94c',
  chip: '#1c140d',
  chipDim: '#2a4657',
  ghostLine: '#ffffff',
} as const;

/** Top-left corner of tunnel space 1..36, in board-layer coordinates: rows alternate direction. */
export function spaceOrigin(space: number): { x: number; y: number } {
  const index = space - 1;
  const row = Math.floor(index / COLS);
  const inRow = index % COLS;
  const col = row % 2 === 0 ? inRow : COLS - 1 - inRow;
  return { x: TILES_LEFT + col * (TILE_W + TILE_GAP), y: BOARD_PAD + row * (TILE_H + ROW_GAP) };
}

export function rowCentreY(row: number): number {
  return BOARD_PAD + row * (TILE_H + ROW_GAP) + TILE_H / 2;
}
