/**
 * What the last turn changed, as the board marks it: the field whose card was played (framed in
 * white), the ship just boarded (a white ring), where the Flying Dutchman sailed (his faint ghost
 * on that field, the row or column of his card lit), the tokens just resolved (a faint ghost with
 * a dashed ring where they lay, the taker's badge on a captured ship), and on the players' cards
 * the treasure won or paid and the ships taken. Read from the view's public `turnEvents` only. The
 * earlier turns of the round a post covers are marked the same way in their player's colour, the
 * last one in white over them.
 */
import { OUTLINE, drawRoundRect, secondary, type BoardPlayer } from '../../render/index.js';
import { COLOURS, FIELD, LABEL, SEA_X, SEA_Y, TOKEN_R, drawLabel, fieldCentre, pointCentre, type Ctx } from './board-layout.js';
import { drawBadge, drawCoin, drawDutchman, tokenImage } from './board-pieces.js';
import { COLUMNS, ROWS, fieldIndex, type FreibeuterView, type Line, type ShipValue, type Token } from './rules.js';

export interface ResolvedToken {
  point: number;
  token: Token;
  /** Who took a captured ship. */
  taker: number | null;
}

export interface TurnChanges {
  /** Fields whose sea card was played: a boat put there, or 2 treasure taken. */
  played: number[];
  /** Fields played for treasure instead of a boat. */
  treasureFields: number[];
  /** Points whose ship was just boarded. */
  boarded: number[];
  dutchman: { field: number; line: Line } | null;
  resolved: ResolvedToken[];
  /** Treasure won (+) or paid (−) this turn, per seat. */
  treasure: number[];
  /** Ships taken this turn, per seat. */
  ships: ShipValue[][];
  /** Loans taken this turn, per seat. */
  loans: number[];
}

export function changesOf(view: FreibeuterView): TurnChanges {
  const changes: TurnChanges = {
    played: [],
    treasureFields: [],
    boarded: [],
    dutchman: null,
    resolved: [],
    treasure: new Array<number>(view.seats).fill(0),
    ships: Array.from({ length: view.seats }, () => []),
    loans: new Array<number>(view.seats).fill(0),
  };
  const gain = (seat: number, amount: number) => {
    changes.treasure[seat] = (changes.treasure[seat] ?? 0) + amount;
  };
  for (const e of view.turnEvents) {
    switch (e.type) {
      case 'placed':
        changes.played.push(fieldIndex(e.field));
        break;
      case 'tookTreasure':
        changes.played.push(fieldIndex(e.field));
        changes.treasureFields.push(fieldIndex(e.field));
        gain(e.seat, e.amount);
        break;
      case 'boarded':
        changes.boarded.push(e.point);
        break;
      case 'dutchmanPlaced':
        changes.dutchman = { field: fieldIndex(e.field), line: e.line };
        break;
      case 'escaped':
        changes.resolved.push({ point: e.point, token: { kind: 'ship', value: e.value }, taker: null });
        break;
      case 'captured':
        changes.resolved.push({ point: e.point, token: { kind: 'ship', value: e.value }, taker: e.seat });
        changes.ships[e.seat]?.push(e.value);
        gain(e.seat, -e.total);
        for (const p of e.payments) gain(p.seat, p.amount);
        break;
      case 'credit':
        // The borrowed treasure went straight into the payment.
        gain(e.seat, e.amount);
        changes.loans[e.seat] = (changes.loans[e.seat] ?? 0) + e.amount;
        break;
      case 'pirateTreasure':
        changes.resolved.push({ point: e.point, token: { kind: 'pirate' }, taker: null });
        for (const share of e.shares) gain(share.seat, share.amount);
        break;
      case 'doubleTaken':
        changes.resolved.push({ point: e.point, token: { kind: 'double', value: e.value }, taker: null });
        break;
      default:
        break;
    }
  }
  return changes;
}

/**
 * What the player cards show of a whole round: the treasure, ships and loans of every turn in it
 * (the earlier turns' first), added up per seat.
 */
export function roundCardChanges(turns: readonly TurnChanges[]): TurnChanges {
  const last = turns[turns.length - 1] as TurnChanges;
  const sum = (pick: (c: TurnChanges) => number[]) => last.treasure.map((_, seat) => turns.reduce((total, c) => total + (pick(c)[seat] ?? 0), 0));
  return {
    ...last,
    treasure: sum((c) => c.treasure),
    loans: sum((c) => c.loans),
    ships: last.ships.map((_, seat) => turns.flatMap((c) => c.ships[seat] ?? [])),
  };
}

/**
 * The fields just played: lit under the boats, framed in white over them (and under the tokens,
 * which lie on the fields' corners); the Dutchman's row or column lit too.
 */
export function drawPlayedFields(ctx: Ctx, changes: TurnChanges, layer: 'under' | 'over', colour: string = COLOURS.changed): void {
  const fields = changes.dutchman === null ? changes.played : [...changes.played, changes.dutchman.field];
  for (const field of fields) frameField(ctx, field, layer, colour);
  const dutchman = changes.dutchman;
  if (dutchman === null || layer === 'under') return;
  const column = (COLUMNS as readonly string[]).indexOf(dutchman.line);
  const row = (ROWS as readonly string[]).indexOf(dutchman.line);
  const label = (x: number, y: number) => {
    drawRoundRect(ctx, x - 17, y - 17, 34, 34, 8, { fill: COLOURS.changed, stroke: OUTLINE, lineWidth: 2 });
    drawLabel(ctx, dutchman.line, x, y + 1, { size: 26, colour: COLOURS.ink, align: 'center' });
  };
  if (column >= 0) label(SEA_X + column * FIELD + FIELD / 2, SEA_Y - LABEL / 2 - 4);
  if (row >= 0) label(SEA_X - LABEL / 2 - 4, SEA_Y + row * FIELD + FIELD / 2);
}

function frameField(ctx: Ctx, field: number, layer: 'under' | 'over', colour: string): void {
  const { x, y } = fieldCentre(field);
  const half = FIELD / 2 - 4;
  if (layer === 'under') {
    ctx.fillStyle = 'rgba(255, 255, 255, 0.2)';
    ctx.fillRect(x - half, y - half, 2 * half, 2 * half);
    return;
  }
  ctx.lineWidth = 7;
  ctx.strokeStyle = OUTLINE;
  ctx.strokeRect(x - half, y - half, 2 * half, 2 * half);
  ctx.lineWidth = 4;
  ctx.strokeStyle = colour;
  ctx.strokeRect(x - half, y - half, 2 * half, 2 * half);
}

/** Under the tokens, so that it crosses no number or value: the ring of the ship just boarded. */
export function drawBoardedRings(ctx: Ctx, changes: TurnChanges, colour: string = COLOURS.changed): void {
  for (const point of changes.boarded) {
    const { x, y } = pointCentre(point);
    ring(ctx, x, y, TOKEN_R + 11, null, colour);
  }
}

/** Over the boats and tokens: the ghosts of what left the sea, the treasure taken. */
export function drawSeaChanges(ctx: Ctx, view: FreibeuterView, players: BoardPlayer[], changes: TurnChanges, colour: string = COLOURS.changed): void {
  for (const { point, token, taker } of changes.resolved) {
    const { x, y } = pointCentre(point);
    const image = tokenImage(token, null, false);
    ctx.save();
    ctx.globalAlpha = 0.4;
    ctx.drawImage(image, Math.round(x - image.width / 2), Math.round(y - image.height / 2));
    ctx.restore();
    ring(ctx, x, y, TOKEN_R + 6, [7, 5], colour);
    if (taker !== null) {
      const player = players[taker];
      if (player) drawBadge(ctx, player.colour, x + TOKEN_R * 0.72, y - TOKEN_R * 0.72, 15);
    }
  }
  for (const field of changes.treasureFields) {
    const { x, y } = fieldCentre(field);
    // On the field's top edge, between two tokens: the field's corners belong to the tokens' numbers and marks.
    const cx = x;
    const cy = y - FIELD / 2 + 2;
    drawCoin(ctx, cx, cy, 16);
    secondary('history', () => drawLabel(ctx, '+2', cx, cy + 1, { size: 18, colour: COLOURS.ink, align: 'center' }));
  }
  // The Dutchman has left again by the end of his move: his ghost shows where he sailed.
  if (changes.dutchman !== null && view.dutchman === null) {
    const { x, y } = fieldCentre(changes.dutchman.field);
    ctx.save();
    ctx.globalAlpha = 0.5;
    drawDutchman(ctx, x, y, 66);
    ctx.restore();
  }
}

/** A white ring with a dark edge, solid or dashed. */
function ring(ctx: Ctx, x: number, y: number, r: number, dash: number[] | null, colour: string): void {
  ctx.save();
  if (dash) ctx.setLineDash(dash);
  ctx.beginPath();
  // An earlier turn's ring, in its player's colour, is broader: told apart from the rim the ship's boarders give it.
  const broad = colour !== COLOURS.changed;
  ctx.arc(x, y, broad ? r + 3 : r, 0, Math.PI * 2);
  ctx.lineWidth = broad ? 12 : 7;
  ctx.strokeStyle = OUTLINE;
  ctx.stroke();
  ctx.lineWidth = broad ? 8 : 4;
  ctx.strokeStyle = colour;
  ctx.stroke();
  ctx.restore();
}
