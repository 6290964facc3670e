/**
 * The sea: the 7 x 7 fields with their coordinates (rows A-G down the side, columns 1-7 along the
 * top, as the panels and posts name the fields), drawn once as a layer; then the boats on the
 * fields (a border field holds one, an inner field two), the tokens on the grid points between
 * them (every ship with the number the panel names it by) and the Flying Dutchman while he is on
 * the sea.
 */
import { LayerCache, OUTLINE, drawRoundRect, drawText, type BoardPlayer } from '../../render/index.js';
import {
  COLOURS,
  FIELD,
  HEADER_H,
  HEIGHT,
  LABEL,
  SEA_SIZE,
  SEA_X,
  SEA_Y,
  TOKEN_R,
  WIDTH,
  boatPlaces,
  fieldCentre,
  pointCentre,
  type Ctx,
} from './board-layout.js';
import { drawBoat, drawDutchman, drawToken } from './board-pieces.js';
import { tokenLabel } from './labels.js';
import { COLUMNS, POINT_SIZE, ROWS, SIZE, fieldIndex, isBorderField, type FreibeuterView } from './rules.js';

const staticLayers = new LayerCache(2);

/** The page, the header band and the empty sea: the same for every game and language. */
export function drawStaticLayer(ctx: Ctx): void {
  ctx.drawImage(staticLayers.get('freibeuter:sea', WIDTH, HEIGHT, drawEmptySea), 0, 0);
}

function drawEmptySea(ctx: Ctx): void {
  ctx.fillStyle = COLOURS.page;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = COLOURS.header;
  ctx.fillRect(0, 0, WIDTH, HEADER_H);
  drawRoundRect(ctx, SEA_X - 8, SEA_Y - 8, SEA_SIZE + 16, SEA_SIZE + 16, 10, { fill: COLOURS.seaFrame });
  for (let field = 0; field < SIZE * SIZE; field++) {
    const row = Math.floor(field / SIZE);
    const col = field % SIZE;
    const x = SEA_X + col * FIELD;
    const y = SEA_Y + row * FIELD;
    ctx.fillStyle = isBorderField(field) ? COLOURS.waterBorder : COLOURS.water;
    ctx.fillRect(x, y, FIELD, FIELD);
    // Two small waves per field, away from the corners where tokens lie.
    ctx.strokeStyle = COLOURS.wave;
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    for (const [wx, wy] of [
      [x + FIELD * 0.3, y + FIELD * 0.16],
      [x + FIELD * 0.52, y + FIELD * 0.88],
    ] as const) {
      ctx.beginPath();
      ctx.moveTo(wx - 12, wy);
      ctx.quadraticCurveTo(wx - 6, wy - 5, wx, wy);
      ctx.quadraticCurveTo(wx + 6, wy + 5, wx + 12, wy);
      ctx.stroke();
    }
  }
  // Grid lines, and a bolder line between the border ring (one boat) and the inner fields (two).
  ctx.strokeStyle = COLOURS.waterLine;
  ctx.lineWidth = 2;
  for (let k = 0; k <= SIZE; k++) {
    ctx.beginPath();
    ctx.moveTo(SEA_X + k * FIELD, SEA_Y);
    ctx.lineTo(SEA_X + k * FIELD, SEA_Y + SEA_SIZE);
    ctx.moveTo(SEA_X, SEA_Y + k * FIELD);
    ctx.lineTo(SEA_X + SEA_SIZE, SEA_Y + k * FIELD);
    ctx.stroke();
  }
  ctx.strokeStyle = 'rgba(200, 235, 255, 0.35)';
  ctx.setLineDash([10, 8]);
  ctx.lineWidth = 2;
  ctx.strokeRect(SEA_X + FIELD, SEA_Y + FIELD, SEA_SIZE - 2 * FIELD, SEA_SIZE - 2 * FIELD);
  ctx.setLineDash([]);
  ctx.lineWidth = 3;
  ctx.strokeStyle = OUTLINE;
  ctx.strokeRect(SEA_X, SEA_Y, SEA_SIZE, SEA_SIZE);
  // Empty grid points (the tokens cover those still in play).
  ctx.fillStyle = COLOURS.point;
  for (let point = 0; point < POINT_SIZE * POINT_SIZE; point++) {
    const { x, y } = pointCentre(point);
    ctx.beginPath();
    ctx.arc(x, y, 6, 0, Math.PI * 2);
    ctx.fill();
  }
  // Coordinates: columns 1-7 above, rows A-G on the left.
  COLUMNS.forEach((column, col) => {
    drawText(ctx, column, SEA_X + col * FIELD + FIELD / 2, SEA_Y - LABEL / 2 - 4, { size: 26, weight: 'bold', colour: COLOURS.label, align: 'center' });
  });
  ROWS.forEach((row, r) => {
    drawText(ctx, row, SEA_X - LABEL / 2 - 4, SEA_Y + r * FIELD + FIELD / 2, { size: 26, weight: 'bold', colour: COLOURS.label, align: 'center' });
  });
}

/** The boats on the fields in their owners' colours and shapes; the Dutchman while he sails. */
export function drawBoats(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[]): void {
  const colour = (seat: number) => (players[seat] as BoardPlayer).colour;
  view.fields.forEach((field, index) => {
    if (field.boats.length === 0) return;
    const seats = field.boats.slice(0, 2);
    boatPlaces(index, seats.length).forEach((place, k) => drawBoat(ctx, colour(seats[k] as number), place.x, place.y, place.w));
  });
  if (view.dutchman !== null) {
    const { x, y } = fieldCentre(fieldIndex(view.dutchman));
    drawDutchman(ctx, x, y, 70);
  }
}

/**
 * The tokens still on the sea, each ship with its number; those waiting for the order of
 * resolution get a gold dashed ring, drawn first so that no ring crosses a number or a value.
 */
export function drawTokens(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[]): void {
  for (const point of view.pending) {
    const { x, y } = pointCentre(point);
    ctx.save();
    ctx.setLineDash([10, 7]);
    ctx.beginPath();
    ctx.arc(x, y, TOKEN_R + 11, 0, Math.PI * 2);
    ctx.lineWidth = 8;
    ctx.strokeStyle = OUTLINE;
    ctx.stroke();
    ctx.lineWidth = 5;
    ctx.strokeStyle = COLOURS.gold;
    ctx.stroke();
    ctx.restore();
  }
  for (const token of view.tokens) {
    if (token.token === null) continue;
    const { x, y } = pointCentre(token.point);
    const boarder = token.boardedBy === null ? null : (players[token.boardedBy] as BoardPlayer).colour;
    const doubled = token.token.kind === 'ship' && view.doubles.includes(token.token.value);
    drawToken(ctx, token.token, boarder, doubled, token.token.kind === 'ship' ? tokenLabel(token.point) : null, x, y);
  }
}
