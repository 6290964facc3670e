import type { Translate } from '../../i18n/index.js';
import type { PresentContext } from '../presenter.js';
import { SUIT_SYMBOL, cardText } from './labels.js';
import { LAST_TRICK_POINTS, STUK_POINTS, type HandResult, type HonderdenEvent, type ShownStatement, type ToldStatement } from './rules.js';
import { cardsText, categoryText, comboText, markedName, nameOf, playsText, saidText, statusWord } from './texts.js';

/*
 * Honderden's public posts: a line (or a few) per event. Posts are built from the spectator's
 * events, so roem that three players have not yet been told of reads "declares roem" only.
 */

function toldLine(ctx: PresentContext, st: ToldStatement): string {
  const { t } = ctx;
  const args = { player: nameOf(ctx, st.seat), other: st.of === null ? '' : nameOf(ctx, st.of), roem: saidText(t, st.categories), status: statusWord(t, st.status) };
  return t(st.kind === 'declare' ? 'honderden.event.roem-told.declared' : 'honderden.event.roem-told.rejected', args);
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
export function describe(events: HonderdenEvent[], ctx: PresentContext): string[] {
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
        // Roem not yet told to this post's readers (three players, first trick): only that it was said.
        if (e.roem === null) lines.push(t('honderden.event.declared.untold', { player: name(e.seat) }));
        else lines.push(t(declaredBy.has(e.seat) ? 'honderden.event.declared.more' : 'honderden.event.declared', { player: name(e.seat), roem: categoryText(t, e.roem) }));
        declaredBy.add(e.seat);
        break;
      case 'rejecting':
        if (e.roem === null || e.of === null) lines.push(t('honderden.event.rejecting.untold', { player: name(e.seat) }));
        else lines.push(t('honderden.event.rejecting', { player: name(e.seat), other: name(e.of), roem: categoryText(t, e.roem) }));
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
      case 'roemTold':
        lines.push(t('honderden.event.roem-told'));
        for (const st of e.statements) lines.push(toldLine(ctx, st));
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
      case 'lastDraw':
        lines.push(t('honderden.event.last-draw', { open: cardText(t, e.open), player: name(e.chooser) }));
        break;
      case 'took': {
        const next = events[i + 1];
        if (next?.type === 'took') {
          // Events stored before `hidden` was told say only who took what.
          const key = e.hidden === undefined ? 'honderden.event.took.both' : e.hidden ? 'honderden.event.took.hidden' : 'honderden.event.took.open';
          lines.push(t(key, { player: name(e.seat), card: cardText(t, e.card), other: name(next.seat), rest: cardText(t, next.card) }));
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
        lines.push(t('honderden.event.game-points', { totals: e.totals.map((p, seat) => `${markedName(ctx, seat)} ${p}`).join(' · ') }));
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
export function postAfter(events: HonderdenEvent[]): boolean {
  return events.some((e) => !QUIET.has(e.type));
}
