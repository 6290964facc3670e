import type { Translate } from '../../i18n/index.js';
import { nameOf, markedName, boardPlayers, markOf, type GamePresenter, type Panel, type PanelChoice, type PresentContext } from '../presenter.js';
import { renderCartagenaBoard } from './render.js';
import { cartagenaAltText } from './alt-text.js';
import {
  PIRATES_PER_PLAYER,
  SHIP,
  START,
  SYMBOLS,
  backTarget,
  forwardTarget,
  type CartagenaAction,
  type CartagenaEvent,
  type CartagenaState,
  type CartagenaSymbol,
  type CartagenaView,
} from './rules.js';

/** Emoji for the symbols in text (images draw their own shapes). */
export const SYMBOL_EMOJI: Record<CartagenaSymbol, string> = {
  skull: '💀',
  dagger: '🗡️',
  key: '🔑',
  bottle: '🍾',
  pistol: '🔫',
  hat: '🎩',
};

const COLOURS = ['red', 'blue', 'green', 'yellow', 'purple'];

const symbolName = (t: Translate, s: CartagenaSymbol) => t(`cartagena.symbol.${s}`);
const symbolText = (t: Translate, s: CartagenaSymbol) => `${SYMBOL_EMOJI[s]} ${symbolName(t, s)}`;

function place(t: Translate, position: number): string {
  if (position === START) return t('cartagena.place.start');
  if (position === SHIP) return t('cartagena.place.ship');
  return t('cartagena.place.space', { space: position });
}

function shortPlace(t: Translate, position: number): string {
  if (position === START) return t('cartagena.short.start');
  if (position === SHIP) return t('cartagena.short.ship');
  return String(position);
}

/** "start ×2, 5, 12 ×2": positions in order, each once with how many pirates stand there. */
function piratesText(t: Translate, positions: number[]): string {
  const sorted = [...positions].sort((a, b) => a - b);
  return [...new Set(sorted)]
    .map((p) => {
      const n = sorted.filter((q) => q === p).length;
      return n > 1 ? `${shortPlace(t, p)} ×${n}` : shortPlace(t, p);
    })
    .join(', ');
}

const aboard = (view: CartagenaView, seat: number) => (view.pirates[seat] ?? []).filter((p) => p === SHIP).length;

/**
 * How the game ended, for the status and the panel: all six aboard, the last player left (the
 * others resigned or were removed when their time ran out), or nobody could move.
 */
function endingText(view: CartagenaView, { t, players }: PresentContext): string {
  const over = t('cartagena.status.over');
  if (view.winner === null) return `${over} ${t('cartagena.status.stalemate')}`;
  const player = players[view.winner]?.name ?? `#${view.winner + 1}`;
  return `${over} ${t(aboard(view, view.winner) === PIRATES_PER_PLAYER ? 'cartagena.status.won' : 'cartagena.status.won.lastLeft', { player })}`;
}

/**
 * A seat's final place as the ranking made it: pirates aboard are the score itself; then where the
 * others stand (the sum of their spaces breaks ties; the start counts 0). Empty for a winner with
 * all six aboard: his score says it all.
 */
function breakdown(view: CartagenaView, seat: number, { t }: PresentContext): string {
  // The ranking line says that he left (resigned, or removed when his time ran out); his pirates left with him.
  if (view.resigned[seat]) return '';
  const positions = view.pirates[seat] ?? [];
  const tunnel = positions.filter((p) => p !== START && p !== SHIP).sort((a, b) => b - a);
  const atStart = positions.filter((p) => p === START).length;
  const parts: string[] = [];
  if (tunnel.length === 1) parts.push(t('cartagena.breakdown.tunnel.one', { space: tunnel[0] as number }));
  else if (tunnel.length > 1) {
    parts.push(t('cartagena.breakdown.tunnel.many', { count: tunnel.length, spaces: tunnel.join(' + '), sum: tunnel.reduce((a, b) => a + b, 0) }));
  }
  if (atStart > 0) parts.push(t('cartagena.breakdown.start', { count: atStart }));
  return parts.join(', ');
}

/** "💀×2 🔑×1": a hand in symbol order. */
function handText(hand: CartagenaSymbol[]): string {
  return SYMBOLS.filter((s) => hand.includes(s))
    .map((s) => `${SYMBOL_EMOJI[s]}×${hand.filter((c) => c === s).length}`)
    .join('  ');
}

/** `previous` is the event before this one, if any: a win right after a resignation is the last player left. */
function describeEvent(e: CartagenaEvent, { t, players }: PresentContext, previous: CartagenaEvent | undefined): string | null {
  const player = (seat: number) => nameOf({ players }, seat);
  // Moves carry the player's shape too, to find his pirates on the board without telling colours apart.
  const marked = (seat: number) => markedName({ players }, seat);
  switch (e.type) {
    case 'forward':
      return t('cartagena.event.forward', { player: marked(e.seat), symbol: symbolText(t, e.card), from: place(t, e.from), to: place(t, e.to) });
    case 'back': {
      const args = { player: marked(e.seat), from: place(t, e.from), to: place(t, e.to), count: e.drawCount };
      // In Tortuga the drawn cards are public; in Jamaica the spectator view has none.
      const cards = e.drew.length > 0 ? ` (${e.drew.map((c) => SYMBOL_EMOJI[c]).join(' ')})` : '';
      if (e.drawCount === 0) return t('cartagena.event.back.none', args);
      return t(e.drawCount === 1 ? 'cartagena.event.back.one' : 'cartagena.event.back.many', { ...args, cards });
    }
    case 'reshuffled':
      return t('cartagena.event.reshuffled');
    case 'row-laid-out':
      // A short row (deck and discards running out) can hold a single card.
      return e.cards === 1 ? t('cartagena.event.row.one') : t('cartagena.event.row', { count: e.cards });
    case 'turn-passed':
      return e.reason === 'no-action-left' ? t('cartagena.event.no-action-left', { player: player(e.seat) }) : null;
    case 'skipped':
      return t('cartagena.event.skipped', { player: player(e.seat) });
    case 'won':
      return t(previous?.type === 'resigned' ? 'cartagena.event.won.lastLeft' : 'cartagena.event.won', { player: player(e.seat) });
    case 'resigned':
      return t('cartagena.event.resigned', { player: player(e.seat) });
    case 'stalemate':
      return t('cartagena.event.stalemate');
  }
}

/**
 * The panel needs the destinations of each move; they are computed from the view, which holds
 * the whole public board (tunnel and pirates), exactly as the rules compute them.
 */
function boardOf(view: CartagenaView): CartagenaState {
  return { tunnel: view.tunnel, pirates: view.pirates } as CartagenaState;
}

/** What sets a card play apart: a pirate boarding the ship (the last one wins); else nothing. */
function forwardDescription(t: Translate, aboardAfter: number | null): string | null {
  if (aboardAfter === null) return null;
  return aboardAfter === PIRATES_PER_PLAYER ? t('cartagena.panel.forward.wins') : t('cartagena.panel.forward.ship', { count: aboardAfter });
}

/**
 * What sets a move back apart: a pirate leaving the ship, and in Tortuga the cards it draws from
 * the open row (known to everyone); else nothing.
 */
function backDescription(t: Translate, view: CartagenaView, from: number, count: number): string | null {
  const parts: string[] = [];
  if (from === SHIP) parts.push(t('cartagena.panel.back.off-ship'));
  if (view.version === 'tortuga' && view.row.length > 0) {
    const cards = view.row
      .slice(0, count)
      .map((c) => SYMBOL_EMOJI[c])
      .join(' ');
    // When the row runs out, a new one is laid out from the deck: its first card is unknown.
    parts.push(view.row.length >= count ? t('cartagena.panel.back.row', { cards }) : t('cartagena.panel.back.row.new', { cards }));
  }
  return parts.length === 0 ? null : parts.join(' ');
}

function panel(view: CartagenaView, legal: unknown[], ctx: PresentContext): Panel {
  const { t } = ctx;
  const seat = view.viewer as number;
  const actions = legal as CartagenaAction[];
  const hand = view.hands[seat] ?? [];
  const variant = t(`cartagena.variant.${view.version}`);
  const positions = view.pirates[seat] ?? [];
  const lines = [
    t('cartagena.panel.title', { variant, turn: view.turn }),
    hand.length > 0 ? t('cartagena.panel.hand', { cards: handText(hand) }) : t('cartagena.panel.hand.empty'),
  ];
  // His shape, as drawn on his pirates on the board; none once he is out of the game.
  if (positions.length > 0)
    lines.push(t('cartagena.panel.pirates', { mark: ctx.players[seat] ? markOf(ctx.players[seat]) : '', pirates: piratesText(t, positions) }));
  if (view.over) lines.push(endingText(view, ctx));
  else if (view.resigned[seat]) lines.push(t('cartagena.panel.out'));
  else if (view.current === seat) lines.push(t('cartagena.panel.your-turn', { actions: view.actionsLeft }));
  else lines.push(t('cartagena.panel.waiting', { player: ctx.players[view.current]?.name ?? '' }));

  const board = boardOf(view);
  const forward: PanelChoice[] = [];
  const back: PanelChoice[] = [];
  const end: PanelChoice[] = [];
  actions.forEach((a, index) => {
    if (a.type === 'forward') {
      const to = forwardTarget(board, a.from, a.card);
      const description = forwardDescription(t, to === SHIP ? aboard(view, seat) + 1 : null);
      forward.push({
        index,
        emoji: SYMBOL_EMOJI[a.card],
        label: t('cartagena.panel.forward.label', { symbol: symbolName(t, a.card), from: shortPlace(t, a.from), to: shortPlace(t, to) }),
        ...(description === null ? {} : { description }),
      });
    } else if (a.type === 'back') {
      const to = backTarget(board, a.from) as number;
      const count = view.pirates.flat().filter((p) => p === to).length;
      const description = backDescription(t, view, a.from, count);
      back.push({
        index,
        emoji: '↩️',
        label: t('cartagena.panel.back.label', { from: shortPlace(t, a.from), to: shortPlace(t, to), count }),
        ...(description === null ? {} : { description }),
      });
    } else end.push({ index, label: t('cartagena.panel.end'), primary: true });
  });
  const groups: Panel['groups'] = [];
  if (forward.length > 0) groups.push({ kind: 'select', placeholder: t('cartagena.panel.forward'), choices: forward });
  if (back.length > 0) groups.push({ kind: 'select', placeholder: t('cartagena.panel.back'), choices: back });
  if (end.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: end });
  return { text: lines.join('\n'), groups };
}

export const cartagenaPresenter: GamePresenter<CartagenaView> = {
  name: 'game.cartagena.name',
  rules: 'rules.cartagena',
  score: 'cartagena.score',
  variants: [
    { value: 'jamaica', label: 'cartagena.variant.jamaica', about: 'cartagena.variant.jamaica.about', options: { version: 'jamaica' } },
    { value: 'tortuga', label: 'cartagena.variant.tortuga', about: 'cartagena.variant.tortuga.about', options: { version: 'tortuga' } },
  ],
  variantOf(options) {
    const version = (options as { version?: string }).version;
    return this.variants.find((v) => v.value === version);
  },
  colours: (seats) => COLOURS.slice(0, seats),
  status(view, ctx) {
    if (view.over) return endingText(view, ctx);
    const args = { turn: view.turn, player: ctx.players[view.current]?.name ?? '', actions: view.actionsLeft };
    // At a turn's start all three actions are left: no need to say so.
    return ctx.t(view.actionsThisTurn === 0 ? 'cartagena.status.turn.start' : 'cartagena.status.turn', args);
  },
  describe: (events, ctx) => (events as CartagenaEvent[]).map((e, i, all) => describeEvent(e, ctx, all[i - 1])).filter((line): line is string => line !== null),
  panel,
  breakdown,
  render: (view, { t, players }, earlier) => renderCartagenaBoard(view, boardPlayers(players), t, earlier),
  altText: (view, ctx) => cartagenaAltText(view, ctx, cartagenaPresenter),
};
