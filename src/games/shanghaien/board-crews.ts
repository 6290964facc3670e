/**
 * The crews: a row per player, a column per nationality (below the card columns of the row) and
 * one for the dirty tricks. During play each cell holds the crew's sum and its cards, the stronger
 * crew of a nationality framed in gold; in the final scoring each cell adds the points it scored,
 * and a last column the totals. Cards the last turn brought are ringed.
 */
import type { Translate } from '../../i18n/index.js';
import { LayerCache, OUTLINE, PLAYER_HEX, drawChip, drawRoundRect, drawText, secondary, type BoardPlayer } from '../../render/index.js';
import { MINI_H, MINI_TRICK_H, MINI_TRICK_W, MINI_W, drawMiniCard, drawMiniTrick, miniSpots } from './board-cards.js';
import { freshFlags, type TurnChanges } from './board-changes.js';
import { winnersOf } from './board-header.js';
import { drawFlag, drawFreshRing, drawPlayerToken } from './board-symbols.js';
import { COLOURS, NATION_STYLE, ROW_LEFT, SIDE_W, SIDE_X, WIDTH, drawName, fittedText, type Ctx } from './board-theme.js';
import { NATIONS, crewSum, type Crew, type FinalScoring, type Joker, type Nation, type SailorCard, type ShanghaienView, type TrickCard } from './rules.js';

const HEAD_H = 58;
const TOP_PAD = 6;

interface Grid {
  final: boolean;
  nationW: number;
  tricksW: number;
  /** The totals column, in the final scoring only. */
  totalW: number;
  rowH: number;
}

// A row holds a nation's sum and two lines of three cards at 22 px (more cards: four a line, narrower).
const PLAY: Grid = { final: false, nationW: 100, tricksW: 126, totalW: 0, rowH: 110 };
// The final scoring gives the tricks and totals columns room for their titles at 22 px, and its cells the points they scored below the cards.
const FINAL: Grid = { final: true, nationW: 94, tricksW: 84, totalW: 90, rowH: 144 };

const nationX = (grid: Grid, i: number) => ROW_LEFT + i * grid.nationW;
const tricksX = (grid: Grid) => nationX(grid, NATIONS.length);
const totalX = (grid: Grid) => tricksX(grid) + grid.tricksW;
const rightEdge = (grid: Grid) => totalX(grid) + grid.totalW;

export function crewsHeight(final: boolean): number {
  const grid = final ? FINAL : PLAY;
  return TOP_PAD + HEAD_H + 2 * grid.rowH + 4;
}

// ---------------------------------------------------------------------------------------------
// Column heads: flags and names, the same all game, drawn once per language

const heads = new LayerCache(4);

/**
 * The columns' heads: each nationality by its flag, drawn large on its colour. Their names
 * ("Nederlanders") do not fit a column at a size that reads in the chat (they were 15 px); the
 * flags are the nations of the cards in the row, which name them in words.
 */
function drawHead(ctx: Ctx, grid: Grid, t: Translate): void {
  NATIONS.forEach((nation, i) => {
    const x = nationX(grid, i);
    const style = NATION_STYLE[nation];
    drawRoundRect(ctx, x + 2, 0, grid.nationW - 4, HEAD_H - 4, 8, { fill: style.fill, stroke: OUTLINE, lineWidth: 2 });
    drawFlag(ctx, nation, x + grid.nationW / 2 - 33, 4, 66, 42);
  });
  const box = (x: number, w: number, label: string) => {
    drawRoundRect(ctx, x + 2, 0, w - 4, HEAD_H - 4, 8, { fill: COLOURS.trick, stroke: COLOURS.gold, lineWidth: 2 });
    fittedText(ctx, label, x + w / 2, HEAD_H / 2 - 1, { size: 22, weight: 'bold', colour: COLOURS.gold, align: 'center', maxWidth: w - 8 });
  };
  box(tricksX(grid), grid.tricksW, t('shanghaien.board.tricks'));
  if (grid.final) {
    box(totalX(grid), grid.totalW, t('shanghaien.board.total'));
    // A legend in the side column: a cell's sum, and the points it scored.
    const sumW = drawText(ctx, t('shanghaien.board.sum'), SIDE_X + 10, HEAD_H / 2 - 1, { size: 22, weight: 'bold', colour: COLOURS.text });
    drawChip(ctx, t('shanghaien.board.points'), SIDE_X + 10 + sumW + 10, HEAD_H / 2 - 1, {
      size: 22,
      fill: COLOURS.gold,
      ink: COLOURS.currentInk,
      paddingX: 9,
    });
  }
}

// ---------------------------------------------------------------------------------------------

export function drawCrews(
  ctx: Ctx,
  view: ShanghaienView,
  players: BoardPlayer[],
  changes: TurnChanges,
  y0: number,
  t: Translate,
  scoring: FinalScoring | null,
): void {
  const grid = scoring ? FINAL : PLAY;
  const head = heads.get(`shanghaien:crew-head:${grid.final}:${t('shanghaien.board.tricks')}:${t('shanghaien.board.sum')}`, WIDTH, HEAD_H, (layer) =>
    drawHead(layer, grid, t),
  );
  ctx.drawImage(head, 0, y0 + TOP_PAD);
  const top = y0 + TOP_PAD + HEAD_H;
  const crews = view.crews as [Crew, Crew];
  const winners = scoring ? winnersOf(view) : [];
  for (let seat = 0; seat < 2; seat++) {
    const y = top + seat * grid.rowH;
    drawCrewRow(ctx, grid, crews[seat] as Crew, crews[1 - seat] as Crew, players[seat] as BoardPlayer, seat, y, changes, t, scoring, winners);
  }
}

function drawCrewRow(
  ctx: Ctx,
  grid: Grid,
  crew: Crew,
  other: Crew,
  player: BoardPlayer,
  seat: number,
  y: number,
  changes: TurnChanges,
  t: Translate,
  scoring: FinalScoring | null,
  winners: number[],
): void {
  const h = grid.rowH;
  drawRoundRect(ctx, SIDE_X, y + 3, rightEdge(grid) - SIDE_X, h - 6, 10, { fill: seat === 0 ? COLOURS.cell : COLOURS.cellAlt });
  drawRoundRect(ctx, SIDE_X, y + 3, 10, h - 6, 4, { fill: PLAYER_HEX[player.colour].fill });
  drawPlayerToken(ctx, player.colour, SIDE_X + 30, y + h / 2, 28);
  drawName(ctx, player.name, SIDE_X + 50, y + h / 2, { size: 22, colour: COLOURS.text, maxWidth: SIDE_W - 54 });

  const received = changes.received[seat] as TurnChanges['received'][number];
  const freshSailors = freshFlags<SailorCard>(
    crew.sailors,
    received.cards.filter((c): c is SailorCard => c.kind === 'sailor'),
    (a, b) => a.nation === b.nation && a.value === b.value,
  );
  const freshJokers = freshFlags<Joker>(crew.jokers, received.jokers, (a, b) => a.nation === b.nation);
  const freshTricks = freshFlags<TrickCard>(
    crew.tricks,
    received.cards.filter((c): c is TrickCard => c.kind === 'trick'),
    (a, b) => a.effect === b.effect,
  );

  NATIONS.forEach((nation, i) => {
    const minis = [
      ...crew.sailors.flatMap((c, k) =>
        c.nation === nation ? [{ text: String(c.value), value: c.value, joker: false, fresh: freshSailors[k] as boolean }] : [],
      ),
      ...crew.jokers.flatMap((j, k) =>
        j.nation === nation ? [{ text: t('shanghaien.board.joker'), value: 2, joker: true, fresh: freshJokers[k] as boolean }] : [],
      ),
    ];
    const points = scoring ? (scoring.nations.find((n) => n.nation === nation)?.points[seat] ?? 0) : null;
    drawNationCell(ctx, grid, nation, nationX(grid, i), y, crewSum(crew, nation), crewSum(other, nation), minis, points);
  });

  // Dirty tricks not played (worth a point each at the end).
  const x = tricksX(grid);
  const cx = x + grid.tricksW / 2;
  const tricks = crew.tricks;
  if (tricks.length === 0) drawText(ctx, '–', cx, y + h / 2, { size: 24, colour: '#5f5246', align: 'center' });
  else {
    drawText(ctx, String(tricks.length), cx, y + 24, { size: 28, weight: 'bold', colour: COLOURS.gold, align: 'center' });
    if (!grid.final) {
      for (const spot of miniSpots(tricks.length, cx, y + 42, grid.tricksW - 12, MINI_TRICK_W, MINI_TRICK_H, 4, MINI_TRICK_W)) {
        drawMiniTrick(ctx, (tricks[spot.k] as TrickCard).effect, spot.x, spot.y, spot.w, spot.h);
        if (freshTricks[spot.k]) drawFreshRing(ctx, spot.x, spot.y, spot.w, spot.h, 4, 3);
      }
    }
  }
  if (scoring) {
    drawPoints(ctx, cx, y + h - 20, scoring.tricks[seat] as number, tricks.length > 0);
    const total = scoring.totals[seat] as number;
    const winner = winners.includes(seat);
    drawChip(ctx, String(total), totalX(grid) + grid.totalW / 2, y + h / 2, {
      size: 30,
      paddingX: 10,
      fill: winner ? COLOURS.gold : '#3a2e24',
      ink: winner ? COLOURS.currentInk : COLOURS.text,
      ...(winner ? { border: COLOURS.fresh } : {}),
      align: 'center',
    });
  }
}

interface Mini {
  text: string;
  joker: boolean;
  value: number;
  fresh: boolean;
}

function drawNationCell(ctx: Ctx, grid: Grid, nation: Nation, x: number, y: number, sum: number, otherSum: number, minis: Mini[], points: number | null): void {
  const w = grid.nationW;
  const h = grid.rowH;
  const cx = x + w / 2;
  if (sum === 0) {
    drawText(ctx, '–', cx, y + h / 2, { size: 24, colour: '#5f5246', align: 'center' });
    return;
  }
  // The stronger crew of the nation gets a gold frame.
  if (sum > otherSum) drawRoundRect(ctx, x + 5, y + 6, w - 10, h - 12, 8, { fill: COLOURS.win, stroke: COLOURS.gold, lineWidth: 3 });
  drawText(ctx, String(sum), cx, y + 26, { size: 30, weight: 'bold', colour: COLOURS.text, align: 'center' });
  // What the last turn added to the sum (the final scoring's narrower cells only ring the cards).
  const gained = minis.filter((m) => m.fresh).reduce((a, m) => a + m.value, 0);
  if (gained > 0 && !grid.final)
    secondary('history', () => drawText(ctx, `+${gained}`, x + w - 8, y + 22, { size: 17, weight: 'bold', colour: COLOURS.fresh, align: 'right' }));
  const style = NATION_STYLE[nation];
  for (const spot of miniSpots(minis.length, cx, y + 44, w - 12, MINI_W, MINI_H, minis.length > 6 ? 4 : 3, 18)) {
    const m = minis[spot.k] as Mini;
    if (m.joker) drawMiniCard(ctx, spot.x, spot.y, spot.w, spot.h, COLOURS.trick, COLOURS.gold, m.text, COLOURS.gold);
    else drawMiniCard(ctx, spot.x, spot.y, spot.w, spot.h, style.fill, style.ink, m.text);
    if (m.fresh) drawFreshRing(ctx, spot.x, spot.y, spot.w, spot.h, 4, 3);
  }
  if (points !== null) drawPoints(ctx, cx, y + h - 20, points, true);
}

/** The points a cell scored in the final scoring: a gold chip, or a grey 0. */
function drawPoints(ctx: Ctx, cx: number, cy: number, points: number, shown: boolean): void {
  if (points > 0) drawChip(ctx, `+${points}`, cx, cy, { size: 22, height: 30, fill: COLOURS.gold, ink: COLOURS.currentInk, align: 'center' });
  else if (shown) drawText(ctx, '0', cx, cy, { size: 22, weight: 'bold', colour: COLOURS.none, align: 'center' });
}
