/**
 * Halunken & Spelunken's small texts: cards, crews, pieces and taverns, and where a move would
 * lead; shared by the event lines, the status and the panel.
 */
import type { Translate } from '../../i18n/index.js';
import { nameOf, type PresentContext } from '../presenter.js';
import { spaceAhead } from './board.js';
import { COLOURS as SAILOR_COLOURS, RUM, type Colour, type CrewScore, type MovementCard, type SailorCard } from './cards.js';
import { BLACK_JACK, type HalunkenView, type LaidCard, type Piece } from './rules.js';

/** Coloured dots for the sailor colours in text (the image draws its own cards). */
export const COLOUR_DOT: Record<Colour, string> = { yellow: '🟡', grey: '⚪', violet: '🟣', red: '🔴' };
export const RUM_EMOJI = '🥃';
export const BLACK_JACK_EMOJI = '🏴‍☠️';

/** "3️⃣": the keycap emoji of 0-9. */
export const keycap = (n: number) => (n >= 0 && n <= 9 ? `${n}\uFE0F\u20E3` : undefined);

/** Spaces are 0..13 in the rules and taverns 1..14 for people. */
export const tavern = (space: number) => space + 1;

export function pieceName(ctx: PresentContext, piece: Piece): string {
  return piece === BLACK_JACK ? ctx.t('halunken.black-jack') : nameOf(ctx, piece);
}

/** "🟡 Yellow 7". */
export function cardText(t: Translate, card: SailorCard): string {
  return t('halunken.card', { dot: COLOUR_DOT[card.colour], colour: t(`halunken.colour.${card.colour}`), value: card.value });
}

/** "🟡7": for lists. */
export const shortCard = (card: SailorCard) => `${COLOUR_DOT[card.colour]}${card.value}`;

export function movementText(t: Translate, card: MovementCard): string {
  return card === RUM ? t('halunken.rum') : String(card);
}

/** "Ann, Bob and Cid". */
export function nameList(t: Translate, names: string[]): string {
  if (names.length <= 1) return names.join('');
  return t('halunken.and', { list: names.slice(0, -1).join(', '), last: names.at(-1) as string });
}

/** "🟡 3+7 = 10 ×2 · ⚪ 5 · 🔴 9": a crew by colour, the doubled colour marked. */
export function crewText(t: Translate, crew: SailorCard[], score: CrewScore | null): string {
  const parts: string[] = [];
  for (const colour of SAILOR_COLOURS) {
    const values = crew
      .filter((c) => c.colour === colour)
      .map((c) => c.value)
      .sort((a, b) => a - b);
    if (values.length === 0) continue;
    const sum = values.reduce((a, b) => a + b, 0);
    let part = values.length === 1 ? `${COLOUR_DOT[colour]} ${sum}` : `${COLOUR_DOT[colour]} ${values.join('+')} = ${sum}`;
    if (score?.doubled === colour) part += ` ${t('halunken.panel.doubled')}`;
    parts.push(part);
  }
  return parts.length > 0 ? parts.join(' · ') : t('halunken.panel.crew.empty');
}

function positionOf(view: HalunkenView, piece: Piece): number | null {
  return piece === BLACK_JACK ? view.blackJack : (view.captains[piece] ?? null);
}

/** Who stands on a space now: a captain's name, Black Jack, or nobody. */
function occupantOf(view: HalunkenView, space: number, ctx: PresentContext, except: Piece): string | null {
  const seat = view.captains.findIndex((c, i) => c === space && i !== except);
  if (seat >= 0) return nameOf(ctx, seat);
  if (except !== BLACK_JACK && view.blackJack === space) return ctx.t('halunken.black-jack');
  return null;
}

/** "8 (🔴9, Bob)": where a number of steps from a piece's space leads, and what is there now. */
export function targetText(view: HalunkenView, piece: Piece, steps: number, ctx: PresentContext): string {
  const from = positionOf(view, piece);
  if (from === null) return '?';
  const to = spaceAhead(from, steps);
  const top = view.taverns[to]?.top;
  const what = [top ? shortCard(top) : ctx.t('halunken.panel.empty'), occupantOf(view, to, ctx, piece)].filter(Boolean);
  return `${tavern(to)} (${what.join(', ')})`;
}

export function targetSpace(view: HalunkenView, piece: Piece, steps: number): number | null {
  const from = positionOf(view, piece);
  return from === null ? null : spaceAhead(from, steps);
}

export function laidText(ctx: PresentContext, laid: LaidCard[]): string {
  const { t } = ctx;
  return laid
    .map((l) => {
      const card = movementText(t, l.card);
      return t(l.cancelled ? 'halunken.event.laid.cancelled' : 'halunken.event.laid', { player: pieceName(ctx, l.piece), card });
    })
    .join(', ');
}

/**
 * "2 × 22 yellow + 9 grey + 15 red": a crew's points by colour, the doubled colour first, as the
 * rulebook scores it. Without the crew (events stored before crews were recorded) the doubled
 * colour and the rest.
 */
export function colourBreakdown(t: Translate, score: CrewScore | null, crew: readonly SailorCard[] | undefined): string {
  if (score === null || score.doubled === null) return t('halunken.breakdown.empty');
  const doubled = score.doubled;
  const colourName = (colour: Colour) => t(`halunken.colour.${colour}`).toLowerCase();
  const parts = [t('halunken.breakdown.doubled', { value: score.bonus, colour: colourName(doubled) })];
  if (crew === undefined) {
    if (score.sum > score.bonus) parts.push(t('halunken.breakdown.rest', { value: score.sum - score.bonus }));
    return parts.join(' + ');
  }
  for (const colour of SAILOR_COLOURS) {
    if (colour === doubled) continue;
    const cards = crew.filter((c) => c.colour === colour);
    if (cards.length > 0) parts.push(t('halunken.breakdown.colour', { value: cards.reduce((sum, c) => sum + c.value, 0), colour: colourName(colour) }));
  }
  return parts.join(' + ');
}
