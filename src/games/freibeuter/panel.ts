/**
 * A player's own panel: his hand, the others' open holdings, and each choice with what it would
 * do to the sea and the treasure.
 */
import type { Translate } from '../../i18n/index.js';
import { markedName, nameOf, type Panel, type PanelChoice, type PanelGroup, type PresentContext } from '../presenter.js';
import { tokenLabel } from './labels.js';
import { boardGroups, selectGroups } from './panel-groups.js';
import { orderLabel, outcomeText } from './order-texts.js';
import {
  FIELD_POINTS,
  PIRATE_SHARE,
  POINT_FIELDS,
  fieldIndex,
  paymentPerBoat,
  pointLabel,
  type FieldName,
  type FreibeuterAction,
  type FreibeuterView,
  type TokenView,
} from './rules.js';
import { piratesText, resultText, status } from './status.js';
import { EMOJI, lineText, nameList, shipsText } from './texts.js';

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
  return mine > 0
    ? t('freibeuter.effect.capture.paid', { point, value: tk.value, player, amount: mine })
    : t('freibeuter.effect.capture', { point, value: tk.value, player, total });
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

export function panel(view: FreibeuterView, legal: unknown[], ctx: PresentContext): Panel {
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
  if (!view.over)
    for (const choice of view.orders)
      lines.push(t('freibeuter.panel.order.line', { order: orderLabel(view, choice, seat, ctx), outcome: outcomeText(view, choice, seat, ctx) }));

  const seaCards: PanelChoice[] = [];
  const dutchman: PanelChoice[] = [];
  const ships: { choice: PanelChoice; point: number }[] = [];
  const orders: PanelChoice[] = [];
  const buttons: PanelChoice[] = [];
  actions.forEach((a, index) => {
    switch (a.type) {
      case 'board': {
        // Named as the board and the posts show the ship: its number, where it lies, its value and what it pays per boat.
        const token = view.tokens[a.point] as TokenView;
        const value = token.token?.kind === 'ship' ? token.token.value : 5;
        const label = t('freibeuter.panel.board', { label: tokenLabel(a.point), point: pointLabel(a.point), value, per: paymentPerBoat(value) });
        ships.push({ choice: { index, emoji: EMOJI.board, label, description: boardDescription(view, token, seat, ctx) }, point: a.point });
        break;
      }
      case 'place': {
        const description = placeDescription(view, a.field, seat, ctx, 'boat');
        seaCards.push({
          index,
          emoji: EMOJI.boat,
          label: t('freibeuter.panel.place', { field: a.field }),
          ...(description === undefined ? {} : { description }),
        });
        break;
      }
      case 'takeTreasure':
        // The label says it all: the same card, a boat already there, 2 treasure instead of a boat.
        seaCards.push({ index, emoji: EMOJI.treasure, label: t('freibeuter.panel.take', { field: a.field }) });
        break;
      case 'dutchman': {
        const description = placeDescription(view, a.field, seat, ctx, 'dutchman');
        dutchman.push({
          index,
          emoji: EMOJI.dutchman,
          label: t('freibeuter.panel.dutchman', { line: lineText(t, a.line), field: a.field }),
          ...(description === undefined ? {} : { description }),
        });
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
