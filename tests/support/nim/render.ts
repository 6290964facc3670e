/** Nim's board: the pile of stones and each player's hidden cards, drawn with the shared helpers. */
import type { MessageParams } from '../../../src/i18n/index.js';
import { drawPlayerMark, drawRoundRect, drawText, encodePng, newBoardCanvas, PLAYER_HEX, type BoardPlayer } from '../../../src/render/index.js';
import type { NimView } from './rules.js';
import type { NimTextKey } from './texts.en.js';

const WIDTH = 1000;
const HEIGHT = 560;
const STONES_PER_ROW = 10;

export async function renderNimBoard(view: NimView, players: BoardPlayer[], say: (k: NimTextKey, params?: MessageParams) => string): Promise<Buffer> {
  const canvas = newBoardCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#efe4cf';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  drawText(ctx, say('nim.board.pile', { pile: view.pile }), 40, 50, { size: 34, weight: 'bold', colour: '#2b1d0e' });
  for (let stone = 0; stone < view.pile; stone++) {
    const x = 80 + (stone % STONES_PER_ROW) * 56;
    const y = 120 + Math.floor(stone / STONES_PER_ROW) * 56;
    ctx.beginPath();
    ctx.arc(x, y, 22, 0, Math.PI * 2);
    ctx.fillStyle = '#8a8a8a';
    ctx.fill();
  }
  players.forEach((player, seat) => {
    const y = 330 + seat * 70;
    const swatch = PLAYER_HEX[player.colour];
    drawRoundRect(ctx, 40, y - 28, 920, 56, 12, { fill: seat === view.current && !view.over ? swatch.light : '#f8f3ea', stroke: swatch.dark });
    ctx.beginPath();
    ctx.arc(76, y, 18, 0, Math.PI * 2);
    ctx.fillStyle = swatch.fill;
    ctx.fill();
    drawPlayerMark(ctx, player.colour, 76, y, 9);
    drawText(ctx, player.name, 110, y, { size: 26, colour: '#2b1d0e', maxWidth: 560 });
    drawText(ctx, say('nim.board.cards', { cards: view.handSizes[seat] ?? 0 }), 930, y, { size: 24, colour: '#2b1d0e', align: 'right' });
  });
  return encodePng(canvas);
}
