/**
 * A player's crew in his panel: four columns, one per sailor colour, each with the colour's sum on
 * top (the colour that counts twice framed, ×2) and its cards below, three to a line, their values
 * at one size per column that fits its widest value on a card. Cards that
 * came in with the last move are ringed in white; cards that left it are shown faded where they
 * were. A colour with more lines than its column holds lays them over each other, every card
 * showing its value on the strip the card below leaves in sight: values never overlap.
 */
import type { CanvasRenderingContext2D } from 'canvas';
import { drawChip, drawRoundRect, drawText, IMPORTANT_PX, SECONDARY_PX, secondary } from '../../render/index.js';
import { COLOURS as SAILOR_COLOURS, type SailorCard } from './cards.js';
import type { HalunkenView } from './rules.js';
import { cardLines, drawChangedRing, drawColourBadge, drawLostCard, drawSailorCard, valueSize } from './board-cards.js';
import { cardKey, type BoardChanges } from './board-changes.js';
import { COLOURS } from './board-layout.js';

type Ctx = CanvasRenderingContext2D;

/** Where the crew starts in a panel: the sums, then the cards. */
const CREW_Y = 79;
const CREW_CARDS_Y = 106;
/**
 * Crew cards: smaller in the panels of four players, larger in taller ones, their values 22 px or
 * more. They carry no colour mark: each column holds one colour, under its badge with the mark.
 */
const SMALL_CARD = { w: 31, h: 38, line: 41 } as const;
const LARGE_CARD = { w: 32, h: 44, line: 48 } as const;
const CARD_GAP = 3;

/** The crew of `seat` in the lower part of his panel `box`. */
export function drawCrew(ctx: Ctx, view: HalunkenView, seat: number, box: { x: number; y: number; w: number; h: number }, changes: BoardChanges): void {
  const crew = view.crews[seat] ?? [];
  const score = view.scores[seat] ?? null;
  const gained = changes.gained.get(seat) ?? new Set<string>();
  const lost = changes.lost.get(seat) ?? [];
  // The best offer of a running auction, ringed in gold: the card this player would pay.
  const bids = view.phase.name === 'auction' ? view.phase.bids : [];
  const offer = bids.at(-1)?.seat === seat ? cardKey((bids.at(-1) as { card: SailorCard }).card) : null;
  const colGap = 6;
  const left = box.x + 17;
  const colW = (box.x + box.w - 10 - left - 3 * colGap) / 4;
  const areaH = box.h - CREW_CARDS_Y - 6;
  const card = areaH >= 2 * LARGE_CARD.line ? LARGE_CARD : SMALL_CARD;
  // As many cards side by side as fit without overlapping, at least 2 px apart.
  const perLine = Math.floor((colW - 4 - card.w) / (card.w + 2)) + 1;
  const stepX = Math.min(card.w + CARD_GAP, (colW - 4 - card.w) / Math.max(1, perLine - 1));
  const rings: { x: number; y: number; h: number; colour: string }[] = [];
  SAILOR_COLOURS.forEach((colour, i) => {
    const x = left + i * (colW + colGap);
    const cards = crew.filter((c) => c.colour === colour).sort((a, b) => a.value - b.value);
    const gone = lost.filter((c) => c.colour === colour).sort((a, b) => a.value - b.value);
    const doubled = score?.doubled === colour;
    if (doubled)
      drawRoundRect(ctx, x - 3, box.y + CREW_Y - 3, colW + 6, box.h - CREW_Y - 2, 8, {
        fill: 'rgba(242, 201, 76, 0.12)',
        stroke: COLOURS.gold,
        lineWidth: 2.5,
      });
    const cy = box.y + CREW_Y + 12;
    drawColourBadge(ctx, colour, x + 3, cy - 12, 17, 24);
    const sum = cards.reduce((a, c) => a + c.value, 0);
    const sumWidth = drawText(ctx, cards.length === 0 ? '–' : String(sum), x + 25, cy + 1, {
      size: 22,
      weight: 'bold',
      colour: cards.length === 0 ? '#5a6478' : COLOURS.text,
    });
    // "×2" explains the gold frame around the colour that counts twice.
    if (doubled)
      secondary('legend', () => drawChip(ctx, '×2', x + 29 + sumWidth, cy, { size: 18, fill: COLOURS.gold, ink: COLOURS.ink, height: 24, paddingX: 5 }));
    const shown: { card: SailorCard; gone: boolean }[] = [...cards.map((c) => ({ card: c, gone: false })), ...gone.map((c) => ({ card: c, gone: true }))];
    if (shown.length === 0) return;
    // Every value of the column at one size, which its widest fits on a card.
    const size = valueSize(ctx, Math.max(...shown.map((s) => s.card.value)), card.w, card.h);
    const lines = cardLines(ctx, shown.length, perLine, card, areaH, size, SECONDARY_PX);
    if (!lines) return;
    const { h, stepY, value } = lines;
    // Values the column can only show smaller are the parts of the sum drawn large above them.
    const draw = () =>
      shown.forEach(({ card: c, gone: isGone }, k) => {
        const cx = x + 2 + (k % perLine) * stepX;
        const cardY = box.y + CREW_CARDS_Y + Math.floor(k / perLine) * stepY;
        if (isGone) drawLostCard(ctx, c, cx, cardY, card.w, h, value, false);
        else drawSailorCard(ctx, c, cx, cardY, card.w, h, value, false);
        // A card with another over it is ringed around what shows of it, clear of the value below.
        const ringH = k + perLine < shown.length && stepY < h ? stepY - 3.5 : h;
        if (!isGone && gained.has(cardKey(c))) rings.push({ x: cx, y: cardY, h: ringH, colour: COLOURS.changed });
        else if (!isGone && offer === cardKey(c)) rings.push({ x: cx, y: cardY, h: ringH, colour: COLOURS.gold });
      });
    if (value.size < IMPORTANT_PX) secondary('breakdown', draw);
    else draw();
  });
  for (const r of rings) drawChangedRing(ctx, r.x, r.y, card.w, r.h, 3, r.colour);
}
