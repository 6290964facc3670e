/**
 * Inside the ring: what the game waits for, then in the standard game Black Jack (who hired him,
 * his movement cards left and played) and the harbour, his store of sailor cards; in the beginner
 * game a reminder of what each colour is worth. At the bottom, what the marks of change mean.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import type { Translate } from '../../i18n/index.js';
import {
  OUTLINE,
  PLAYER_HEX,
  drawChip,
  drawPlayerMark,
  drawRoundRect,
  drawText,
  secondary,
  shortName,
  textWidth,
  type BoardPlayer,
} from '../../render/index.js';
import { BLACK_JACK_CARDS, CAPTAIN_CARDS, COLOURS as SAILOR_COLOURS, type MovementCard } from './cards.js';
import { BLACK_JACK, type HalunkenView } from './rules.js';
import { drawChangedRing, drawColourBadge, drawMovementTile, drawSailorCard, type MovementState } from './board-cards.js';
import { anyChange, cardKey, type BoardChanges } from './board-changes.js';
import { CENTRE, COLOURS, SAILOR_STYLE } from './board-layout.js';
import { drawBlackJack, drawGhost } from './board-pieces.js';
import { cutToWidth, wrapText } from './board-text.js';

type Ctx = CanvasRenderingContext2D;

const STATUS_H = 58;
const LEGEND_H = 40;
const BLACK_JACK_BOX = { x: CENTRE.x + 10, y: CENTRE.y + STATUS_H + 4, w: CENTRE.w - 20, h: 100 } as const;
const HARBOUR_Y = BLACK_JACK_BOX.y + BLACK_JACK_BOX.h + 8;
const HARBOUR_BOX = { x: CENTRE.x + 10, y: HARBOUR_Y, w: CENTRE.w - 20, h: CENTRE.y + CENTRE.h - LEGEND_H - 8 - HARBOUR_Y } as const;

/** The centre's fixed parts, drawn into the cached background. */
export function drawCentreFrame(ctx: Ctx, variant: HalunkenView['variant']): void {
  drawRoundRect(ctx, CENTRE.x, CENTRE.y, CENTRE.w, CENTRE.h, 14, { fill: COLOURS.centre, stroke: '#2b3a52', lineWidth: 2 });
  if (variant !== 'standard') return;
  const b = BLACK_JACK_BOX;
  drawRoundRect(ctx, b.x, b.y, b.w, b.h, 10, { fill: '#1d1a22', stroke: '#4a3f2a', lineWidth: 2 });
  const h = HARBOUR_BOX;
  drawRoundRect(ctx, h.x, h.y, h.w, h.h, 10, { fill: COLOURS.harbour, stroke: '#2f5a78', lineWidth: 2 });
  // Gentle waves in the harbour.
  ctx.strokeStyle = 'rgba(120, 180, 220, 0.18)';
  ctx.lineWidth = 2;
  for (let wy = h.y + 18; wy < h.y + h.h; wy += 22) {
    for (let wx = h.x + 10 + ((wy / 22) % 2) * 20; wx < h.x + h.w - 30; wx += 60) {
      ctx.beginPath();
      ctx.moveTo(wx, wy);
      ctx.quadraticCurveTo(wx + 8, wy - 5, wx + 16, wy);
      ctx.quadraticCurveTo(wx + 24, wy + 5, wx + 32, wy);
      ctx.stroke();
    }
  }
}

function boardStatus(view: HalunkenView, players: BoardPlayer[], t: Translate): string {
  // Names as the players have them ("Bot Bram"), cut only when long: the status says whose turn it is.
  const name = (seat: number) => {
    const player = players[seat];
    return player ? shortName(player.name, 16) : `#${seat + 1}`;
  };
  const p = view.phase;
  switch (p.name) {
    case 'placeCaptain':
      return t('halunken.board.status.place', { player: name(p.seat) });
    case 'placeBlackJack':
      return t('halunken.board.status.place-black-jack', { player: name(p.seat) });
    case 'auction': {
      const best = p.bids.at(-1);
      const player = name(p.order[0] as number);
      return best
        ? t('halunken.board.status.auction.offer', {
            player,
            bidder: name(best.seat),
            value: best.card.value,
            colour: t(`halunken.colour.${best.card.colour}`),
          })
        : t('halunken.board.status.auction', { player });
    }
    case 'choose': {
      const waiting = view.waitingFor.length;
      return waiting === 1
        ? t('halunken.board.status.choose.one', { player: name(view.waitingFor[0] as number) })
        : t('halunken.board.status.choose', { count: waiting });
    }
    case 'rum':
      return t(p.piece === BLACK_JACK ? 'halunken.board.status.rum.black-jack' : 'halunken.board.status.rum', { player: name(p.seat) });
    case 'decide': {
      const d = p.decision;
      switch (d.kind) {
        case 'landingSteal':
          return t(d.by === 'blackJack' ? 'halunken.board.status.landing.black-jack' : 'halunken.board.status.landing', {
            player: name(d.seat),
            victim: name(d.victim),
          });
        case 'robbery':
          return t('halunken.board.status.robbery', { player: name(d.seat), victim: name(d.victim) });
        case 'harbour':
          return t('halunken.board.status.harbour', { player: name(d.seat) });
        case 'give':
          return t('halunken.board.status.give', { player: name(d.seat) });
      }
      return '';
    }
    case 'resolve':
      return '';
    case 'over': {
      const over = t(p.reason === 'tooFewPlayers' ? 'halunken.board.too-few' : 'halunken.board.game-over');
      // A long game that ended in its first game has nothing added up.
      return view.games > 1 && view.gameScores.length > 1 ? `${over} · ${t('halunken.board.games-added', { games: view.gameScores.length })}` : over;
    }
  }
}

/** The status in up to two lines across the top of the centre: bold, or where two long names make it long, regular. */
function drawStatus(ctx: Ctx, text: string): void {
  const width = CENTRE.w - 20;
  let weight: 'bold' | 'normal' = 'bold';
  let { lines, size } = wrapText(ctx, text, 24, 22, width, 2, weight);
  if (lines.some((line) => line.endsWith('…') && !text.includes(line))) {
    weight = 'normal';
    ({ lines, size } = wrapText(ctx, text, 22, 22, width, 2, weight));
  }
  const lineH = size + 5;
  const top = CENTRE.y + STATUS_H / 2 + 2 - ((lines.length - 1) * lineH) / 2;
  lines.forEach((line, i) => drawText(ctx, line, CENTRE.x + CENTRE.w / 2, top + i * lineH, { size, weight, colour: COLOURS.gold, align: 'center' }));
}

/**
 * Black Jack: who hired him (a chip in the hirer's colour and shape, with his name as he has it,
 * cut only when it is long), and his whole set of movement cards under it, the played ones struck
 * out, which also tells how many he has left.
 */
function drawBlackJackBox(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], changes: BoardChanges, t: Translate): void {
  const b = BLACK_JACK_BOX;
  drawBlackJack(ctx, b.x + 24, b.y + 44, 40);
  const hirer = view.hirer === null ? null : (players[view.hirer] as BoardPlayer);
  const chipX = b.x + 50;
  const size = 22;
  // The hirer's chip in his colour carries his shape too.
  const icon = hirer ? 24 : 0;
  const room = b.x + b.w - 8 - chipX - 2 * 9 - icon;
  const text = hirer
    ? t('halunken.board.hired', { player: cutToWidth(ctx, hirer.name, size, room - textWidth(ctx, t('halunken.board.hired', { player: '' }), size, 'bold')) })
    : view.phase.name === 'auction' || view.round === 0
      ? t('halunken.board.for-hire')
      : t('halunken.board.not-hired');
  const swatch = hirer ? PLAYER_HEX[hirer.colour] : null;
  const chip = drawChip(ctx, text, chipX, b.y + 22, {
    size,
    fill: swatch?.fill ?? '#3a3340',
    ink: swatch?.ink ?? COLOURS.text,
    border: OUTLINE,
    height: 34,
    paddingX: 9,
    iconWidth: icon,
  });
  if (hirer) drawPlayerMark(ctx, hirer.colour, chip.x + 9 + 10, b.y + 22, 9);
  if (changes.hired && hirer) drawChangedRing(ctx, chip.x, chip.y, chip.width, chip.height, chip.height / 2 - 3);
  // His whole set in order, the played cards struck out (the order of the rest is secret).
  const laid = view.laid.find((l) => l.piece === BLACK_JACK) ?? changes.laid.find((l) => l.piece === BLACK_JACK);
  const set: MovementCard[] = view.twoPlayer ? [...CAPTAIN_CARDS] : [...BLACK_JACK_CARDS];
  const tileW = 30;
  const step = Math.min(44, (b.w - 16 - tileW) / (set.length - 1));
  set.forEach((card, i) => {
    let state: MovementState = view.blackJackCards.includes(card) ? 'fresh' : 'used';
    if (laid && laid.card === card) state = laid.cancelled ? 'cancelled' : 'laid';
    else if (changes.blackJackCard === card) state = 'laid';
    drawMovementTile(ctx, card, b.x + 8 + i * step, b.y + 54, tileW, 38, state);
  });
}

/** The harbour: Black Jack's store of sailor cards, those that came in last marked. */
function drawHarbour(ctx: Ctx, view: HalunkenView, changes: BoardChanges, t: Translate): void {
  const h = HARBOUR_BOX;
  drawText(ctx, t('halunken.board.harbour', { count: view.harbour.length }), h.x + 12, h.y + 16, { size: 22, weight: 'bold', colour: COLOURS.text });
  const cards = [...view.harbour].sort((a, b) => SAILOR_COLOURS.indexOf(a.colour) - SAILOR_COLOURS.indexOf(b.colour) || a.value - b.value);
  if (cards.length === 0) {
    drawText(ctx, t('halunken.board.harbour.empty'), h.x + h.w / 2, h.y + h.h / 2 + 10, {
      size: 22,
      colour: COLOURS.textDim,
      align: 'center',
      maxWidth: h.w - 20,
    });
    return;
  }
  // Cards 44 px high, so that their values are 22 px; two lines, fanned when many.
  const w = 30;
  const ch = 44;
  const perLine = Math.max(11, Math.ceil(cards.length / 2));
  const step = Math.min(33, (h.w - 24 - w) / (perLine - 1));
  const rings: { x: number; y: number }[] = [];
  cards.forEach((card, i) => {
    const x = h.x + 12 + (i % perLine) * step;
    const y = h.y + 32 + Math.floor(i / perLine) * 48;
    drawSailorCard(ctx, card, x, y, w, ch, { x: step < w ? step / 2 + 1 : w / 2, y: ch * 0.4, size: Math.round(ch * 0.5) });
    if (changes.intoHarbour.has(cardKey(card))) rings.push({ x, y });
  });
  for (const r of rings) drawChangedRing(ctx, r.x, r.y, w, ch, 3);
}

/** The beginner game: no Black Jack; what each colour is worth and what counts twice. */
function drawBeginnerHints(ctx: Ctx, t: Translate): void {
  const title = t('halunken.board.beginner');
  const weight = textWidth(ctx, title, 22, 'bold') <= CENTRE.w - 24 ? 'bold' : 'normal';
  drawText(ctx, title, CENTRE.x + CENTRE.w / 2, CENTRE.y + STATUS_H + 22, { size: 22, weight, colour: COLOURS.text, align: 'center', maxWidth: CENTRE.w - 24 });
  // What the colours are worth and what counts twice: reminders of the rules.
  secondary('rule', () => drawValueHints(ctx, t));
}

function drawValueHints(ctx: Ctx, t: Translate): void {
  const colW = (CENTRE.w - 30) / 2;
  SAILOR_COLOURS.forEach((colour, i) => {
    const x = CENTRE.x + 10 + (i % 2) * (colW + 10);
    const y = CENTRE.y + STATUS_H + 48 + Math.floor(i / 2) * 46;
    const style = SAILOR_STYLE[colour];
    drawRoundRect(ctx, x, y, colW, 38, 8, { fill: style.fill, stroke: OUTLINE, lineWidth: 2 });
    drawColourBadge(ctx, colour, x + 8, y + 7, 18, 24);
    drawText(ctx, cutToWidth(ctx, t(`halunken.board.values.${colour}`), 18, colW - 40, 'normal'), x + 32, y + 20, { size: 18, colour: style.ink });
  });
  const { lines, size } = wrapText(ctx, t('halunken.board.doubled-hint'), 18, 16, CENTRE.w - 30, 2, 'normal');
  lines.forEach((line, i) =>
    drawText(ctx, line, CENTRE.x + CENTRE.w / 2, CENTRE.y + STATUS_H + 162 + i * (size + 5), { size, colour: COLOURS.textDim, align: 'center' }),
  );
}

/** What the marks of change mean, when the board shows any. */
function drawLegend(ctx: Ctx, players: BoardPlayer[], t: Translate): void {
  const y = CENTRE.y + CENTRE.h - LEGEND_H / 2 - 4;
  const changed = t('halunken.board.legend.changed');
  const cameFrom = t('halunken.board.legend.came-from');
  const size = 17;
  const sample = 22;
  const width = sample + 8 + textWidth(ctx, changed, size) + 24 + sample + 8 + textWidth(ctx, cameFrom, size);
  let x = CENTRE.x + Math.max(10, (CENTRE.w - width) / 2);
  drawChangedRing(ctx, x + 4, y - 7, sample - 8, 14, 3);
  x += sample + 8;
  x += drawText(ctx, changed, x, y, { size, colour: COLOURS.textDim }) + 24;
  drawGhost(ctx, null, x + sample / 2, y + 13, 28, players);
  x += sample + 8;
  drawText(ctx, cutToWidth(ctx, cameFrom, size, CENTRE.x + CENTRE.w - 10 - x, 'normal'), x, y, { size, colour: COLOURS.textDim });
}

export function drawCentre(ctx: Ctx, view: HalunkenView, players: BoardPlayer[], changes: BoardChanges, t: Translate): void {
  drawStatus(ctx, boardStatus(view, players, t));
  if (view.variant === 'standard') {
    drawBlackJackBox(ctx, view, players, changes, t);
    drawHarbour(ctx, view, changes, t);
  } else drawBeginnerHints(ctx, t);
  if (anyChange(changes)) secondary('legend', () => drawLegend(ctx, players, t));
}
