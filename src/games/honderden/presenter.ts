import type { Translate } from '../../i18n/index.js';
import type { GamePresenter, Panel, PanelChoice, PanelGroup, PresentContext, Variant } from '../presenter.js';
import { SUIT_SYMBOL, cardText } from './labels.js';
import { renderHonderdenBoard } from './render.js';
import {
  LAST_TRICK_POINTS,
  STUK_POINTS,
  rankOf,
  suitOf,
  type Card,
  type Combo,
  type HandResult,
  type HonderdenAction,
  type HonderdenEvent,
  type HonderdenOptions,
  type HonderdenView,
  type Play,
  type RoemCategory,
  type ShownStatement,
  type StatementStatus,
  type Suit,
} from './rules.js';

/**
 * How Honderden shows itself in Discord. The Dutch terms of the game (roem, stuk, Jas, Nel,
 * "ik dek", onder Jan, pit) stay Dutch in every language; suits are written ♠ ♥ ♣ ♦ and ranks
 * with the letters of the reader's language (labels.ts: 10 J Q K A in English, 10 B V H A in Dutch).
 *
 * Nothing here shows a running total of card points during a hand: a claim ("ik dek") needs
 * the players to count for themselves, as at the table. Roem, stuk, tricks won, the points
 * carried from earlier hands and game points are public and shown.
 *
 * Posts: the design makes the trick the unit of a post, but a trick is played by two or three
 * players in turn and only a post mentions the player who must act. So a post is made whenever
 * the turn passes to another player (each card played, each roem answer), which includes the end
 * of every trick, of every hand and of the match. Steps that leave the same player to act (the
 * swap, a declaration, stuk, taking the last card) are told in the next post.
 */

/** Seat colours: none of them the felt's green or a suit's red. */
const COLOURS = ['blue', 'yellow', 'purple'];

export { SUIT_SYMBOL, cardText };

/** "K♠ Q♠" (English), "H♠ V♠" (Dutch): cards in the reader's language. */
const cardsText = (t: Translate, cards: readonly Card[]) => cards.map((card) => cardText(t, card)).join(' ');

const nameOf = (ctx: PresentContext, seat: number) => ctx.players[seat]?.name ?? `#${seat + 1}`;

/** "carré" or "3 on the queen": what a player says aloud. */
export function categoryText(t: Translate, category: RoemCategory): string {
  return category.kind === 'carre'
    ? t('honderden.roem.carre')
    : t('honderden.roem.sequence', { length: category.length, top: t(`honderden.rank.${category.top}`) });
}

/** "carré of queens" or "4 on the king in ♠": a shown combination. */
export function comboText(t: Translate, combo: Combo): string {
  return combo.kind === 'carre'
    ? t('honderden.combo.carre', { ranks: t(`honderden.ranks.${combo.rank}`) })
    : t('honderden.combo.sequence', { length: combo.length, top: t(`honderden.rank.${combo.top}`), suit: SUIT_SYMBOL[combo.suit] });
}

/** What a category is worth, for a choice's description. */
function categoryAbout(t: Translate, category: RoemCategory): string {
  if (category.kind === 'carre') return t('honderden.roem.carre.about');
  const points = category.length >= 5 ? 100 : category.length === 4 ? 50 : 20;
  return t('honderden.roem.sequence.about', { length: category.length, top: t(`honderden.rank.${category.top}`), points });
}

/** "Anne K♣, Bart **A♣**": a trick in playing order, the winning card bold when given. */
function playsText(ctx: PresentContext, plays: readonly Play[], winner: number | null = null): string {
  const { t } = ctx;
  return plays.map((p) => `${nameOf(ctx, p.seat)} ${p.seat === winner ? `**${cardText(t, p.card)}**` : cardText(t, p.card)}`).join(', ');
}

/** "Anne 2 · Bart 1". */
function perPlayer(ctx: PresentContext, seats: readonly number[], value: (seat: number) => string | number, viewer: number | null = null): string {
  return seats.map((seat) => `${seat === viewer ? ctx.t('honderden.panel.you') : nameOf(ctx, seat)} ${value(seat)}`).join(' · ');
}

/** Seats in the match, or (a finished match after everyone else left) every seat. */
const seatsShown = (view: HonderdenView) => (view.players.length > 0 ? view.players : view.gamePoints.map((_, s) => s));

// ---------------------------------------------------------------------------------------------
// Events

function statusWord(t: Translate, status: StatementStatus): string {
  return t(`honderden.roem.status.${status}`);
}

function shownLine(ctx: PresentContext, st: ShownStatement): string {
  const { t } = ctx;
  const combos = st.combos.map((c) => `${comboText(t, c)} (${cardsText(t, c.cards)})`).join(', ');
  return t('honderden.event.roem-shown.line', { player: nameOf(ctx, st.seat), combos, points: st.points, status: statusWord(t, st.status) });
}

const tricksText = (t: Translate, count: number) => (count === 1 ? t('honderden.tricks.one') : t('honderden.tricks', { count }));

function pointsParts(t: Translate, p: NonNullable<HandResult['points'][number]>): string {
  const parts = [t('honderden.points.cards', { points: p.cards })];
  if (p.roem > 0) parts.push(t('honderden.points.roem', { points: p.roem }));
  if (p.stuk > 0) parts.push(t('honderden.points.stuk', { points: p.stuk }));
  if (p.lastTrick > 0) parts.push(t('honderden.points.last-trick', { points: p.lastTrick }));
  if (p.carried > 0) parts.push(t('honderden.points.carried', { points: p.carried }));
  return parts.join(' + ');
}

function handEndedLines(ctx: PresentContext, r: HandResult): string[] {
  const { t } = ctx;
  const lines = [t(`honderden.event.hand-over.${r.ending}`, { hand: r.hand, player: r.claimer === null ? '' : nameOf(ctx, r.claimer) })];
  r.points.forEach((p, seat) => {
    if (p) lines.push(t('honderden.event.hand-over.points', { player: nameOf(ctx, seat), parts: pointsParts(t, p), total: p.total, tricks: tricksText(t, r.tricksWon[seat] ?? 0) }));
  });
  if (r.winner !== null) {
    const extras = [r.onderJan ? t('honderden.onder-jan') : '', r.pit ? t('honderden.pit') : ''].filter(Boolean).join(', ');
    const key = r.gamePoints === 1 ? 'honderden.event.hand-won.one' : 'honderden.event.hand-won';
    lines.push(t(key, { player: nameOf(ctx, r.winner), points: r.gamePoints, extras: extras ? ` (${extras})` : '' }));
  } else if (r.next === 'replay') lines.push(t('honderden.event.hand-tied'));
  else lines.push(t('honderden.event.hand-carried'));
  return lines;
}

/** One line (or a few) per public event, in order; pairs of draws and of the last choice make one line. */
function describe(events: HonderdenEvent[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  const name = (seat: number) => nameOf(ctx, seat);
  /** Seats that have declared roem in these events: a further declaration is an addition. */
  const declaredBy = new Set<number>();
  let totals: number[] | null = null;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as HonderdenEvent;
    switch (e.type) {
      case 'handDealt': {
        declaredBy.clear();
        const head = e.replay ? 'honderden.event.hand.replay' : e.handInGame > 1 ? 'honderden.event.hand.carried' : 'honderden.event.hand';
        lines.push(t(head, { hand: e.hand, game: e.game }));
        const args = { dealer: name(e.dealer), leader: name(e.leader), card: cardText(t, e.turnedUp), suit: SUIT_SYMBOL[e.trump] };
        lines.push(t(e.rules === 'two' ? 'honderden.event.dealt.two' : 'honderden.event.dealt.three', args));
        break;
      }
      case 'swapped':
        lines.push(t('honderden.event.swapped', { player: name(e.seat), took: cardText(t, e.took), gave: cardText(t, e.gave) }));
        break;
      case 'declared':
        lines.push(t(declaredBy.has(e.seat) ? 'honderden.event.declared.more' : 'honderden.event.declared', { player: name(e.seat), roem: categoryText(t, e.roem) }));
        declaredBy.add(e.seat);
        break;
      case 'rejecting':
        lines.push(t('honderden.event.rejecting', { player: name(e.seat), other: name(e.of), roem: categoryText(t, e.roem) }));
        declaredBy.add(e.seat);
        break;
      case 'rejection':
        lines.push(t(e.success ? 'honderden.event.rejection.success' : 'honderden.event.rejection.failed', { player: name(e.seat), other: name(e.of) }));
        break;
      case 'noRejection':
        lines.push(t('honderden.event.no-rejection', { player: name(e.seat) }));
        break;
      case 'stuk':
        lines.push(t('honderden.event.stuk', { player: name(e.seat), cards: cardsText(t, e.cards), points: STUK_POINTS }));
        break;
      case 'played':
        lines.push(t('honderden.event.played', { player: name(e.seat), card: cardText(t, e.card) }));
        break;
      case 'trickWon':
        lines.push(
          t(e.last ? 'honderden.event.trick.last' : 'honderden.event.trick', { player: name(e.seat), trick: e.trick, plays: playsText(ctx, e.plays, e.seat), points: LAST_TRICK_POINTS }),
        );
        break;
      case 'roemShown':
        lines.push(t('honderden.event.roem-shown'));
        for (const st of e.statements) lines.push(shownLine(ctx, st));
        break;
      case 'roemHundred':
        lines.push(t('honderden.event.roem-hundred', { player: name(e.seat), points: e.points }));
        break;
      case 'drew': {
        const next = events[i + 1];
        if (next?.type === 'drew') {
          lines.push(t('honderden.event.drew.both', { first: name(e.seat), second: name(next.seat) }));
          i++;
        } else lines.push(t('honderden.event.drew', { player: name(e.seat) }));
        break;
      }
      case 'hiddenShown':
        lines.push(t('honderden.event.hidden-shown', { card: cardText(t, e.card), open: cardText(t, e.open), player: name(e.chooser) }));
        break;
      case 'took': {
        const next = events[i + 1];
        if (next?.type === 'took') {
          lines.push(t('honderden.event.took.both', { player: name(e.seat), card: cardText(t, e.card), other: name(next.seat), rest: cardText(t, next.card) }));
          i++;
        } else lines.push(t('honderden.event.took', { player: name(e.seat), card: cardText(t, e.card) }));
        break;
      }
      case 'stockEmpty':
        lines.push(t('honderden.event.stock-empty'));
        break;
      case 'claimed':
        lines.push(t(e.right ? 'honderden.event.claimed.right' : 'honderden.event.claimed.wrong', { player: name(e.seat), points: e.points }));
        break;
      case 'handEnded':
        lines.push(...handEndedLines(ctx, e.result));
        break;
      case 'gamePoints':
        totals = e.totals;
        lines.push(t('honderden.event.game-points', { totals: e.totals.map((p, seat) => `${name(seat)} ${p}`).join(' · ') }));
        break;
      case 'resigned':
        lines.push(t('honderden.event.resigned', { player: name(e.seat) }));
        break;
      case 'handAbandoned':
        lines.push(t('honderden.event.hand-abandoned', { hand: e.hand }));
        break;
      case 'matchOver': {
        const points = totals?.[e.winner];
        lines.push(
          e.reason === 'resigned'
            ? t('honderden.event.match-over.resigned', { player: name(e.winner) })
            : points === undefined
              ? t('honderden.event.match-over.plain', { player: name(e.winner) })
              : t('honderden.event.match-over', { player: name(e.winner), points }),
        );
        break;
      }
    }
  }
  return lines;
}

/** Events after which the same player goes on: nothing to post yet. */
const QUIET: ReadonlySet<HonderdenEvent['type']> = new Set(['swapped', 'declared', 'rejecting', 'stuk', 'took', 'stockEmpty']);

/**
 * A post whenever the turn may have passed to someone else: a card played (which also ends
 * tricks, hands and the match), a roem answer, a claim, a resignation.
 */
function postAfter(events: HonderdenEvent[]): boolean {
  return events.some((e) => !QUIET.has(e.type));
}

// ---------------------------------------------------------------------------------------------
// Status

function prefix(view: HonderdenView, t: Translate): string {
  return t('honderden.status.prefix', { hand: view.handNumber, game: view.game, suit: SUIT_SYMBOL[view.trump] });
}

/** The standing declaration and its player, if any. */
function standingOf(view: HonderdenView) {
  return view.roem.find((st) => st.status === 'standing') ?? null;
}

function status(view: HonderdenView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.over) return view.winner === null ? t('honderden.status.over') : t('honderden.status.over.winner', { player: nameOf(ctx, view.winner) });
  const player = nameOf(ctx, view.waitingFor[0] ?? 0);
  const base = { prefix: prefix(view, t), player, trick: Math.min(view.tricksPlayed + 1, view.tricksPerHand), tricks: view.tricksPerHand };
  switch (view.phase) {
    case 'play':
      return view.trick.plays.length === 0 ? t('honderden.status.lead', base) : t('honderden.status.follow', { ...base, plays: playsText(ctx, view.trick.plays) });
    case 'roemAnswer': {
      const standing = standingOf(view);
      if (!standing) return t('honderden.status.answer.plain', base);
      return t('honderden.status.answer', { ...base, other: nameOf(ctx, standing.seat), roem: standing.categories.map((c) => categoryText(t, c)).join(', ') });
    }
    case 'chooseLast':
      return view.lastChoice
        ? t('honderden.status.choose-last', { ...base, hidden: cardText(t, view.lastChoice.hidden), open: cardText(t, view.lastChoice.open) })
        : t('honderden.status.lead', base);
    case 'over':
      return t('honderden.status.over');
  }
}

// ---------------------------------------------------------------------------------------------
// Panel

/** "A♠ 10♠ K♠ · J♥ 9♥": a hand, one group per suit. */
function handText(t: Translate, cards: readonly Card[]): string {
  const groups: Card[][] = [];
  for (const card of cards) {
    const last = groups.at(-1);
    if (last && suitOf(last[0] as Card) === suitOf(card)) last.push(card);
    else groups.push([card]);
  }
  return groups.map((group) => cardsText(t, group)).join(' · ');
}

/** "J♥ Jas", "9♥ Nel", "A♠". */
function playLabel(t: Translate, card: Card, trump: Suit): string {
  if (suitOf(card) === trump && rankOf(card) === 'J') return t('honderden.panel.play.jas', { card: cardText(t, card) });
  if (suitOf(card) === trump && rankOf(card) === '9') return t('honderden.panel.play.nel', { card: cardText(t, card) });
  return cardText(t, card);
}

/** Lines about the table that every seat sees in its panel. */
function tableLines(view: HonderdenView, ctx: PresentContext, seat: number): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  const seats = seatsShown(view);
  if (view.rules === 'two') {
    if (view.trumpCard !== null) lines.push(t('honderden.panel.stock', { count: view.stockSize, card: cardText(t, view.trumpCard) }));
    else lines.push(t('honderden.panel.stock.empty'));
  } else lines.push(t('honderden.panel.three', { card: cardText(t, view.turnedUp), player: nameOf(ctx, view.dealer) }));
  const known = seats.filter((s) => s !== seat && (view.knownCards[s]?.length ?? 0) > 0).map((s) => `${nameOf(ctx, s)} ${cardsText(t, view.knownCards[s] as Card[])}`);
  if (known.length > 0) lines.push(t('honderden.panel.known', { list: known.join(' · ') }));
  // Roem said in the first trick (before it is shown), or shown.
  if (view.roem.length > 0) {
    const said = view.roem.map((st) => {
      const what = st.categories.map((c) => categoryText(t, c)).join(', ');
      const who = st.seat === seat ? t('honderden.panel.you') : nameOf(ctx, st.seat);
      if (st.combos && st.points !== null) {
        return t('honderden.panel.roem.shown', { player: who, combos: st.combos.map((c) => `${comboText(t, c)} (${cardsText(t, c.cards)})`).join(', '), points: st.points, status: statusWord(t, st.status) });
      }
      const said = t(st.kind === 'declare' ? 'honderden.panel.roem.declared' : 'honderden.panel.roem.rejecting', { player: who, roem: what, other: st.of === null ? '' : nameOf(ctx, st.of) });
      // A rejection is judged when its player has played: the outcome is public at once.
      const judged = st.status === 'rejected' || st.status === 'failed' || (st.kind === 'reject' && st.status === 'standing');
      return judged ? `${said} (${statusWord(t, st.status)})` : said;
    });
    lines.push(t('honderden.panel.roem', { list: said.join('; ') }));
  }
  const roemOf = (s: number) => {
    const parts: string[] = [];
    if ((view.roemPoints[s] ?? 0) > 0) parts.push(String(view.roemPoints[s]));
    if (view.stuk[s]) parts.push(t('honderden.panel.stuk-points', { points: STUK_POINTS }));
    return parts.length > 0 ? parts.join(' + ') : '0';
  };
  lines.push(t('honderden.panel.tally', { tricks: perPlayer(ctx, seats, (s) => view.tricksWon[s] ?? 0, seat), roem: perPlayer(ctx, seats, roemOf, seat) }));
  if (view.handInGame > 1 && seats.some((s) => (view.carried[s] ?? 0) > 0)) {
    lines.push(t('honderden.panel.carried', { carried: perPlayer(ctx, seats, (s) => view.carried[s] ?? 0, seat) }));
  }
  lines.push(t('honderden.panel.game-points', { target: view.target, points: perPlayer(ctx, view.gamePoints.map((_, s) => s), (s) => view.gamePoints[s] ?? 0, seat) }));
  if (view.lastTrick) {
    lines.push(t('honderden.panel.last-trick', { trick: view.tricksPlayed, plays: playsText(ctx, view.lastTrick.plays, view.lastTrick.winner), player: nameOf(ctx, view.lastTrick.winner) }));
  }
  return lines;
}

function turnLines(view: HonderdenView, actions: HonderdenAction[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const seat = view.viewer as number;
  const lines: string[] = [];
  const trick = Math.min(view.tricksPlayed + 1, view.tricksPerHand);
  switch (view.phase) {
    case 'play': {
      const plays = view.trick.plays;
      lines.push(plays.length === 0 ? t('honderden.panel.turn.lead', { trick }) : t('honderden.panel.turn.follow', { trick, plays: playsText(ctx, plays) }));
      const led = plays[0] ? suitOf(plays[0].card) : null;
      if (led !== null) {
        if (!view.dutyToFollow) lines.push(t('honderden.panel.hint.free'));
        else if (led === view.trump) lines.push(t('honderden.panel.hint.trump-led'));
        else lines.push(t('honderden.panel.hint.follow', { suit: SUIT_SYMBOL[led] }));
      }
      const steps = view.turnSteps;
      const mine = steps.statement === null ? null : view.roem[steps.statement];
      if (mine) lines.push(t(mine.kind === 'declare' ? 'honderden.panel.said' : 'honderden.panel.said.reject', { roem: mine.categories.map((c) => categoryText(t, c)).join(', ') }));
      if (steps.stuk) lines.push(t('honderden.panel.said.stuk'));
      if (actions.some((a) => a.type === 'declare') && !mine) lines.push(t('honderden.panel.hint.declare'));
      if (actions.some((a) => a.type === 'reject')) {
        const standing = standingOf(view);
        if (standing) lines.push(t('honderden.panel.hint.reject', { player: nameOf(ctx, standing.seat), roem: standing.categories.map((c) => categoryText(t, c)).join(', ') }));
      }
      if (actions.some((a) => a.type === 'claim')) lines.push(t('honderden.panel.hint.claim'));
      break;
    }
    case 'roemAnswer': {
      const open = view.turnSteps.statement === null ? null : view.roem[view.turnSteps.statement];
      const standing = standingOf(view);
      if (open) lines.push(t('honderden.panel.turn.answer.open', { roem: open.categories.map((c) => categoryText(t, c)).join(', ') }));
      else if (standing) {
        const key = actions.some((a) => a.type === 'reject') ? 'honderden.panel.turn.answer' : 'honderden.panel.turn.answer.none';
        lines.push(t(key, { player: nameOf(ctx, standing.seat), roem: standing.categories.map((c) => categoryText(t, c)).join(', ') }));
      } else lines.push(t('honderden.panel.turn.answer.none', { player: '?', roem: '?' }));
      break;
    }
    case 'chooseLast': {
      const other = seatsShown(view).find((s) => s !== seat) ?? seat;
      const choice = view.lastChoice;
      if (choice) lines.push(t('honderden.panel.turn.choose-last', { hidden: cardText(t, choice.hidden), open: cardText(t, choice.open), player: nameOf(ctx, other) }));
      break;
    }
    case 'over':
      break;
  }
  return lines;
}

function panel(view: HonderdenView, legal: unknown[], ctx: PresentContext): Panel {
  const { t } = ctx;
  const seat = view.viewer as number;
  const actions = legal as HonderdenAction[];
  const lines = [
    t('honderden.panel.title', { rules: t(view.rules === 'two' ? 'honderden.rules.two' : 'honderden.rules.three'), prefix: prefix(view, t) }),
  ];
  if (view.hand && view.hand.length > 0 && !view.over) lines.push(t('honderden.panel.hand', { cards: handText(t, view.hand) }));
  const drew = view.events.find((e): e is Extract<HonderdenEvent, { type: 'drew' }> => e.type === 'drew' && e.seat === seat && e.card !== null);
  if (drew?.card && !view.over) lines.push(t('honderden.panel.drew', { card: cardText(t, drew.card) }));
  if (!view.over) lines.push(...tableLines(view, ctx, seat));
  if (view.over) {
    lines.push(t('honderden.panel.over', { points: perPlayer(ctx, view.gamePoints.map((_, s) => s), (s) => view.gamePoints[s] ?? 0) }));
  } else if (view.resigned[seat]) {
    lines.push(t('honderden.panel.left'));
  } else if (actions.length > 0) {
    lines.push(...turnLines(view, actions, ctx));
  } else {
    lines.push(t('honderden.panel.waiting', { status: status(view, ctx) }));
  }

  const cards: PanelChoice[] = [];
  const roem: PanelChoice[] = [];
  const takes: PanelChoice[] = [];
  const extra: PanelChoice[] = [];
  let rejecting = false;
  actions.forEach((a, index) => {
    switch (a.type) {
      case 'play':
        cards.push({ index, label: playLabel(t, a.card, view.trump), primary: suitOf(a.card) === view.trump });
        break;
      case 'swap':
        extra.push({ index, label: t('honderden.panel.swap', { seven: cardText(t, `7${view.trump}`), card: view.trumpCard ? cardText(t, view.trumpCard) : '?' }), emoji: '🔁' });
        break;
      case 'declare':
        roem.push({ index, label: t('honderden.panel.declare', { roem: categoryText(t, a.roem) }), description: categoryAbout(t, a.roem) });
        break;
      case 'reject':
        rejecting = true;
        roem.push({ index, label: t('honderden.panel.reject', { roem: categoryText(t, a.roem) }), description: categoryAbout(t, a.roem) });
        break;
      case 'stuk':
        extra.push({ index, label: t('honderden.panel.stuk', { cards: cardsText(t, [`K${view.trump}`, `Q${view.trump}`]) }), emoji: '👑' });
        break;
      case 'claim':
        extra.push({ index, label: t('honderden.panel.claim'), emoji: '✋' });
        break;
      case 'done':
        extra.push({ index, label: t(view.turnSteps.statement === null ? 'honderden.panel.done.let-stand' : 'honderden.panel.done'), primary: true });
        break;
      case 'take': {
        const hidden = view.lastChoice?.hidden === a.card;
        takes.push({ index, label: t(hidden ? 'honderden.panel.take.hidden' : 'honderden.panel.take.open', { card: cardText(t, a.card) }), primary: true });
        break;
      }
    }
  });

  const groups: PanelGroup[] = [];
  if (roem.length > 0) {
    const standing = standingOf(view);
    const placeholder = rejecting
      ? t('honderden.panel.reject.placeholder', { player: standing ? nameOf(ctx, standing.seat) : '?' })
      : t(view.turnSteps.statement === null ? 'honderden.panel.declare.placeholder' : 'honderden.panel.declare.more');
    groups.push({ kind: 'select', placeholder, choices: roem });
  }
  if (takes.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: takes });
  if (cards.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: cards });
  if (extra.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: extra });
  return { text: lines.join('\n'), groups };
}

// ---------------------------------------------------------------------------------------------

const VARIANTS: (Variant & { options: HonderdenOptions })[] = [
  { value: 'to-5', label: 'honderden.variant.to-5', about: 'honderden.variant.to-5.about', options: { target: 5 } },
  { value: 'to-3', label: 'honderden.variant.to-3', about: 'honderden.variant.to-3.about', options: { target: 3 } },
  { value: 'to-10', label: 'honderden.variant.to-10', about: 'honderden.variant.to-10.about', options: { target: 10 } },
  { value: 'one-game', label: 'honderden.variant.one-game', about: 'honderden.variant.one-game.about', options: { target: 1 } },
];

export const honderdenPresenter: GamePresenter<HonderdenView> = {
  name: 'game.honderden.name',
  rules: 'rules.honderden',
  score: 'honderden.score',
  variants: VARIANTS,
  variantOf(options) {
    if (typeof options !== 'object' || options === null) return undefined;
    const target = (options as Partial<HonderdenOptions>).target ?? 5;
    return VARIANTS.find((v) => v.options.target === target);
  },
  colours: (seats) => COLOURS.slice(0, seats),
  status,
  postAfter: (events) => postAfter(events as HonderdenEvent[]),
  describe: (events, ctx) => describe(events as HonderdenEvent[], ctx),
  panel,
  render: (view, { t, players }) => renderHonderdenBoard(view, players.map((p) => ({ name: p.name, colour: p.colour as never })), t),
};
