import type { Translate } from '../../i18n/index.js';
import { nameOf, markedName, boardPlayers, type GamePresenter, type Panel, type PanelChoice, type PanelGroup, type PresentContext } from '../presenter.js';
import { spaceAhead } from './board.js';
import { COLOURS as SAILOR_COLOURS, RUM, type Colour, type CrewScore, type MovementCard, type SailorCard } from './cards.js';
import { renderHalunkenBoard } from './render.js';
import { halunkenAltText } from './alt-text.js';
import {
  BLACK_JACK,
  LONG_GAME_GAMES,
  type Decision,
  type HalunkenAction,
  type HalunkenEvent,
  type HalunkenOptions,
  type HalunkenView,
  type LaidCard,
  type Piece,
} from './rules.js';

/**
 * How Halunken & Spelunken shows itself in Discord. The movement cards are chosen in secret, all
 * at once: the public posts say who has still to choose, never what anybody chose, and a post is
 * made only when the cards are revealed (and whenever the game starts waiting for someone else:
 * placements, auction turns, Rum, thefts, gifts). Everything else on the table is open; the panel
 * repeats what a player needs to decide without opening the image.
 */

/** The captains' colours: those of the boxed game (blue, green, red, yellow). */
const COLOURS = ['blue', 'green', 'red', 'yellow'];

/** Coloured dots for the sailor colours in text (the image draws its own cards). */
export const COLOUR_DOT: Record<Colour, string> = { yellow: '🟡', grey: '⚪', violet: '🟣', red: '🔴' };
const RUM_EMOJI = '🥃';
const BLACK_JACK_EMOJI = '🏴‍☠️';

/** "3️⃣": the keycap emoji of 0-9. */
const keycap = (n: number) => (n >= 0 && n <= 9 ? `${n}\uFE0F\u20E3` : undefined);

/** Spaces are 0..13 in the rules and taverns 1..14 for people. */
const tavern = (space: number) => space + 1;

function pieceName(ctx: PresentContext, piece: Piece): string {
  return piece === BLACK_JACK ? ctx.t('halunken.black-jack') : nameOf(ctx, piece);
}

/** "🟡 Yellow 7". */
export function cardText(t: Translate, card: SailorCard): string {
  return t('halunken.card', { dot: COLOUR_DOT[card.colour], colour: t(`halunken.colour.${card.colour}`), value: card.value });
}

/** "🟡7": for lists. */
const shortCard = (card: SailorCard) => `${COLOUR_DOT[card.colour]}${card.value}`;

function movementText(t: Translate, card: MovementCard): string {
  return card === RUM ? t('halunken.rum') : String(card);
}

/** "Ann, Bob and Cid". */
function nameList(t: Translate, names: string[]): string {
  if (names.length <= 1) return names.join('');
  return t('halunken.and', { list: names.slice(0, -1).join(', '), last: names.at(-1) as string });
}

/** "🟡 3+7 = 10 ×2 · ⚪ 5 · 🔴 9": a crew by colour, the doubled colour marked. */
function crewText(t: Translate, crew: SailorCard[], score: CrewScore | null): string {
  const parts: string[] = [];
  for (const colour of SAILOR_COLOURS) {
    const values = crew.filter((c) => c.colour === colour).map((c) => c.value).sort((a, b) => a - b);
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
function targetText(view: HalunkenView, piece: Piece, steps: number, ctx: PresentContext): string {
  const from = positionOf(view, piece);
  if (from === null) return '?';
  const to = spaceAhead(from, steps);
  const top = view.taverns[to]?.top;
  const what = [top ? shortCard(top) : ctx.t('halunken.panel.empty'), occupantOf(view, to, ctx, piece)].filter(Boolean);
  return `${tavern(to)} (${what.join(', ')})`;
}

function targetSpace(view: HalunkenView, piece: Piece, steps: number): number | null {
  const from = positionOf(view, piece);
  return from === null ? null : spaceAhead(from, steps);
}

// ---------------------------------------------------------------------------------------------
// Events

function laidText(ctx: PresentContext, laid: LaidCard[]): string {
  const { t } = ctx;
  return laid
    .map((l) => {
      const card = movementText(t, l.card);
      return t(l.cancelled ? 'halunken.event.laid.cancelled' : 'halunken.event.laid', { player: pieceName(ctx, l.piece), card });
    })
    .join(', ');
}

function noStealLine(e: Extract<HalunkenEvent, { type: 'noSteal' }>, ctx: PresentContext): string {
  const { t } = ctx;
  const victim = nameOf(ctx, e.from);
  if (e.seat === null) return t('halunken.event.no-steal.nobody', { victim });
  const thief = nameOf(ctx, e.seat);
  if (e.reason === 'noCards') return t('halunken.event.no-steal.no-cards', { victim });
  return t(e.by === 'blackJack' ? 'halunken.event.no-steal.black-jack' : 'halunken.event.no-steal.more', { player: thief, victim });
}

/**
 * "2 × 22 yellow + 9 grey + 15 red": a crew's points by colour, the doubled colour first, as the
 * rulebook scores it. Without the crew (events stored before crews were recorded) the doubled
 * colour and the rest.
 */
function colourBreakdown(t: Translate, score: CrewScore | null, crew: readonly SailorCard[] | undefined): string {
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

/**
 * The scoring of a game that is not the last: a long game's game 1 or 2. The last game's scores
 * are not written here: the final post's ranking gives each player's breakdown.
 */
function scoringLines(e: Extract<HalunkenEvent, { type: 'gameScored' }>, ctx: PresentContext): string[] {
  const { t } = ctx;
  // Only a long game is scored before its end (events stored before `games` was recorded lack it).
  const games = e.games ?? LONG_GAME_GAMES;
  const lines = [t('halunken.event.scoring.game', { game: e.game, games })];
  e.scores.forEach((score, seat) => {
    // Players who left are said to have left where they left, and in the totals.
    if (score === null) return;
    const player = markedName(ctx, seat);
    if (score.doubled === null) lines.push(t('halunken.event.score.empty', { player }));
    else lines.push(t('halunken.event.score', { player, breakdown: colourBreakdown(t, score, e.crews?.[seat]), score: score.score }));
  });
  // The running totals, once they differ from this game's scores.
  if (e.game > 1) {
    lines.push(t('halunken.event.totals', { game: e.game, totals: e.totals.map((total, seat) => `${markedName(ctx, seat)} ${total}`).join(', ') }));
  }
  return lines;
}

/** Why a game ended before its last round: who is still playing, too few to go on. */
function tooFewLine(events: HalunkenEvent[], ctx: PresentContext): string {
  const { t } = ctx;
  const scored = events.findLast((e): e is Extract<HalunkenEvent, { type: 'gameScored' }> => e.type === 'gameScored');
  const playing = scored ? scored.scores.flatMap((score, seat) => (score === null ? [] : [nameOf(ctx, seat)])) : [];
  const players = nameList(t, playing);
  const long = scored !== undefined && (scored.games ?? 1) > 1;
  const key = long
    ? playing.length === 1
      ? 'halunken.event.too-few.long.one'
      : 'halunken.event.too-few.long.many'
    : playing.length === 1
      ? 'halunken.event.too-few.one'
      : 'halunken.event.too-few.many';
  return t(key, { players, game: scored?.game ?? 1 });
}

/**
 * One line per public event, in order. A move and the sailor hired at its end make one line.
 * "Has chosen" lines are only written when the reveal is not part of the same post (the reveal
 * says it all); they never name a card.
 */
function describe(events: HalunkenEvent[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  const revealLater = (from: number) => events.slice(from).some((e) => e.type === 'revealed');
  let chosen: string[] = [];
  const flushChosen = () => {
    if (chosen.length > 0) lines.push(t(chosen.length === 1 ? 'halunken.event.chose.one' : 'halunken.event.chose.many', { players: nameList(t, chosen) }));
    chosen = [];
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as HalunkenEvent;
    if (e.type !== 'chose') flushChosen();
    switch (e.type) {
      case 'gameStarted':
        lines.push(t(e.game > 1 ? 'halunken.event.game-started.next' : 'halunken.event.game-started', { game: e.game, games: LONG_GAME_GAMES, player: nameOf(ctx, e.firstPlacer) }));
        break;
      case 'captainPlaced':
        lines.push(t('halunken.event.placed', { player: nameOf(ctx, e.seat), tavern: tavern(e.space), card: cardText(t, e.card) }));
        break;
      case 'tavernsOpened':
        lines.push(t('halunken.event.taverns-opened'));
        break;
      case 'blackJackPlaced':
        lines.push(t('halunken.event.black-jack-placed', { player: nameOf(ctx, e.seat), tavern: tavern(e.space) }));
        break;
      case 'roundStarted':
        lines.push(t('halunken.event.round', { round: e.round, rounds: 8 }));
        break;
      case 'auctionStarted':
        lines.push(t('halunken.event.auction', { player: nameOf(ctx, e.seat) }));
        break;
      case 'bid':
        lines.push(t('halunken.event.bid', { player: nameOf(ctx, e.seat), card: cardText(t, e.card) }));
        break;
      case 'passed':
        lines.push(t(e.couldNotBid ? 'halunken.event.could-not-bid' : 'halunken.event.passed', { player: nameOf(ctx, e.seat) }));
        break;
      case 'hired':
        lines.push(t('halunken.event.hired', { flag: BLACK_JACK_EMOJI, player: nameOf(ctx, e.seat), card: cardText(t, e.card) }));
        break;
      case 'notHired':
        lines.push(t('halunken.event.not-hired'));
        break;
      case 'chose':
        if (!revealLater(i)) {
          const name = nameOf(ctx, e.seat);
          if (e.forBlackJack) {
            flushChosen();
            lines.push(t('halunken.event.chose.black-jack', { player: name }));
          } else chosen.push(name);
        }
        break;
      case 'revealed': {
        const cancelled = e.laid.some((l) => l.cancelled);
        lines.push(t(cancelled ? 'halunken.event.revealed.cancelled' : 'halunken.event.revealed', { cards: laidText(ctx, e.laid) }));
        break;
      }
      case 'rumNamed':
        if (e.piece === BLACK_JACK) {
          lines.push(
            e.seat === null
              ? t('halunken.event.rum.black-jack.random', { rum: RUM_EMOJI, number: e.number })
              : t('halunken.event.rum.black-jack', { rum: RUM_EMOJI, player: nameOf(ctx, e.seat), number: e.number }),
          );
        } else lines.push(t('halunken.event.rum', { rum: RUM_EMOJI, player: nameOf(ctx, e.piece), number: e.number }));
        break;
      case 'moved': {
        const next = events[i + 1];
        const base = { player: pieceName(ctx, e.piece), steps: e.steps, from: tavern(e.from), to: tavern(e.to) };
        if (e.piece !== BLACK_JACK && next?.type === 'tookTavernCard' && next.seat === e.piece) {
          lines.push(t('halunken.event.moved.hired', { ...base, card: cardText(t, next.card) }));
          i++;
        } else if (e.piece !== BLACK_JACK && next?.type === 'tavernEmpty' && next.seat === e.piece) {
          lines.push(t('halunken.event.moved.empty', base));
          i++;
        } else lines.push(t('halunken.event.moved', base));
        break;
      }
      case 'tookTavernCard':
        lines.push(t('halunken.event.stayed', { player: nameOf(ctx, e.seat), tavern: tavern(e.space), card: cardText(t, e.card) }));
        break;
      case 'tavernEmpty':
        lines.push(t('halunken.event.stayed.empty', { player: nameOf(ctx, e.seat), tavern: tavern(e.space) }));
        break;
      case 'stole':
        lines.push(
          e.by === 'blackJack'
            ? t('halunken.event.robbed', { player: nameOf(ctx, e.seat), victim: nameOf(ctx, e.from), card: cardText(t, e.card) })
            : t('halunken.event.stole', { player: nameOf(ctx, e.seat), victim: nameOf(ctx, e.from), card: cardText(t, e.card) }),
        );
        break;
      case 'declinedSteal':
        lines.push(t('halunken.event.declined', { player: nameOf(ctx, e.seat), victim: nameOf(ctx, e.from) }));
        break;
      case 'noSteal':
        lines.push(noStealLine(e, ctx));
        break;
      case 'tookFromHarbour':
        lines.push(t('halunken.event.harbour', { player: nameOf(ctx, e.seat), card: cardText(t, e.card) }));
        break;
      case 'harbourEmpty':
        lines.push(t('halunken.event.harbour.empty', { player: nameOf(ctx, e.seat) }));
        break;
      case 'gave':
        lines.push(t('halunken.event.gave', { player: nameOf(ctx, e.seat), card: cardText(t, e.card) }));
        break;
      case 'displaced':
        lines.push(t('halunken.event.displaced', { player: pieceName(ctx, e.piece), to: tavern(e.to) }));
        break;
      case 'blackJackMoved': {
        const args = { flag: BLACK_JACK_EMOJI, card: e.card, from: tavern(e.from), to: tavern(e.to) };
        const passed = e.passed.length > 0 ? t('halunken.event.black-jack.passed', { players: nameList(t, e.passed.map((s) => nameOf(ctx, s))) }) : t('halunken.event.black-jack.passed-none');
        const hirer = e.hirer === null ? t('halunken.event.black-jack.for-nobody') : t('halunken.event.black-jack.for', { player: nameOf(ctx, e.hirer) });
        lines.push(t('halunken.event.black-jack', { ...args, passed, hirer }));
        break;
      }
      case 'roundEnded':
        break;
      case 'gameScored':
        // The last game's scoring ends the match: the final ranking gives the scores.
        if (!events.slice(i).some((later) => later.type === 'gameOver')) lines.push(...scoringLines(e, ctx));
        break;
      case 'resigned':
        lines.push(t(e.removed.length === 0 ? 'halunken.event.resigned.none' : e.removed.length === 1 ? 'halunken.event.resigned.one' : 'halunken.event.resigned', { player: nameOf(ctx, e.seat), count: e.removed.length }));
        break;
      case 'gameOver':
        if (e.reason === 'tooFewPlayers') lines.push(tooFewLine(events, ctx));
        break;
    }
  }
  flushChosen();
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Status

function roundPrefix(view: HalunkenView, t: Translate): string {
  const round = view.round === 0 ? t('halunken.status.setup') : t('halunken.status.round', { round: view.round, rounds: view.rounds });
  return view.games > 1 ? t('halunken.status.game', { game: view.game, games: view.games, round }) : round;
}

function decisionStatus(d: Decision, ctx: PresentContext): string {
  const { t } = ctx;
  const player = nameOf(ctx, d.seat);
  switch (d.kind) {
    case 'landingSteal':
      return t(d.by === 'blackJack' ? 'halunken.status.landing.black-jack' : 'halunken.status.landing', { player, victim: nameOf(ctx, d.victim) });
    case 'robbery':
      return t('halunken.status.robbery', { player, victim: nameOf(ctx, d.victim) });
    case 'harbour':
      return d.hirer === null ? t('halunken.status.harbour', { player }) : t('halunken.status.harbour.hirer', { player, hirer: nameOf(ctx, d.hirer) });
    case 'give':
      return t('halunken.status.give', { player });
  }
}

/** How a finished game ended: played out, or too few players left (everyone else, or all but a few). */
function overText(view: HalunkenView, t: Translate): string {
  if (view.phase.name !== 'over' || view.phase.reason !== 'tooFewPlayers') return t('halunken.status.over');
  return t(view.resigned.filter((r) => !r).length === 1 ? 'halunken.status.over.alone' : 'halunken.status.over.too-few');
}

/** Who still chooses a movement card: "Anne and Bart (Black Jack's card)". */
function stillChoosing(view: HalunkenView, ctx: PresentContext): string {
  const { t } = ctx;
  // The two-player hirer who chose his own card still owes Black Jack's.
  const owes = (seat: number) => view.twoPlayer && seat === view.hirer && view.chosen[seat] === true;
  return nameList(t, view.waitingFor.map((s) => (owes(s) ? t('halunken.status.for-black-jack', { player: nameOf(ctx, s) }) : nameOf(ctx, s))));
}

/** What the game waits for, without the round: "Anne to bid for Black Jack (no offer yet)." */
function waitingFor(view: HalunkenView, ctx: PresentContext): string {
  const { t } = ctx;
  const p = view.phase;
  switch (p.name) {
    case 'placeCaptain':
      return t('halunken.status.place', { player: nameOf(ctx, p.seat) });
    case 'placeBlackJack':
      return t('halunken.status.place-black-jack', { player: nameOf(ctx, p.seat) });
    case 'auction': {
      const best = p.bids.at(-1);
      const player = nameOf(ctx, p.order[0] as number);
      return best ? t('halunken.status.auction.offer', { player, bidder: nameOf(ctx, best.seat), card: cardText(t, best.card) }) : t('halunken.status.auction', { player });
    }
    case 'choose': {
      const waiting = stillChoosing(view, ctx);
      const done = view.chosen.flatMap((c, seat) => (c && !view.waitingFor.includes(seat) && !view.resigned[seat] ? [nameOf(ctx, seat)] : []));
      if (done.length === 0) return t('halunken.status.choose', { waiting });
      return t(done.length === 1 ? 'halunken.status.choose.some.one' : 'halunken.status.choose.some.many', { waiting, chosen: nameList(t, done) });
    }
    case 'rum':
      return t(p.piece === BLACK_JACK ? 'halunken.status.rum.black-jack' : 'halunken.status.rum', { player: nameOf(ctx, p.seat) });
    case 'decide':
      return decisionStatus(p.decision, ctx);
    case 'resolve':
    case 'over':
      return '';
  }
}

function status(view: HalunkenView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.over) return overText(view, t);
  const prefix = roundPrefix(view, t);
  const waiting = waitingFor(view, ctx);
  return waiting === '' ? prefix : t('halunken.status.line', { prefix, status: waiting });
}

/** "auction …" → "Auction …": a sentence of its own. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// ---------------------------------------------------------------------------------------------
// Panel

/** Choices that are buttons when few (one row with the extra buttons), else a select menu. */
function listGroup(choices: PanelChoice[], placeholder: string, extraButtons: number): PanelGroup[] {
  if (choices.length === 0) return [];
  if (choices.length + extraButtons <= 5) return [{ kind: 'buttons', placeholder: '', choices }];
  return [{ kind: 'select', placeholder, choices }];
}

function yourTurnLines(view: HalunkenView, actions: HalunkenAction[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const seat = view.viewer as number;
  const p = view.phase;
  switch (p.name) {
    case 'placeCaptain':
      return [t('halunken.panel.turn.place')];
    case 'placeBlackJack':
      return [t('halunken.panel.turn.place-black-jack')];
    case 'auction': {
      const best = p.bids.at(-1);
      const offer = best ? t('halunken.panel.best-offer', { player: nameOf(ctx, best.seat), card: cardText(t, best.card) }) : t('halunken.panel.no-offer');
      return [t(view.twoPlayer ? 'halunken.panel.turn.auction.two' : 'halunken.panel.turn.auction', { offer })];
    }
    case 'choose': {
      if (actions.some((a) => a.type === 'chooseForBlackJack')) {
        const own = view.ownChoice === null ? '?' : movementText(t, view.ownChoice);
        const targets = view.blackJackCards.filter((c) => c !== RUM).map((c) => `${c} → ${targetText(view, BLACK_JACK, c as number, ctx)}`);
        return [t('halunken.panel.turn.choose-black-jack', { own }), t('halunken.panel.targets.black-jack', { tavern: tavern(view.blackJack ?? 0), targets: targets.join(' · ') })];
      }
      const hand = (view.hands[seat] ?? []).filter((c) => c !== RUM) as number[];
      const targets = hand.map((c) => `${c} → ${targetText(view, seat, c, ctx)}`);
      const lines = [t('halunken.panel.turn.choose', { round: view.round })];
      if (targets.length > 0) lines.push(t('halunken.panel.targets', { tavern: tavern(view.captains[seat] ?? 0), targets: targets.join(' · ') }));
      return lines;
    }
    case 'rum': {
      const targets = actions.flatMap((a) => (a.type === 'rum' ? [`${a.number} → ${targetText(view, p.piece, a.number, ctx)}`] : []));
      const key = p.piece === BLACK_JACK ? 'halunken.panel.turn.rum.black-jack' : 'halunken.panel.turn.rum';
      return [t(key, { laid: laidText(ctx, view.laid) }), t('halunken.panel.targets.rum', { targets: targets.join(' · ') })];
    }
    case 'decide': {
      const d = p.decision;
      switch (d.kind) {
        case 'landingSteal':
          return [t(d.by === 'blackJack' ? 'halunken.panel.turn.landing.black-jack' : 'halunken.panel.turn.landing', { victim: nameOf(ctx, d.victim) })];
        case 'robbery':
          return [t('halunken.panel.turn.robbery', { victim: nameOf(ctx, d.victim) })];
        case 'harbour':
          return [d.hirer === null ? t('halunken.panel.turn.harbour') : t('halunken.panel.turn.harbour.hirer', { hirer: nameOf(ctx, d.hirer) })];
        case 'give':
          return [t('halunken.panel.turn.give')];
      }
      return [];
    }
    case 'resolve':
    case 'over':
      return [];
  }
}

function panel(view: HalunkenView, legal: unknown[], ctx: PresentContext): Panel {
  const { t } = ctx;
  const seat = view.viewer as number;
  const actions = legal as HalunkenAction[];
  const variant = t(view.variant === 'beginner' ? 'halunken.variant.beginner' : view.twoPlayer ? 'halunken.variant.two' : 'halunken.variant.standard');
  const lines = [t('halunken.panel.title', { variant, status: roundPrefix(view, t) })];

  // Where the pieces stand.
  const captain = view.captains[seat];
  const where: string[] = [];
  if (captain !== null && captain !== undefined) where.push(t('halunken.panel.captain', { tavern: tavern(captain) }));
  if (view.variant === 'standard' && view.blackJack !== null) {
    const hirer = view.hirer === null ? t('halunken.panel.black-jack.free') : view.hirer === seat ? t('halunken.panel.black-jack.yours') : t('halunken.panel.black-jack.hired', { player: nameOf(ctx, view.hirer) });
    where.push(t('halunken.panel.black-jack', { tavern: tavern(view.blackJack), hirer }));
  }
  if (where.length > 0) lines.push(where.join(' '));

  // His crew, his movement cards, the others' crews in short.
  const crew = view.crews[seat] ?? [];
  const score = view.scores[seat] ?? null;
  if (crew.length === 0) lines.push(t('halunken.panel.crew.none'));
  else lines.push(t(crew.length === 1 ? 'halunken.panel.crew.one' : 'halunken.panel.crew', { count: crew.length, score: score?.score ?? 0, crew: crewText(t, crew, score) }));
  if (!view.over && view.round > 0) {
    const hand = (view.hands[seat] ?? []).map((c) => movementText(t, c)).join(', ');
    const played = (view.played[seat] ?? []).map((c) => movementText(t, c)).join(', ');
    lines.push(played ? t('halunken.panel.hand.played', { hand, played }) : t('halunken.panel.hand', { hand }));
  }
  const others = view.crews.flatMap((c, other) =>
    other === seat || view.resigned[other] ? [] : [t(c.length === 1 ? 'halunken.panel.other.one' : 'halunken.panel.other', { player: markedName(ctx, other), count: c.length, score: view.scores[other]?.score ?? 0 })],
  );
  // Nothing to say while nobody else has a sailor yet (the first placements).
  if (others.length > 0 && view.crews.some((c, other) => other !== seat && c.length > 0)) lines.push(t('halunken.panel.others', { others: others.join(' · ') }));
  // The totals of the games before (once over, the final score below says it).
  if (view.games > 1 && view.gameScores.length > 0 && !view.over) {
    lines.push(t('halunken.panel.totals', { totals: view.totals.map((total, s) => `${s === seat ? t('halunken.panel.you') : markedName(ctx, s)} ${total}`).join(', ') }));
  }
  if (view.harbour.length > 0 && view.variant === 'standard' && !view.over) {
    lines.push(t('halunken.panel.harbour', { cards: view.harbour.map(shortCard).join(' ') }));
  }

  // What the game waits for.
  if (view.over) {
    const totals = view.totals.map((total, s) => (view.resigned[s] ? t('halunken.panel.score.left', { player: nameOf(ctx, s), total }) : `${nameOf(ctx, s)} ${total}`));
    lines.push(t('halunken.panel.over', { over: overText(view, t), totals: totals.join(', ') }));
  } else if (view.resigned[seat]) {
    lines.push(t('halunken.panel.left'));
  } else if (actions.length > 0) {
    lines.push(...yourTurnLines(view, actions, ctx));
  } else {
    if (view.phase.name === 'choose' && view.ownChoice !== null) {
      const own = movementText(t, view.ownChoice);
      lines.push(
        view.ownBlackJackChoice !== null
          ? t('halunken.panel.chosen.black-jack', { card: own, blackJack: movementText(t, view.ownBlackJackChoice) })
          : t('halunken.panel.chosen', { card: own }),
      );
    }
    // Having chosen, he waits for the others' choices (his own is said just above).
    const waiting = view.phase.name === 'choose' && view.ownChoice !== null ? t('halunken.panel.still-choosing', { players: stillChoosing(view, ctx) }) : waitingFor(view, ctx);
    if (waiting !== '') lines.push(t('halunken.panel.waiting', { status: sentence(waiting) }));
  }

  // The choices.
  const spaces: PanelChoice[] = [];
  const bids: PanelChoice[] = [];
  const cards: PanelChoice[] = [];
  const steals: PanelChoice[] = [];
  const harbour: PanelChoice[] = [];
  const gifts: PanelChoice[] = [];
  const extra: PanelChoice[] = [];
  let victim: number | null = null;
  const p = view.phase;
  if (p.name === 'decide') {
    const d = p.decision;
    victim = d.kind === 'landingSteal' || d.kind === 'robbery' ? d.victim : d.kind === 'harbour' ? d.hirer : null;
  }
  actions.forEach((a, index) => {
    switch (a.type) {
      case 'place': {
        spaces.push({ index, label: t('halunken.panel.place', { tavern: tavern(a.space) }) });
        break;
      }
      case 'placeBlackJack': {
        const top = view.taverns[a.space]?.top;
        spaces.push({ index, label: top ? t('halunken.panel.place.open', { tavern: tavern(a.space), card: cardText(t, top) }) : t('halunken.panel.place.empty', { tavern: tavern(a.space) }) });
        break;
      }
      case 'pass':
        extra.push({ index, label: t('halunken.panel.pass'), emoji: '✋' });
        break;
      case 'bid':
        bids.push({ index, label: t('halunken.panel.bid', { card: cardText(t, a.card) }), primary: true });
        break;
      case 'choose':
        cards.push(
          a.card === RUM
            ? { index, label: t('halunken.rum'), emoji: RUM_EMOJI, primary: true }
            : { index, label: `${a.card} → ${tavern(targetSpace(view, seat, a.card) ?? 0)}`, emoji: keycap(a.card) as string, primary: true },
        );
        break;
      case 'chooseForBlackJack':
        cards.push(
          a.card === RUM
            ? { index, label: t('halunken.panel.black-jack.rum'), emoji: RUM_EMOJI, primary: true }
            : { index, label: t('halunken.panel.black-jack.card', { card: a.card, tavern: tavern(targetSpace(view, BLACK_JACK, a.card) ?? 0) }), emoji: keycap(a.card) as string, primary: true },
        );
        break;
      case 'rum':
        cards.push({ index, label: `${a.number} → ${tavern(targetSpace(view, p.name === 'rum' ? p.piece : seat, a.number) ?? 0)}`, emoji: keycap(a.number) as string, primary: true });
        break;
      case 'steal':
        steals.push({ index, label: t('halunken.panel.steal', { player: nameOf(ctx, victim ?? 0), card: cardText(t, a.card) }) });
        break;
      case 'skipSteal':
        extra.push({ index, label: t('halunken.panel.skip-steal') });
        break;
      case 'takeFromHarbour':
        harbour.push({ index, label: t('halunken.panel.take-harbour', { card: cardText(t, a.card) }), emoji: '⚓' });
        break;
      case 'give':
        gifts.push({ index, label: t('halunken.panel.give', { card: cardText(t, a.card) }) });
        break;
    }
  });

  const groups: PanelGroup[] = [];
  if (spaces.length > 0) groups.push({ kind: 'select', placeholder: t(p.name === 'placeBlackJack' ? 'halunken.panel.place-black-jack.placeholder' : 'halunken.panel.place.placeholder'), choices: spaces });
  if (cards.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: cards });
  if (harbour.length + steals.length > 0 && harbour.length + steals.length + extra.length <= 5) {
    // Few enough for one row of buttons, the "don't steal" button included.
    groups.push({ kind: 'buttons', placeholder: '', choices: [...harbour, ...steals, ...extra] });
    extra.length = 0;
  } else {
    groups.push(...listGroup(harbour, t('halunken.panel.take-harbour.placeholder'), 5));
    groups.push(...listGroup(steals, t('halunken.panel.steal.placeholder', { player: nameOf(ctx, victim ?? 0) }), 5));
  }
  if (bids.length > 0 && bids.length + extra.length <= 5) {
    groups.push({ kind: 'buttons', placeholder: '', choices: [...bids, ...extra] });
    extra.length = 0;
  } else groups.push(...listGroup(bids, t('halunken.panel.bid.placeholder'), 5));
  groups.push(...listGroup(gifts, t('halunken.panel.give.placeholder'), 0));
  if (extra.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: extra });
  return { text: lines.join('\n'), groups };
}

// ---------------------------------------------------------------------------------------------
// The final score

/**
 * How a seat's final score was made up, from the finished game's spectator view: by colour, the
 * doubled colour first ("2 × 22 yellow + 9 grey + 15 red"); in a long game the points of each game,
 * the last one by colour ("38 in game 1 + 41 in game 2 + 68 in game 3 (2 × 22 yellow + …)"). A player
 * who left: the points he kept from the games before (that he left, the ranking line says).
 */
function breakdown(view: HalunkenView, seat: number, ctx: PresentContext): string {
  const { t } = ctx;
  const left = view.resigned[seat] === true;
  const lastGame = () => colourBreakdown(t, view.scores[seat] ?? null, view.crews[seat] ?? []);
  const perGame = view.gameScores.map((row) => row[seat] ?? 0);
  if (view.games <= 1 || perGame.length === 0) return left ? '' : lastGame();
  if (left) return perGame.flatMap((score, i) => (score > 0 ? [t('halunken.breakdown.game', { score, game: i + 1 })] : [])).join(' + ');
  return perGame
    .map((score, i) => (i === perGame.length - 1 ? t('halunken.breakdown.last-game', { score, game: i + 1, colours: lastGame() }) : t('halunken.breakdown.game', { score, game: i + 1 })))
    .join(' + ');
}

// ---------------------------------------------------------------------------------------------

const VARIANTS: { value: string; options: HalunkenOptions; label: Parameters<Translate>[0]; about: Parameters<Translate>[0] }[] = [
  { value: 'standard', options: { variant: 'standard', long: false }, label: 'halunken.variant.standard', about: 'halunken.variant.standard.about' },
  { value: 'beginner', options: { variant: 'beginner', long: false }, label: 'halunken.variant.beginner', about: 'halunken.variant.beginner.about' },
  { value: 'standard-long', options: { variant: 'standard', long: true }, label: 'halunken.variant.standard-long', about: 'halunken.variant.standard-long.about' },
  { value: 'beginner-long', options: { variant: 'beginner', long: true }, label: 'halunken.variant.beginner-long', about: 'halunken.variant.beginner-long.about' },
];

export const halunkenPresenter: GamePresenter<HalunkenView> = {
  name: 'game.halunken.name',
  rules: 'rules.halunken',
  score: 'halunken.score',
  variants: VARIANTS,
  variantOf(options) {
    const o = options as Partial<HalunkenOptions> | null;
    if (typeof o !== 'object' || o === null) return undefined;
    return this.variants.find((v) => {
      const vo = v.options as HalunkenOptions;
      return vo.variant === (o.variant ?? 'standard') && vo.long === (o.long ?? false);
    });
  },
  colours: (seats) => COLOURS.slice(0, seats),
  status,
  describe: (events, ctx) => describe(events as HalunkenEvent[], ctx),
  panel,
  breakdown,
  render: (view, { t, players }) => renderHalunkenBoard(view, boardPlayers(players), t),
  altText: (view, ctx) => halunkenAltText(view, ctx, halunkenPresenter),
};
