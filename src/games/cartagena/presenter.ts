import type { Translate } from '../../i18n/index.js';
import { boardPlayers, markOf, type GamePresenter, type Panel, type PanelChoice, type PresentContext } from '../presenter.js';
import { renderCartagenaBoard } from './render.js';
import {
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

/** "💀×2 🔑×1": a hand in symbol order. */
function handText(hand: CartagenaSymbol[]): string {
  return SYMBOLS.filter((s) => hand.includes(s))
    .map((s) => `${SYMBOL_EMOJI[s]}×${hand.filter((c) => c === s).length}`)
    .join('  ');
}

/** `previous` is the event before this one, if any: a win right after a resignation is the last player left. */
function describeEvent(e: CartagenaEvent, { t, players }: PresentContext, previous: CartagenaEvent | undefined): string | null {
  const player = (seat: number) => players[seat]?.name ?? `#${seat + 1}`;
  // Moves carry the player's shape too, to find his pirates on the board without telling colours apart.
  const marked = (seat: number) => {
    const p = players[seat];
    return p ? `${markOf(p)} ${p.name}`.trim() : player(seat);
  };
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

function panel(view: CartagenaView, legal: unknown[], ctx: PresentContext): Panel {
  const { t } = ctx;
  const seat = view.viewer as number;
  const actions = legal as CartagenaAction[];
  const hand = view.hands[seat] ?? [];
  const variant = t(`cartagena.variant.${view.version}`);
  const positions = [...(view.pirates[seat] ?? [])].sort((a, b) => a - b);
  const lines = [
    t('cartagena.panel.title', { variant, turn: view.turn }),
    hand.length > 0 ? t('cartagena.panel.hand', { cards: handText(hand) }) : t('cartagena.panel.hand.empty'),
    // His shape, as drawn on his pirates on the board.
    t('cartagena.panel.pirates', { mark: ctx.players[seat] ? markOf(ctx.players[seat]) : '', pirates: positions.map((p) => shortPlace(t, p)).join(', ') }),
  ];
  if (view.over) lines.push(t('cartagena.status.over'));
  else if (view.current === seat) lines.push(t('cartagena.panel.your-turn', { actions: view.actionsLeft }));
  else lines.push(t('cartagena.panel.waiting', { player: ctx.players[view.current]?.name ?? '' }));

  const board = boardOf(view);
  const forward: PanelChoice[] = [];
  const back: PanelChoice[] = [];
  const end: PanelChoice[] = [];
  actions.forEach((a, index) => {
    if (a.type === 'forward') {
      const to = forwardTarget(board, a.from, a.card);
      forward.push({
        index,
        emoji: SYMBOL_EMOJI[a.card],
        label: t('cartagena.panel.forward.label', { symbol: symbolName(t, a.card), from: shortPlace(t, a.from), to: shortPlace(t, to) }),
        description: t('cartagena.panel.forward.description', { symbol: symbolName(t, a.card) }),
      });
    } else if (a.type === 'back') {
      const to = backTarget(board, a.from) as number;
      const count = view.pirates.flat().filter((p) => p === to).length;
      back.push({
        index,
        emoji: '↩️',
        label: t('cartagena.panel.back.label', { from: shortPlace(t, a.from), to: shortPlace(t, to), count }),
        description: t('cartagena.panel.back.description', { to: place(t, to), count }),
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
  status(view, { t, players }) {
    if (view.over) return t('cartagena.status.over');
    return t('cartagena.status.turn', { turn: view.turn, player: players[view.current]?.name ?? '', actions: view.actionsLeft });
  },
  // A post when the turn passes (also by skipping) or the game ends.
  postAfter: (events) => (events as CartagenaEvent[]).some((e) => e.type === 'turn-passed' || e.type === 'won' || e.type === 'stalemate' || e.type === 'resigned'),
  describe: (events, ctx) =>
    (events as CartagenaEvent[]).map((e, i, all) => describeEvent(e, ctx, all[i - 1])).filter((line): line is string => line !== null),
  panel,
  render: (view, { t, players }) => renderCartagenaBoard(view, boardPlayers(players), t),
};
