import type { Translate } from '../../i18n/index.js';
import { boardPlayers, nameOf, type GamePresenter, type Panel, type PanelChoice, type PanelGroup, type PresentContext, type Variant } from '../presenter.js';
import { describe } from './describe.js';
import { SUIT_SYMBOL, cardText } from './labels.js';
import { renderHonderdenBoard } from './render.js';
import { honderdenAltText } from './alt-text.js';
import {
  STUK_POINTS,
  rankOf,
  suitOf,
  type Card,
  type HonderdenAction,
  type HonderdenEvent,
  type HonderdenOptions,
  type HonderdenView,
  type StatementView,
  type Suit,
} from './rules.js';
import { cardsText, categoryAbout, categoryText, comboText, gamePointsText, perPlayer, playsText, saidText, seatsShown, statusWord } from './texts.js';

/**
 * How Honderden shows itself in Discord. The Dutch terms of the game (roem, stuk, Jas, Nel,
 * "ik dek", onder Jan, pit) stay Dutch in every language; suits are written ♠ ♥ ♣ ♦ and ranks
 * with the letters of the reader's language (labels.ts: 10 J Q K A in English, 10 B V H A in Dutch).
 *
 * Nothing here shows a running total of card points during a hand, not even the claim ("ik dek"),
 * which asks first without naming any points: the rules leave the counting to the player. Roem,
 * stuk, tricks won, the points carried from earlier hands and game points are public and shown.
 *
 * Posts: a trick is played by two or three players in turn and only a post mentions the player
 * who must act. So a post is made whenever the turn passes to another player (each card played,
 * a roem answer), which includes the end of every trick, of every hand and of the match: at most
 * one per card. Steps that leave the same player to act (the swap, a declaration, stuk, taking
 * the last card) are told in the next post. A post tells at most three lines (describe.ts).
 */

/** Seat colours: none of them the felt's green or a suit's red. */
const COLOURS = ['blue', 'yellow', 'purple'];

export { SUIT_SYMBOL, cardText, categoryText, comboText };

// ---------------------------------------------------------------------------------------------
// Status

function prefix(view: HonderdenView, t: Translate): string {
  return t('honderden.status.prefix', { hand: view.handNumber, game: view.game, suit: SUIT_SYMBOL[view.trump] });
}

/** The standing declaration and its player, if any. */
function standingOf(view: HonderdenView) {
  return view.roem.find((st) => st.status === 'standing') ?? null;
}

/** The standing declaration, when this viewer is told what it is (not while three players' roem is untold). */
function toldStanding(view: HonderdenView): (StatementView & { categories: NonNullable<StatementView['categories']> }) | null {
  const standing = standingOf(view);
  return standing?.categories ? { ...standing, categories: standing.categories } : null;
}

/**
 * Whether the match ended because everyone else left (or was removed when his time ran out): the
 * winner is then the only player left, whatever his game points.
 */
const wonByLeaving = (view: HonderdenView) =>
  view.over && view.winner !== null && view.players.length <= 1 && (view.gamePoints[view.winner] ?? 0) < view.target;

/** "The match is over: Anne won with 5 game points." or "…: Anne won as the only player left." */
function overText(view: HonderdenView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.winner === null) return t('honderden.status.over');
  const player = nameOf(ctx, view.winner);
  if (wonByLeaving(view)) return t('honderden.status.over.left', { player });
  return t('honderden.status.over.winner', { player, points: gamePointsText(t, view.gamePoints[view.winner] ?? 0) });
}

function status(view: HonderdenView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.over) return overText(view, ctx);
  const player = nameOf(ctx, view.waitingFor[0] ?? 0);
  const base = { prefix: prefix(view, t), player, trick: Math.min(view.tricksPlayed + 1, view.tricksPerHand), tricks: view.tricksPerHand };
  switch (view.phase) {
    case 'play':
      return view.trick.plays.length === 0
        ? t('honderden.status.lead', base)
        : t('honderden.status.follow', { ...base, plays: playsText(ctx, view.trick.plays) });
    case 'roemAnswer': {
      const standing = standingOf(view);
      if (!standing) return t('honderden.status.answer.plain', base);
      return t('honderden.status.answer', { ...base, other: nameOf(ctx, standing.seat), roem: saidText(t, standing.categories ?? []) });
    }
    case 'chooseLast': {
      const choice = view.lastChoice;
      if (!choice) return t('honderden.status.lead', base);
      if (choice.hidden === null) return t('honderden.status.choose-last.unseen', { ...base, open: cardText(t, choice.open) });
      return t('honderden.status.choose-last', { ...base, hidden: cardText(t, choice.hidden), open: cardText(t, choice.open) });
    }
    case 'over':
      return overText(view, ctx);
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

/** "Bart rejects Anne's roem with carré", or only that he rejects while it is not told to this viewer. */
function statementLine(ctx: PresentContext, st: StatementView, who: string): string {
  const { t } = ctx;
  if (st.kind === 'declare') {
    return st.categories
      ? t('honderden.panel.roem.declared', { player: who, roem: saidText(t, st.categories) })
      : t('honderden.panel.roem.declared.untold', { player: who });
  }
  if (!st.categories) return t('honderden.panel.roem.rejecting.untold', { player: who });
  // The third player's own rejection: aimed at whichever roem stands, which he is not told yet.
  if (st.of === null) return t('honderden.panel.roem.rejecting.standing', { player: who, roem: saidText(t, st.categories) });
  return t('honderden.panel.roem.rejecting', { player: who, roem: saidText(t, st.categories), other: nameOf(ctx, st.of) });
}

/** Lines about the table that every seat sees in its panel. */
function tableLines(view: HonderdenView, ctx: PresentContext, seat: number): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  const seats = seatsShown(view);
  if (view.rules === 'two') {
    if (view.trumpCard !== null)
      lines.push(t(view.stockSize === 1 ? 'honderden.panel.stock.one' : 'honderden.panel.stock', { count: view.stockSize, card: cardText(t, view.trumpCard) }));
    else lines.push(t('honderden.panel.stock.empty'));
  } else lines.push(t('honderden.panel.three', { card: cardText(t, view.turnedUp), player: nameOf(ctx, view.dealer) }));
  const known = seats
    .filter((s) => s !== seat && (view.knownCards[s]?.length ?? 0) > 0)
    .map((s) => `${nameOf(ctx, s)} ${cardsText(t, view.knownCards[s] as Card[])}`);
  if (known.length > 0) lines.push(t('honderden.panel.known', { list: known.join(' · ') }));
  // Roem said in the first trick (before it is shown), or shown.
  if (view.roem.length > 0) {
    const said = view.roem.map((st) => {
      const who = st.seat === seat ? t('honderden.panel.you') : nameOf(ctx, st.seat);
      if (st.combos && st.points !== null) {
        return t('honderden.panel.roem.shown', {
          player: who,
          combos: st.combos.map((c) => `${comboText(t, c)} (${cardsText(t, c.cards)})`).join(', '),
          points: st.points,
          status: statusWord(t, st.status),
        });
      }
      const said = statementLine(ctx, st, who);
      // A judged rejection: its outcome is told (two players: at once; three: once the trick is complete).
      const judged = st.status === 'rejected' || st.status === 'failed' || (st.kind === 'reject' && st.status === 'standing');
      return judged ? `${said} (${statusWord(t, st.status)})` : said;
    });
    lines.push(t('honderden.panel.roem', { list: said.join('; ') }));
    if (view.roem.some((st) => st.categories === null)) lines.push(t('honderden.panel.roem.untold'));
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
  lines.push(
    t('honderden.panel.game-points', {
      target: view.target,
      points: perPlayer(
        ctx,
        view.gamePoints.map((_, s) => s),
        (s) => view.gamePoints[s] ?? 0,
        seat,
      ),
    }),
  );
  if (view.lastTrick) {
    lines.push(
      t('honderden.panel.last-trick', {
        trick: view.tricksPlayed,
        plays: playsText(ctx, view.lastTrick.plays, view.lastTrick.winner),
        player: nameOf(ctx, view.lastTrick.winner),
      }),
    );
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
      if (mine) lines.push(t(mine.kind === 'declare' ? 'honderden.panel.said' : 'honderden.panel.said.reject', { roem: saidText(t, mine.categories ?? []) }));
      if (steps.stuk) lines.push(t('honderden.panel.said.stuk'));
      if (actions.some((a) => a.type === 'declare') && !mine) lines.push(t('honderden.panel.hint.declare'));
      if (actions.some((a) => a.type === 'reject')) {
        const standing = toldStanding(view);
        if (standing) lines.push(t('honderden.panel.hint.reject', { player: nameOf(ctx, standing.seat), roem: saidText(t, standing.categories) }));
        else lines.push(t('honderden.panel.hint.reject.untold'));
      }
      if (actions.some((a) => a.type === 'claim')) lines.push(t('honderden.panel.hint.claim'));
      break;
    }
    case 'roemAnswer': {
      const open = view.turnSteps.statement === null ? null : view.roem[view.turnSteps.statement];
      const standing = standingOf(view);
      if (open) lines.push(t('honderden.panel.turn.answer.open', { roem: saidText(t, open.categories ?? []) }));
      else if (standing) {
        const key = actions.some((a) => a.type === 'reject') ? 'honderden.panel.turn.answer' : 'honderden.panel.turn.answer.none';
        lines.push(t(key, { player: nameOf(ctx, standing.seat), roem: saidText(t, standing.categories ?? []) }));
      } else lines.push(t('honderden.panel.turn.answer.none', { player: '?', roem: '?' }));
      break;
    }
    case 'chooseLast': {
      const other = seatsShown(view).find((s) => s !== seat) ?? seat;
      const choice = view.lastChoice;
      if (choice?.hidden === null) lines.push(t('honderden.panel.turn.choose-last.unseen', { open: cardText(t, choice.open), player: nameOf(ctx, other) }));
      else if (choice)
        lines.push(t('honderden.panel.turn.choose-last', { hidden: cardText(t, choice.hidden), open: cardText(t, choice.open), player: nameOf(ctx, other) }));
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
  const lines = [t('honderden.panel.title', { rules: t(view.rules === 'two' ? 'honderden.rules.two' : 'honderden.rules.three'), prefix: prefix(view, t) })];
  if (view.hand && view.hand.length > 0 && !view.over) lines.push(t('honderden.panel.hand', { cards: handText(t, view.hand) }));
  const drew = view.events.find((e): e is Extract<HonderdenEvent, { type: 'drew' }> => e.type === 'drew' && e.seat === seat && e.card !== null);
  if (drew?.card && !view.over) lines.push(t('honderden.panel.drew', { card: cardText(t, drew.card) }));
  if (!view.over) lines.push(...tableLines(view, ctx, seat));
  if (view.over) {
    lines.push(
      t('honderden.panel.over', {
        status: overText(view, ctx),
        points: perPlayer(
          ctx,
          view.gamePoints.map((_, s) => s),
          (s) => view.gamePoints[s] ?? 0,
          null,
          false,
        ),
      }),
    );
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
  const claims: PanelChoice[] = [];
  let rejecting = false;
  actions.forEach((a, index) => {
    switch (a.type) {
      case 'play':
        cards.push({ index, label: playLabel(t, a.card, view.trump), primary: suitOf(a.card) === view.trump });
        break;
      case 'swap':
        extra.push({
          index,
          label: t('honderden.panel.swap', { seven: cardText(t, `7${view.trump}`), card: view.trumpCard ? cardText(t, view.trumpCard) : '?' }),
          emoji: '🔁',
        });
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
        // It ends the hand at once, right or wrong: asked first, on a row of its own.
        claims.push({
          index,
          label: t('honderden.panel.claim'),
          emoji: '✋',
          // No points in the question: the rules leave the counting to the player, as at the table.
          confirm: t('honderden.panel.claim.confirm'),
        });
        break;
      case 'done':
        extra.push({ index, label: t(view.turnSteps.statement === null ? 'honderden.panel.done.let-stand' : 'honderden.panel.done'), primary: true });
        break;
      case 'take': {
        const hidden = view.lastChoice?.hidden === a.card;
        takes.push({ index, label: t(hidden ? 'honderden.panel.take.hidden' : 'honderden.panel.take.open', { card: cardText(t, a.card) }), primary: true });
        break;
      }
      case 'takeHidden':
        takes.push({ index, label: t('honderden.panel.take.unseen'), primary: true });
        break;
    }
  });

  const groups: PanelGroup[] = [];
  if (roem.length > 0) {
    const standing = toldStanding(view);
    const placeholder = rejecting
      ? standing
        ? t('honderden.panel.reject.placeholder', { player: nameOf(ctx, standing.seat) })
        : t('honderden.panel.reject.placeholder.untold')
      : t(view.turnSteps.statement === null ? 'honderden.panel.declare.placeholder' : 'honderden.panel.declare.more');
    groups.push({ kind: 'select', placeholder, choices: roem });
  }
  if (takes.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: takes });
  if (cards.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: cards });
  if (extra.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: extra });
  if (claims.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: claims });
  return { text: lines.join('\n'), groups };
}

// ---------------------------------------------------------------------------------------------
// The final account

/**
 * How a seat's game points were won, as the rulebook scores them: per hand won (with onder Jan
 * and pit), and roem of 100 at once: "2 game points for hand 3 (onder Jan) + 1 game point for 100
 * roem in hand 5". That a player left, the ranking line says. Empty for a game stored before the
 * awards were kept, or when they do not add up.
 */
function breakdown(view: HonderdenView, seat: number, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.awards === null) return '';
  const awards = view.awards.filter((a) => a.seat === seat);
  if (awards.reduce((sum, a) => sum + a.gained, 0) !== (view.gamePoints[seat] ?? 0)) return '';
  const parts = awards.map((a) => {
    const points = gamePointsText(t, a.gained);
    if (a.reason === 'roem') return t('honderden.breakdown.roem', { points, roem: a.roem, hand: a.hand });
    const extras = [a.onderJan ? t('honderden.onder-jan') : '', a.pit ? t('honderden.pit') : ''].filter(Boolean).join(', ');
    return extras ? t('honderden.breakdown.hand.extras', { points, hand: a.hand, extras }) : t('honderden.breakdown.hand', { points, hand: a.hand });
  });
  return parts.length > 0 ? parts.join(' + ') : t('honderden.breakdown.none');
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
  describe: (events, ctx) => describe(events as HonderdenEvent[], ctx),
  panel,
  breakdown,
  render: (view, { t, players }) => renderHonderdenBoard(view, boardPlayers(players), t),
  // One post per trick, telling all of its cards in one line and showing them on the table: the round is in it.
  postsRound: false,
  altText: (view, ctx) => honderdenAltText(view, ctx, honderdenPresenter),
};
