import type { Translate } from '../../i18n/index.js';
import { nameOf, markedName, boardPlayers, type GamePresenter, type Panel, type PanelChoice, type PanelGroup, type PresentContext } from '../presenter.js';
import { tokenLabel } from './labels.js';
import { boardGroups, selectGroups } from './panel-groups.js';
import { orderLabel, outcomeText } from './order-texts.js';
import { renderFreibeuterBoard } from './render.js';
import { freibeuterAltText } from './alt-text.js';
import {
  FIELD_POINTS,
  PIRATE_SHARE,
  POINT_FIELDS,
  ROWS,
  SHIP_VALUES,
  fieldIndex,
  paymentPerBoat,
  pointLabel,
  shipWorth,
  type DutchmanCard,
  type FieldName,
  type FreibeuterAction,
  type FreibeuterEvent,
  type FreibeuterView,
  type Line,
  type Share,
  type ShipValue,
  type TokenView,
} from './rules.js';

/**
 * How Freibeuter shows itself in Discord. A turn is one main action (board a ship, play a sea
 * card, play a Dutchman card), sometimes followed by the order of resolution and the choice of
 * pile: a post is made when the turn has passed on (or the game is over), telling everything
 * that happened in it. Hands are the only secret: the panel shows a player his own, and what
 * each of his cards would do; no public line names a drawn card.
 *
 * Points (the grid points between four fields, where the tokens lie) are named as the engine
 * names them: 'B2-C3', by the top-left and bottom-right of their four fields, which the board
 * image labels A-G (rows) and 1-7 (columns). Ships to board are named by the number the board
 * draws on each (labels.ts), which a player finds at a glance.
 */

/** Boat colours: none of them blue, the sea is. */
const COLOURS = ['red', 'yellow', 'green', 'purple'];

const EMOJI = {
  boat: '⛵',
  board: '⚓',
  treasure: '🪙',
  dutchman: '👻',
  sea: '🌊',
  capture: '💰',
  pirate: '🏴‍☠️',
  double: '✨',
  escape: '💨',
  credit: '🏦',
} as const;


/** "row C" or "column 4": what a Dutchman card shows. */
export function lineText(t: Translate, line: Line | DutchmanCard): string {
  return (ROWS as readonly string[]).includes(line) ? t('freibeuter.line.row', { line }) : t('freibeuter.line.column', { line });
}

/** "Ann, Bob and Cid". */
function nameList(t: Translate, names: string[]): string {
  if (names.length <= 1) return names.join('');
  return t('freibeuter.and', { list: names.slice(0, -1).join(', '), last: names.at(-1) as string });
}

/** "Anne 6, Carl 3": who got how much. */
function sharesText(ctx: PresentContext, shares: Share[]): string {
  return shares.map((s) => `${nameOf(ctx, s.seat)} ${s.amount}`).join(', ');
}

/** "15, 20 ×2": captured ships, the doubled values marked. */
function shipsText(t: Translate, ships: ShipValue[], doubles: ShipValue[]): string {
  if (ships.length === 0) return t('freibeuter.panel.none');
  return [...ships]
    .sort((a, b) => a - b)
    .map((v) => (doubles.includes(v) ? t('freibeuter.panel.ship.doubled', { value: v }) : String(v)))
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// Events

/**
 * Why the game ended, said once: after "That was the last one: this move ends the game" the end
 * of the pirate treasures needs no line of its own. The ranking under it says that it is over.
 */
function endLine(e: Extract<FreibeuterEvent, { type: 'gameOver' }>, ctx: PresentContext, lastPirateTold: boolean): string | null {
  const { t } = ctx;
  const player = e.seat === null ? '' : nameOf(ctx, e.seat);
  switch (e.reason) {
    case 'pirateTreasures':
      return lastPirateTold ? null : t('freibeuter.event.over.pirates');
    case 'seaPileEmpty':
      return t('freibeuter.event.over.sea', { player });
    case 'noBoats':
      return t('freibeuter.event.over.boats', { player });
    case 'lastPlayer':
      return t('freibeuter.event.over.last', { player });
  }
}

/** One line per public event, in order (the start of a later turn needs none: the status says it). */
function describe(events: FreibeuterEvent[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  // A leaving that ends the game: the last player's line says what follows.
  const endsHere = events.some((e) => e.type === 'gameOver' && e.reason === 'lastPlayer');
  let lastPirateTold = false;
  for (const e of events) {
    switch (e.type) {
      case 'turnStarted':
        if (e.turn === 1) lines.push(t('freibeuter.event.start', { player: nameOf(ctx, e.seat) }));
        break;
      case 'boarded':
        lines.push(
          t('freibeuter.event.boarded', { emoji: EMOJI.board, player: nameOf(ctx, e.seat), label: tokenLabel(e.point), point: pointLabel(e.point), value: e.value, per: paymentPerBoat(e.value) }),
        );
        break;
      case 'placed':
        lines.push(t('freibeuter.event.placed', { emoji: EMOJI.boat, player: nameOf(ctx, e.seat), field: e.field }));
        break;
      case 'tookTreasure':
        lines.push(t('freibeuter.event.treasure', { emoji: EMOJI.treasure, player: nameOf(ctx, e.seat), field: e.field, amount: e.amount }));
        break;
      case 'dutchmanPlaced':
        lines.push(t('freibeuter.event.dutchman', { emoji: EMOJI.dutchman, player: nameOf(ctx, e.seat), line: lineText(t, e.line), field: e.field }));
        break;
      case 'encircled':
        lines.push(t(e.points.length === 1 ? 'freibeuter.event.encircled.one' : 'freibeuter.event.encircled', { points: nameList(t, e.points.map(pointLabel)) }));
        break;
      case 'orderChoice':
        lines.push(t('freibeuter.event.order', { player: nameOf(ctx, e.seat), points: nameList(t, e.points.map(pointLabel)) }));
        break;
      case 'escaped':
        lines.push(t('freibeuter.event.escaped', { emoji: EMOJI.escape, point: pointLabel(e.point), value: e.value }));
        break;
      case 'captured': {
        const args = { emoji: EMOJI.capture, player: nameOf(ctx, e.seat), point: pointLabel(e.point), value: e.value, per: e.perBoat, total: e.total, payments: sharesText(ctx, e.payments) };
        lines.push(t(e.payments.length === 0 ? 'freibeuter.event.captured.free' : 'freibeuter.event.captured', args));
        break;
      }
      case 'credit':
        lines.push(
          t(e.marker ? 'freibeuter.event.credit' : 'freibeuter.event.credit.no-marker', { emoji: EMOJI.credit, player: nameOf(ctx, e.seat), amount: e.amount, repay: 2 * e.amount }),
        );
        break;
      case 'pirateTreasure': {
        const left = e.left === 0 ? t('freibeuter.event.pirate.last') : t(e.left === 1 ? 'freibeuter.event.pirate.left.one' : 'freibeuter.event.pirate.left', { count: e.left });
        if (e.left === 0) lastPirateTold = true;
        lines.push(
          e.shares.length === 0
            ? t('freibeuter.event.pirate.nobody', { emoji: EMOJI.pirate, point: pointLabel(e.point), left })
            : t('freibeuter.event.pirate', { emoji: EMOJI.pirate, point: pointLabel(e.point), shares: sharesText(ctx, e.shares), left }),
        );
        break;
      }
      case 'doubleTaken':
        lines.push(t('freibeuter.event.double', { emoji: EMOJI.double, point: pointLabel(e.point), value: e.value }));
        break;
      case 'dutchmanRemoved':
        lines.push(t('freibeuter.event.dutchman-gone', { field: e.field }));
        break;
      case 'drew':
        // Never the card: only its pile.
        lines.push(
          t(e.pile === 'sea' ? (e.forced ? 'freibeuter.event.drew.sea.forced' : 'freibeuter.event.drew.sea') : 'freibeuter.event.drew.dutchman', { player: nameOf(ctx, e.seat) }),
        );
        break;
      case 'resigned':
        lines.push(t(resignedKey(e.boatsBack, endsHere), { player: nameOf(ctx, e.seat), count: e.boatsBack }));
        break;
      case 'gameOver': {
        const line = endLine(e, ctx, lastPirateTold);
        if (line !== null) lines.push(line);
        break;
      }
    }
  }
  return lines;
}

/** What a player's leaving does to the sea; nothing to say when the game ends with it. */
function resignedKey(boatsBack: number, endsHere: boolean) {
  if (endsHere) return 'freibeuter.event.resigned.last' as const;
  if (boatsBack === 0) return 'freibeuter.event.resigned.none' as const;
  return boatsBack === 1 ? ('freibeuter.event.resigned.one' as const) : ('freibeuter.event.resigned' as const);
}

// ---------------------------------------------------------------------------------------------
// Status

const piratesText = (t: Translate, view: FreibeuterView) => t(view.piratesLeft === 1 ? 'freibeuter.status.pirates.one' : 'freibeuter.status.pirates', { count: view.piratesLeft });

/** Winners of a finished game (ties share), among those who stayed. */
function winnersOf(view: FreibeuterView): number[] {
  const live = view.players.filter((p) => !p.resigned);
  const best = Math.max(...live.map((p) => p.score));
  return live.filter((p) => p.score === best).map((p) => p.seat);
}

/** Who won a finished game, and why when everyone else left: "Anne won the game." */
function resultText(view: FreibeuterView, ctx: PresentContext): string {
  const { t } = ctx;
  const winners = winnersOf(view);
  if (view.end?.reason === 'lastPlayer') return t('freibeuter.status.last', { player: markedName(ctx, winners[0] as number) });
  if (winners.length === 1) return t('freibeuter.status.won', { player: markedName(ctx, winners[0] as number) });
  return t('freibeuter.status.shared', { players: nameList(t, winners.map((seat) => markedName(ctx, seat))) });
}

function status(view: FreibeuterView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.over) return resultText(view, ctx);
  const player = nameOf(ctx, view.current);
  const turn = view.turn;
  switch (view.phase) {
    case 'turn':
      return t('freibeuter.status.turn', { turn, player, pirates: piratesText(t, view), sea: view.seaPile });
    case 'order':
      return t('freibeuter.status.order', { turn, player });
    case 'draw':
      return t('freibeuter.status.draw', { turn, player });
    case 'over':
      return resultText(view, ctx);
  }
}

// ---------------------------------------------------------------------------------------------
// The final score, as the rulebook counts it

/** "2 × 5, 10, 3 × 20 doubled": the ships taken, by value, the doubled ones said so. */
function shipGroups(t: Translate, ships: ShipValue[], doubles: ShipValue[]): string {
  const groups: string[] = [];
  for (const value of SHIP_VALUES) {
    const count = ships.filter((v) => v === value).length;
    if (count === 0) continue;
    const text = count === 1 ? String(value) : `${count} × ${value}`;
    groups.push(doubles.includes(value) ? t('freibeuter.breakdown.doubled', { ships: text }) : text);
  }
  return groups.join(', ');
}

/**
 * "41 treasure + 100 in ships (2 × 5, 10, 3 × 20 doubled) − 2 × 18 loans (7 + 11)": the final
 * score as the rulebook adds it up, from what everyone sees (treasure, ships and loans are open).
 */
function breakdown(view: FreibeuterView, seat: number, ctx: PresentContext): string {
  const { t } = ctx;
  const p = view.players[seat];
  if (!p) return '';
  const treasure = t(p.treasure === 1 ? 'freibeuter.breakdown.treasure.one' : 'freibeuter.breakdown.treasure', { amount: p.treasure });
  let text: string;
  if (p.ships.length === 0 && p.loans.length === 0) text = t('freibeuter.breakdown.no-ships', { treasure });
  else {
    text = treasure;
    if (p.ships.length > 0) {
      const worth = p.ships.reduce((sum, v) => sum + shipWorth(v, view.doubles), 0);
      text += ` + ${t('freibeuter.breakdown.ships', { worth, list: shipGroups(t, p.ships, view.doubles) })}`;
    }
    if (p.loans.length > 0) {
      const total = p.loans.reduce((a, b) => a + b, 0);
      text += ` − ${p.loans.length === 1 ? t('freibeuter.breakdown.loan', { total }) : t('freibeuter.breakdown.loans', { total, list: p.loans.join(' + ') })}`;
    }
  }
  // A player who left is said to have left by the ranking line itself (resigned, or removed).
  return text;
}

// ---------------------------------------------------------------------------------------------
// What a choice would do

/** Boats on each field after a hypothetical move; the Dutchman's field counts as occupied. */
interface Sea {
  boats: number[][];
  dutchman: number | null;
}

function seaOf(view: FreibeuterView): Sea {
  return { boats: view.fields.map((f) => [...f.boats]), dutchman: view.dutchman === null ? null : fieldIndex(view.dutchman) };
}

const occupied = (sea: Sea, field: number) => (sea.boats[field]?.length ?? 0) > 0 || sea.dutchman === field;

/** Who gets paid for a boarded ship: active seats other than the boarder, per boat, from the sea given. */
function helperBoats(view: FreibeuterView, sea: Sea, point: number, boarder: number): Map<number, number> {
  const counts = new Map<number, number>();
  for (const field of POINT_FIELDS[point] as readonly number[]) {
    for (const seat of sea.boats[field] ?? []) {
      if (seat === boarder || view.players[seat]?.resigned) continue;
      counts.set(seat, (counts.get(seat) ?? 0) + 1);
    }
  }
  return counts;
}

function boatsOf(sea: Sea, point: number, seat: number): number {
  let n = 0;
  for (const field of POINT_FIELDS[point] as readonly number[]) for (const s of sea.boats[field] ?? []) if (s === seat) n++;
  return n;
}

/** What resolving this token would do, as the viewer sees it ("Bart takes ship 15, you get 6"). */
function effectText(view: FreibeuterView, sea: Sea, token: TokenView, viewer: number, ctx: PresentContext): string {
  const { t } = ctx;
  const point = pointLabel(token.point);
  const tk = token.token;
  if (tk === null) return point;
  if (tk.kind === 'pirate') {
    const mine = view.players[viewer]?.resigned ? 0 : boatsOf(sea, token.point, viewer) * PIRATE_SHARE;
    return mine > 0 ? t('freibeuter.effect.pirate.you', { point, amount: mine }) : t('freibeuter.effect.pirate', { point });
  }
  if (tk.kind === 'double') return t('freibeuter.effect.double', { point, value: tk.value });
  const boarder = token.boardedBy;
  if (boarder === null) return t('freibeuter.effect.escape', { point, value: tk.value });
  const per = paymentPerBoat(tk.value);
  const helpers = helperBoats(view, sea, token.point, boarder);
  const total = [...helpers.values()].reduce((a, b) => a + b, 0) * per;
  if (boarder === viewer) return t('freibeuter.effect.capture.you', { point, value: tk.value, amount: total });
  const mine = (helpers.get(viewer) ?? 0) * per;
  const player = nameOf(ctx, boarder);
  return mine > 0 ? t('freibeuter.effect.capture.paid', { point, value: tk.value, player, amount: mine }) : t('freibeuter.effect.capture', { point, value: tk.value, player, total });
}

/** The tokens a field being filled would encircle (board order). */
function closedBy(view: FreibeuterView, sea: Sea, field: number): TokenView[] {
  return (FIELD_POINTS[field] as readonly number[]).flatMap((point) => {
    const token = view.tokens[point];
    if (!token || token.token === null) return [];
    return (POINT_FIELDS[point] as readonly number[]).every((f) => occupied(sea, f)) ? [token] : [];
  });
}

/** "Closes B2-C3: Bart takes ship 15, you get 3; …", or what lies on the field now. */
function placeDescription(view: FreibeuterView, field: FieldName, viewer: number, ctx: PresentContext, how: 'boat' | 'dutchman'): string | undefined {
  const { t } = ctx;
  const index = fieldIndex(field);
  const sea = seaOf(view);
  if (how === 'boat') sea.boats[index] = [...(sea.boats[index] ?? []), viewer];
  else sea.dutchman = index;
  const closed = closedBy(view, sea, index);
  if (closed.length > 0) return t('freibeuter.panel.closes', { effects: closed.map((tk) => effectText(view, sea, tk, viewer, ctx)).join('; ') });
  // Else only what sets this field apart: an edge field, or a boat already there; an empty inner field has nothing to say.
  if (how === 'dutchman') return undefined;
  const here = view.fields[index];
  const boats = here?.boats ?? [];
  if (boats.length === 0) return here?.capacity === 1 ? t('freibeuter.panel.field.border') : undefined;
  const owner = boats[0] as number;
  return owner === viewer ? t('freibeuter.panel.field.own') : t('freibeuter.panel.field.one', { player: nameOf(ctx, owner) });
}

/** The cost line of boarding a ship: how full its ring is, and what the boarder pays per boat and now. */
function boardDescription(view: FreibeuterView, token: TokenView, viewer: number, ctx: PresentContext): string {
  const sea = seaOf(view);
  const taken = (POINT_FIELDS[token.point] as readonly number[]).filter((f) => occupied(sea, f)).length;
  const value = token.token?.kind === 'ship' ? token.token.value : 5;
  const per = paymentPerBoat(value);
  const others = [...helperBoats(view, sea, token.point, viewer).values()].reduce((a, b) => a + b, 0);
  return ctx.t('freibeuter.panel.board.description', { per, taken, total: others * per });
}

// ---------------------------------------------------------------------------------------------
// Panel

function handText(t: Translate, view: FreibeuterView): string {
  const hand = view.hand;
  if (!hand) return '';
  const sea = [...hand.sea].sort((a, b) => fieldIndex(a) - fieldIndex(b)).map((c) => `**${c}**`);
  const dutchman = hand.dutchman.map((c) => `**${lineText(t, c)}**`);
  return t('freibeuter.panel.hand', {
    sea: sea.length > 0 ? sea.join(', ') : t('freibeuter.panel.none'),
    dutchman: dutchman.length > 0 ? dutchman.join(', ') : t('freibeuter.panel.none'),
  });
}

function youText(t: Translate, view: FreibeuterView, seat: number): string {
  const me = view.players[seat];
  if (!me) return '';
  const base = t('freibeuter.panel.you', {
    treasure: t(me.treasure === 1 ? 'freibeuter.panel.treasure.one' : 'freibeuter.panel.treasure', { count: me.treasure }),
    boats: t(me.boats === 1 ? 'freibeuter.panel.boats.one' : 'freibeuter.panel.boats', { count: me.boats }),
    onSea: me.boatsOnSea,
    onShips: me.boatsOnShips,
    ships: me.ships.length === 0 ? t('freibeuter.panel.ships.none') : t('freibeuter.panel.ships', { ships: shipsText(t, me.ships, view.doubles) }),
    score: me.score,
  });
  if (me.loans.length === 0) return base;
  // As the board shows them: what was borrowed, and what that costs at the end (double).
  const total = me.loans.reduce((a, b) => a + b, 0);
  return `${base} ${t(me.loans.length === 1 ? 'freibeuter.panel.loan' : 'freibeuter.panel.loans', { total, repay: 2 * total })}`;
}

function othersText(ctx: PresentContext, view: FreibeuterView, seat: number): string {
  const { t } = ctx;
  const others = view.players
    .filter((p) => p.seat !== seat)
    .map((p) =>
      p.resigned
        ? t('freibeuter.panel.other.left', { player: markedName(ctx, p.seat) })
        : t('freibeuter.panel.other', { player: markedName(ctx, p.seat), treasure: p.treasure, boats: p.boats, ships: p.ships.length, score: p.score }),
    );
  return t('freibeuter.panel.others', { others: others.join(' · ') });
}

/** "● Anne 54, ◆ Bart 30, ▲ Cees 12 (left)": in the order of the result, those who left last. */
function finalScores(view: FreibeuterView, ctx: PresentContext): string {
  const { t } = ctx;
  const ranked = [...view.players].sort((a, b) => Number(a.resigned) - Number(b.resigned) || b.score - a.score || a.seat - b.seat);
  return ranked
    .map((p) => (p.resigned ? t('freibeuter.panel.score.left', { player: markedName(ctx, p.seat), score: p.score }) : `${markedName(ctx, p.seat)} ${p.score}`))
    .join(', ');
}

function resolveLabel(view: FreibeuterView, point: number, seat: number, ctx: PresentContext): string {
  const token = view.tokens[point] as TokenView;
  return effectText(view, seaOf(view), token, seat, ctx);
}

function panel(view: FreibeuterView, legal: unknown[], ctx: PresentContext): Panel {
  const { t } = ctx;
  const seat = view.viewer as number;
  const actions = legal as FreibeuterAction[];
  const lines = [t('freibeuter.panel.title', { turn: view.turn, sea: view.seaPile, dutchman: view.dutchmanPile, pirates: piratesText(t, view) })];
  const me = view.players[seat];
  lines.push(youText(t, view, seat));
  if (view.hand) lines.push(handText(t, view));
  lines.push(othersText(ctx, view, seat));
  if (view.doubles.length > 0) lines.push(t('freibeuter.panel.doubles', { values: nameList(t, [...view.doubles].sort((a, b) => a - b).map(String)) }));

  if (view.over) {
    lines.push(t('freibeuter.panel.over', { result: resultText(view, ctx), scores: finalScores(view, ctx) }));
  } else if (me?.resigned) {
    lines.push(t('freibeuter.panel.left'));
  } else if (actions.length > 0) {
    if (view.phase === 'turn') lines.push(t('freibeuter.panel.turn.main'));
    // Version 2 offers whole orders (view.orders); version 1 one token at a time.
    else if (view.phase === 'order') lines.push(t(view.orders.length > 0 ? 'freibeuter.panel.turn.order.outcomes' : 'freibeuter.panel.turn.order'));
    else if (view.phase === 'draw') {
      lines.push(t('freibeuter.panel.turn.draw', { sea: view.seaPile, dutchman: view.dutchmanPile }));
      if (view.seaPile === 0) lines.push(t('freibeuter.panel.turn.draw.empty'));
    }
  } else {
    lines.push(t('freibeuter.panel.waiting', { status: status(view, ctx) }));
  }
  // What each order on offer leads to, for the mover and for everyone waiting on him.
  if (!view.over) for (const choice of view.orders) lines.push(t('freibeuter.panel.order.line', { order: orderLabel(view, choice, seat, ctx), outcome: outcomeText(view, choice, seat, ctx) }));

  const seaCards: PanelChoice[] = [];
  const dutchman: PanelChoice[] = [];
  const ships: { choice: PanelChoice; point: number }[] = [];
  const orders: PanelChoice[] = [];
  const buttons: PanelChoice[] = [];
  actions.forEach((a, index) => {
    switch (a.type) {
      case 'board': {
        // Named as the board shows the ship: its number, its value and what it pays per boat.
        const token = view.tokens[a.point] as TokenView;
        const value = token.token?.kind === 'ship' ? token.token.value : 5;
        const label = t('freibeuter.panel.board', { label: tokenLabel(a.point), value, per: paymentPerBoat(value) });
        ships.push({ choice: { index, emoji: EMOJI.board, label, description: boardDescription(view, token, seat, ctx) }, point: a.point });
        break;
      }
      case 'place': {
        const description = placeDescription(view, a.field, seat, ctx, 'boat');
        seaCards.push({ index, emoji: EMOJI.boat, label: t('freibeuter.panel.place', { field: a.field }), ...(description === undefined ? {} : { description }) });
        break;
      }
      case 'takeTreasure':
        // The label says it all: the same card, a boat already there, 2 treasure instead of a boat.
        seaCards.push({ index, emoji: EMOJI.treasure, label: t('freibeuter.panel.take', { field: a.field }) });
        break;
      case 'dutchman': {
        const description = placeDescription(view, a.field, seat, ctx, 'dutchman');
        dutchman.push({ index, emoji: EMOJI.dutchman, label: t('freibeuter.panel.dutchman', { line: lineText(t, a.line), field: a.field }), ...(description === undefined ? {} : { description }) });
        break;
      }
      case 'order': {
        const choice = view.orders.find((o) => o.points.join() === a.points.join());
        orders.push(
          choice
            ? { index, label: orderLabel(view, choice, seat, ctx), description: outcomeText(view, choice, seat, ctx) }
            : { index, label: a.points.map(pointLabel).join(', ') },
        );
        break;
      }
      case 'resolve':
        buttons.push({ index, label: resolveLabel(view, a.point, seat, ctx), primary: true });
        break;
      case 'draw':
        buttons.push(
          a.pile === 'sea'
            ? view.seaPile === 0
              ? // Ends the game at once: asked first.
                { index, emoji: EMOJI.sea, label: t('freibeuter.panel.draw.sea.end'), confirm: t('freibeuter.panel.draw.sea.confirm') }
              : { index, emoji: EMOJI.sea, label: t('freibeuter.panel.draw.sea', { count: view.seaPile }), primary: true }
            : { index, emoji: EMOJI.dutchman, label: t('freibeuter.panel.draw.dutchman', { count: view.dutchmanPile }), primary: true },
        );
        break;
    }
  });

  const groups: PanelGroup[] = [];
  if (buttons.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: buttons });
  if (orders.length > 0) groups.push({ kind: 'select', placeholder: t('freibeuter.panel.order.placeholder'), choices: orders });
  groups.push(
    ...selectGroups(
      [
        { placeholder: t('freibeuter.panel.sea.placeholder'), choices: seaCards },
        { placeholder: t('freibeuter.panel.dutchman.placeholder'), choices: dutchman },
      ],
      boardGroups(ships, t),
      t('freibeuter.panel.cards.placeholder'),
      t('freibeuter.panel.all.placeholder'),
    ),
  );
  return { text: lines.join('\n'), groups };
}

// ---------------------------------------------------------------------------------------------

export const freibeuterPresenter: GamePresenter<FreibeuterView> = {
  name: 'game.freibeuter.name',
  rules: 'rules.freibeuter',
  score: 'freibeuter.score',
  variants: [{ value: 'standard', label: 'freibeuter.variant.standard', about: 'freibeuter.variant.standard.about', options: {} }],
  // The game has no options: every stored game is the standard one.
  variantOf(options) {
    return typeof options === 'object' && options !== null ? this.variants[0] : undefined;
  },
  colours: (seats) => COLOURS.slice(0, seats),
  status,
  describe: (events, ctx) => describe(events as FreibeuterEvent[], ctx),
  panel,
  render: (view, { t, players }) => renderFreibeuterBoard(view, boardPlayers(players), t),
  altText: (view, ctx) => freibeuterAltText(view, ctx, freibeuterPresenter),
  breakdown,
};
