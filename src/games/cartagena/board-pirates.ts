/**
 * The pirates on the board: on the tunnel's tiles, on the start beach and on the ship, with the
 * last turn's changes marked (a ghost where pirates left, a gold footing where they arrived).
 */
import type { Seat } from '../../engine/index.js';
import {
  OUTLINE,
  PLAYER_HEX,
  drawChip,
  drawPawnShape,
  drawRoundRect,
  pawnWidth,
  shapePath,
  PLAYER_SHAPE,
  type BoardPlayer,
  type PlayerColour,
} from '../../render/index.js';
import type { Changes } from './board-changes.js';
import { SHIP, SPACES, START, type CartagenaView } from './rules.js';
import { PIRATE_MARK, drawPirate } from './board-sprites.js';
import { COLOURS, SHIP_BOX, SHIP_DECK_Y, START_BOX, TILE_H, TILE_PAWN_H, TILE_W, spaceOrigin, type Ctx } from './board-layout.js';

/** `#rrggbb` as `rgba(r, g, b, alpha)`. */
function withAlpha(hex: string, alpha: number): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
}

/** The gold footing under a pirate that arrived during the last turn. */
function drawArrivedFooting(ctx: Ctx, cx: number, baseY: number, height: number): void {
  ctx.beginPath();
  ctx.ellipse(cx, baseY - 1, pawnWidth(height) * 0.72, height * 0.17, 0, 0, Math.PI * 2);
  ctx.fillStyle = COLOURS.gold;
  ctx.fill();
  ctx.strokeStyle = OUTLINE;
  ctx.lineWidth = 2;
  ctx.stroke();
}

/** Where a pirate stood before the last turn: a dashed, see-through outline with its shape. */
function drawGhost(ctx: Ctx, cx: number, baseY: number, height: number, colour: PlayerColour): void {
  ctx.save();
  // Dark dashes read on the light tiles and the beach as well as on the ship's wood.
  ctx.setLineDash([5, 4]);
  drawPawnShape(ctx, cx, baseY, height, { fill: withAlpha(PLAYER_HEX[colour].fill, 0.35), outline: 'rgba(28, 20, 13, 0.75)', lineWidth: 2.5 });
  ctx.setLineDash([]);
  shapePath(ctx, PLAYER_SHAPE[colour], cx, baseY - height * PIRATE_MARK.y, height * PIRATE_MARK.r);
  ctx.fillStyle = withAlpha(PLAYER_HEX[colour].fill, 0.85);
  ctx.fill();
  ctx.restore();
}

/** The "×4" count badge under a group of pawns (how many are aboard is the score); gold-rimmed when the group changed. */
function drawCount(ctx: Ctx, count: number, cx: number, cy: number, changed: boolean): void {
  drawChip(ctx, `×${count}`, cx, cy, {
    size: 22,
    fill: COLOURS.chip,
    ink: '#ffffff',
    border: changed ? COLOURS.gold : '#ffffff',
    borderWidth: changed ? 3 : 2,
    height: 30,
    paddingX: 7,
    align: 'center',
  });
}

/** Frames the tiles the last turn touched: gold where pirates arrived, dashed where they only left. */
function drawChangedTiles(ctx: Ctx, y0: number, changes: Changes): void {
  for (let space = 1; space <= SPACES; space++) {
    const arrived = changes.arrivedAt.has(space);
    if (!arrived && !changes.leftFrom.has(space)) continue;
    const { x, y } = spaceOrigin(space);
    ctx.save();
    if (!arrived) ctx.setLineDash([8, 6]);
    drawRoundRect(ctx, x - 3, y0 + y - 3, TILE_W + 6, TILE_H + 6, 12, { stroke: arrived ? COLOURS.gold : COLOURS.ghostLine, lineWidth: arrived ? 5 : 3 });
    ctx.restore();
  }
}

interface Slot {
  seat: Seat;
  ghost: boolean;
  arrived: boolean;
}

/**
 * Up to three pirates on one tile, side by side along its lower half (never hidden), in seat
 * order; a ghost takes a free place, and the pirates that arrived last turn stand on gold.
 */
function drawTilePirates(ctx: Ctx, y0: number, space: number, occupants: Seat[], players: BoardPlayer[], changes: Changes, view: CartagenaView): void {
  const slots: Slot[] = occupants.map((seat) => ({ seat, ghost: false, arrived: false }));
  for (const seat of new Set(occupants)) {
    // A seat's pirates look alike: the last ones drawn are the ones that arrived.
    let arrived = changes.arrived(seat, space);
    for (let i = slots.length - 1; i >= 0 && arrived > 0; i--) {
      if ((slots[i] as Slot).seat === seat) {
        (slots[i] as Slot).arrived = true;
        arrived--;
      }
    }
  }
  for (let seat = 0; seat < view.seats; seat++) {
    if (view.resigned[seat]) continue;
    for (let n = changes.left(seat, space); n > 0; n--) slots.push({ seat, ghost: true, arrived: false });
  }
  const shown = slots.slice(0, 3);
  const { x, y } = spaceOrigin(space);
  const step = Math.min(pawnWidth(TILE_PAWN_H) + 1, (TILE_W - 2) / 3);
  const first = x + TILE_W / 2 - ((shown.length - 1) * step) / 2;
  const baseY = y0 + y + TILE_H - 4;
  shown.forEach((slot, i) => {
    const colour = (players[slot.seat] as BoardPlayer).colour;
    if (slot.ghost) drawGhost(ctx, first + i * step, baseY, TILE_PAWN_H, colour);
    else {
      if (slot.arrived) drawArrivedFooting(ctx, first + i * step, baseY, TILE_PAWN_H);
      drawPirate(ctx, first + i * step, baseY, TILE_PAWN_H, colour);
    }
  });
}

interface Group {
  colour: PlayerColour;
  count: number;
  arrived: number;
  left: number;
}

/** Each seat's pirates on the start or the ship, with those that left it last turn. */
function groupsAt(view: CartagenaView, players: BoardPlayer[], position: number, changes: Changes): Group[] {
  return view.pirates
    .map((own, seat) => ({
      colour: (players[seat] as BoardPlayer).colour,
      count: own.filter((p) => p === position).length,
      arrived: changes.arrived(seat, position),
      left: view.resigned[seat] ? 0 : changes.left(seat, position),
    }))
    .filter((g) => g.count > 0 || g.left > 0);
}

/**
 * One group on the beach or the deck: a ghost behind the pawn when pirates left, the pawn on gold
 * when pirates arrived, and its count.
 */
function drawGroup(ctx: Ctx, group: Group, cx: number, baseY: number, height: number, countY: number): void {
  if (group.left > 0) drawGhost(ctx, group.count > 0 ? cx - height * 0.32 : cx, baseY, height, group.colour);
  if (group.count === 0) return;
  if (group.arrived > 0) drawArrivedFooting(ctx, cx, baseY, height);
  drawPirate(ctx, cx, baseY, height, group.colour);
  drawCount(ctx, group.count, cx, countY, group.arrived > 0 || group.left > 0);
}

/** Start beach: one pawn per colour with its count, in rows of three. */
function drawStartPirates(ctx: Ctx, y0: number, groups: Group[]): void {
  const { x, y, w } = START_BOX;
  const perRow = 3;
  const cellW = (w - 16) / perRow;
  groups.forEach((group, i) => {
    const row = Math.floor(i / perRow);
    const inRow = Math.min(perRow, groups.length - row * perRow); // a short last row is centred
    const cx = x + w / 2 + ((i % perRow) - (inRow - 1) / 2) * cellW;
    const baseY = y0 + y + 102 + row * 84;
    drawGroup(ctx, group, cx, baseY, 50, baseY + 12);
  });
}

/** Ship: pirates stand on the deck, their counts painted on the hull below them. */
function drawShipPirates(ctx: Ctx, y0: number, groups: Group[]): void {
  const { x, w } = SHIP_BOX;
  const deckY = y0 + SHIP_DECK_Y;
  const step = 50;
  const first = x + w / 2 - 12 - ((groups.length - 1) * step) / 2;
  groups.forEach((group, i) => drawGroup(ctx, group, first + i * step, deckY + 2, 44, deckY + 26));
}

/** Every pirate of the view, the board's top at y0. */
export function drawPirates(ctx: Ctx, y0: number, view: CartagenaView, players: BoardPlayer[], changes: Changes): void {
  drawChangedTiles(ctx, y0, changes);
  const onSpace = new Map<number, Seat[]>();
  view.pirates.forEach((own, seat) => {
    for (const position of own) {
      if (position === START || position === SHIP) continue;
      const list = onSpace.get(position) ?? [];
      list.push(seat);
      onSpace.set(position, list);
    }
  });
  // Spaces left empty still show their ghosts.
  for (const space of changes.leftFrom) if (space !== START && space !== SHIP && !onSpace.has(space)) onSpace.set(space, []);
  for (const [space, seats] of onSpace) drawTilePirates(ctx, y0, space, seats, players, changes, view);
  drawStartPirates(ctx, y0, groupsAt(view, players, START, changes));
  drawShipPirates(ctx, y0, groupsAt(view, players, SHIP, changes));
}
