import type { Translate } from '../../i18n/index.js';
import { SUIT_SYMBOL, cardText } from './labels.js';
import { LAST_TRICK_POINTS, STUK_POINTS, type HandResult, type HonderdenEvent, type Play, type ShownStatement, type ToldStatement } from './rules.js';
import { markedName, nameOf, type PresentContext } from '../presenter.js';
import { cardsText, categoryText, comboText, gamePointsText, playsText, pointsText, saidText, statusWord } from './texts.js';

/*
 * Honderden's public posts. A post goes out after each trick (and after a roem answer, a claim or
 * a player leaving), so it tells the turns since the previous post and what followed, in at most
 * three lines:
 * - the turn: "📣 Anne declares roem **carré** and plays **A♠**." (every step of one player in one
 *   line; the card that completes a trick is told by the trick's line instead);
 * - the trick: "➡️ Bart wins trick 3: Anne 10♠, Bart **K♠**. Bart and Anne draw from the stock.",
 *   the roem shown after the first trick, the end of a hand with the points and game points;
 * - what comes next: the next hand's deal, or the end of the match.
 * Lines that would make a fourth are joined to the third. Posts are built from the spectator's
 * events, so roem that three players have not yet been told of reads "declares roem" only.
 */

/** Posts tell at most this many lines of events. */
export const MAX_POST_LINES = 3;

const CLAIM = '✋';

function toldLine(ctx: PresentContext, st: ToldStatement): string {
  const { t } = ctx;
  const args = {
    player: nameOf(ctx, st.seat),
    other: st.of === null ? '' : nameOf(ctx, st.of),
    roem: saidText(t, st.categories),
    status: statusWord(t, st.status),
  };
  return t(st.kind === 'declare' ? 'honderden.event.roem-told.declared' : 'honderden.event.roem-told.rejected', args);
}

function shownLine(ctx: PresentContext, st: ShownStatement): string {
  const { t } = ctx;
  const combos = st.combos.map((c) => `${comboText(t, c)} (${cardsText(t, c.cards)})`).join(', ');
  return t('honderden.event.roem-shown.line', { player: nameOf(ctx, st.seat), combos, points: st.points, status: statusWord(t, st.status) });
}

/** "■ Anne **147** · ◆ Bart 42": each player's points at the end of a hand, 100 or more in bold. */
function handTotals(ctx: PresentContext, r: HandResult): string {
  return r.points.flatMap((p, seat) => (p ? [`${markedName(ctx, seat)} ${p.total >= 100 ? `**${p.total}**` : p.total}`] : [])).join(' · ');
}

function handOutcome(ctx: PresentContext, r: HandResult): string {
  const { t } = ctx;
  if (r.winner !== null) {
    const extras = [r.onderJan ? t('honderden.onder-jan') : '', r.pit ? t('honderden.pit') : ''].filter(Boolean).join(', ');
    return t('honderden.event.hand-won', { player: nameOf(ctx, r.winner), points: gamePointsText(t, r.gamePoints), extras: extras ? ` (${extras})` : '' });
  }
  return t(r.next === 'replay' ? 'honderden.event.hand-tied' : 'honderden.event.hand-carried');
}

/** "A, B and C" in the reader's language. */
function listText(t: Translate, items: string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return t('honderden.event.and', { list: items.slice(0, -1).join(', '), last: items.at(-1) as string });
}

/** One player's steps in a turn, told as one line: "Anne swaps …, declares … and plays …". */
interface Turn {
  seat: number;
  /** Each step's words and emoji (the line starts with one of them, see `flush`). */
  steps: { text: string; emoji: string }[];
  /** Index of the step that declared roem, to which further combinations are added. */
  roemStep: number | null;
  roem: string[];
  roemKey: 'declare' | 'reject' | null;
  rejectOf: number | null;
}

/** Whether the card `play` is among those of a trick whose line follows in these events (which tells it). */
function toldByTrick(events: HonderdenEvent[], from: number, play: Play): boolean {
  for (let j = from + 1; j < events.length; j++) {
    const e = events[j] as HonderdenEvent;
    if (e.type === 'trickWon') return e.plays.some((p) => p.seat === play.seat && p.card === play.card);
    if (e.type === 'handDealt' || e.type === 'handAbandoned') return false;
  }
  return false;
}

/** The lines of a post telling these public events, in order: at most `MAX_POST_LINES`. */
export function describe(events: HonderdenEvent[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  const name = (seat: number) => nameOf(ctx, seat);
  let turn: Turn | null = null;
  /** The line of the latest trick, hand end or roem won at once, to which what follows from it is added. */
  let tail: number | null = null;
  let totals: number[] | null = null;

  const appendTo = (index: number | null, sentence: string) => {
    if (index === null || lines[index] === undefined) {
      lines.push(sentence);
      return lines.length - 1;
    }
    lines[index] = `${lines[index]} ${sentence}`;
    return index;
  };
  const roemText = (turnNow: Turn) => turnNow.roem.map((r) => `**${r}**`).join(' + ');
  const stepText = (turnNow: Turn, i: number) => {
    const step = turnNow.steps[i] as Turn['steps'][number];
    if (i !== turnNow.roemStep) return step.text;
    if (turnNow.roemKey === 'declare') return t('honderden.event.declared', { roem: roemText(turnNow) });
    return t('honderden.event.rejecting', { roem: roemText(turnNow), other: turnNow.rejectOf === null ? '' : name(turnNow.rejectOf) });
  };
  const flush = () => {
    if (!turn) return;
    const done = turn;
    turn = null;
    if (done.steps.length === 0) return;
    const texts = done.steps.map((_, i) => stepText(done, i));
    // The line starts with its first notable step's emoji, a claim's before all.
    const emoji = (done.steps.find((s) => s.emoji === CLAIM) ?? done.steps.find((s) => s.emoji !== ''))?.emoji ?? '';
    const line = t('honderden.event.turn', { player: name(done.seat), actions: listText(t, texts) });
    lines.push(emoji ? `${emoji} ${line}` : line);
    tail = null;
  };
  const turnOf = (seat: number): Turn => {
    if (turn && turn.seat !== seat) flush();
    turn ??= { seat, steps: [], roemStep: null, roem: [], roemKey: null, rejectOf: null };
    return turn;
  };
  const step = (seat: number, text: string, emoji = '') => turnOf(seat).steps.push({ text, emoji });

  for (let i = 0; i < events.length; i++) {
    const e = events[i] as HonderdenEvent;
    switch (e.type) {
      case 'swapped':
        step(e.seat, t('honderden.event.swapped', { took: cardText(t, e.took) }), '🔁');
        break;
      case 'declared': {
        const now = turnOf(e.seat);
        if (e.roem === null) {
          // Roem not yet told to this post's readers (three players, first trick): only that it was said.
          step(e.seat, t('honderden.event.declared.untold'), '📣');
        } else if (now.roemStep !== null) {
          now.roem.push(categoryText(t, e.roem));
        } else {
          now.roemStep = now.steps.length;
          now.roemKey = 'declare';
          now.roem = [categoryText(t, e.roem)];
          step(e.seat, '', '📣');
        }
        break;
      }
      case 'rejecting': {
        const now = turnOf(e.seat);
        if (e.roem === null || e.of === null) {
          step(e.seat, t('honderden.event.rejecting.untold'), '📣');
        } else {
          now.roemStep = now.steps.length;
          now.roemKey = 'reject';
          now.rejectOf = e.of;
          now.roem = [categoryText(t, e.roem)];
          step(e.seat, '', '📣');
        }
        break;
      }
      case 'stuk':
        step(e.seat, t('honderden.event.stuk', { cards: cardsText(t, e.cards), points: STUK_POINTS }), '👑');
        break;
      case 'played':
        // The cards of a trick told in the same post are told by the trick's line.
        if (!toldByTrick(events, i, e)) step(e.seat, t('honderden.event.played', { card: cardText(t, e.card) }));
        else turnOf(e.seat);
        break;
      case 'claimed':
        step(e.seat, t(e.right ? 'honderden.event.claimed.right' : 'honderden.event.claimed.wrong', { points: pointsText(t, e.points) }), CLAIM);
        break;
      case 'rejection': {
        // Judged as the rejecter plays his card: said after his turn.
        flush();
        const sentence = t(e.success ? 'honderden.event.rejection.success' : 'honderden.event.rejection.failed', { player: name(e.seat), other: name(e.of) });
        const last = lines.length - 1;
        appendTo(last >= 0 ? last : null, sentence);
        break;
      }
      case 'noRejection':
        flush();
        lines.push(t('honderden.event.no-rejection', { player: name(e.seat) }));
        break;
      case 'trickWon':
        flush();
        lines.push(
          t(e.last ? 'honderden.event.trick.last' : 'honderden.event.trick', {
            player: name(e.seat),
            trick: e.trick,
            plays: playsText(ctx, e.plays, e.seat),
            points: LAST_TRICK_POINTS,
          }),
        );
        tail = lines.length - 1;
        break;
      case 'roemTold':
        flush();
        lines.push(t('honderden.event.roem-told', { list: e.statements.map((st) => toldLine(ctx, st)).join('; ') }));
        break;
      case 'roemShown':
        flush();
        lines.push(t('honderden.event.roem-shown', { list: e.statements.map((st) => shownLine(ctx, st)).join('; ') }));
        break;
      case 'roemHundred': {
        flush();
        lines.push(t('honderden.event.roem-hundred', { player: name(e.seat), points: e.points }));
        let index = lines.length - 1;
        const next = events[i + 1];
        if (next?.type === 'gamePoints') {
          totals = next.totals;
          index = appendTo(index, t('honderden.event.game-points', { totals: next.totals.map((p, seat) => `${markedName(ctx, seat)} ${p}`).join(' · ') }));
          i++;
        }
        if (events[i + 1]?.type !== 'matchOver') appendTo(index, t('honderden.event.played-on'));
        break;
      }
      case 'drew': {
        flush();
        const next = events[i + 1];
        const sentence =
          next?.type === 'drew'
            ? t('honderden.event.drew.both', { first: name(e.seat), second: name(next.seat) })
            : t('honderden.event.drew', { player: name(e.seat) });
        if (next?.type === 'drew') i++;
        // Told with the trick just won when it is in this post, else after the roem shown.
        const trickLine = lines.findLastIndex((l) => l.startsWith('➡️'));
        appendTo(trickLine >= 0 ? trickLine : lines.length > 0 ? lines.length - 1 : null, sentence);
        break;
      }
      case 'hiddenShown':
      case 'lastDraw': {
        flush();
        const sentence =
          e.type === 'hiddenShown'
            ? t('honderden.event.hidden-shown', { card: cardText(t, e.card), open: cardText(t, e.open), player: name(e.chooser) })
            : t('honderden.event.last-draw', { open: cardText(t, e.open), player: name(e.chooser) });
        appendTo(tail, sentence);
        break;
      }
      case 'took': {
        flush();
        const next = events[i + 1];
        if (next?.type === 'took') {
          // Events stored before `hidden` was told say only who took what.
          const key = e.hidden === undefined ? 'honderden.event.took.both' : e.hidden ? 'honderden.event.took.hidden' : 'honderden.event.took.open';
          lines.push(t(key, { player: name(e.seat), card: cardText(t, e.card), other: name(next.seat), rest: cardText(t, next.card) }));
          i++;
        } else lines.push(t('honderden.event.took', { player: name(e.seat), card: cardText(t, e.card) }));
        tail = lines.length - 1;
        break;
      }
      case 'stockEmpty':
        flush();
        appendTo(tail, t('honderden.event.stock-empty'));
        tail = null;
        break;
      case 'handEnded': {
        flush();
        const r = e.result;
        const over = t(r.ending === 'playedOut' ? 'honderden.event.hand-over.played-out' : 'honderden.event.hand-over', {
          hand: r.hand,
          points: handTotals(ctx, r),
        });
        lines.push(`${over} ${handOutcome(ctx, r)}`);
        tail = lines.length - 1;
        break;
      }
      case 'gamePoints':
        flush();
        totals = e.totals;
        appendTo(tail, t('honderden.event.game-points', { totals: e.totals.map((p, seat) => `${markedName(ctx, seat)} ${p}`).join(' · ') }));
        break;
      case 'handDealt': {
        flush();
        const head = t(e.replay ? 'honderden.event.hand.replay' : e.handInGame > 1 ? 'honderden.event.hand.carried' : 'honderden.event.hand', {
          hand: e.hand,
          game: e.game,
        });
        const args = { head, dealer: name(e.dealer), leader: name(e.leader), card: cardText(t, e.turnedUp), suit: SUIT_SYMBOL[e.trump] };
        lines.push(t(e.rules === 'two' ? 'honderden.event.dealt.two' : 'honderden.event.dealt.three', args));
        tail = null;
        break;
      }
      case 'resigned':
        flush();
        lines.push(t('honderden.event.resigned', { player: name(e.seat) }));
        tail = lines.length - 1;
        break;
      case 'handAbandoned':
        flush();
        appendTo(tail, t('honderden.event.hand-abandoned', { hand: e.hand }));
        tail = null;
        break;
      case 'matchOver': {
        flush();
        const points = totals?.[e.winner];
        const line =
          e.reason === 'resigned'
            ? t('honderden.event.match-over.resigned', { player: name(e.winner) })
            : points === undefined
              ? t('honderden.event.match-over.plain', { player: name(e.winner) })
              : t('honderden.event.match-over', { player: name(e.winner), points: gamePointsText(t, points) });
        // The last player left wins right after the other left: one line.
        if (e.reason === 'resigned' && events[i - 1]?.type === 'resigned') appendTo(lines.length - 1, line);
        else lines.push(line);
        break;
      }
    }
  }
  flush();
  // A post tells at most three lines: what would make more is joined to the third.
  if (lines.length > MAX_POST_LINES) lines.splice(MAX_POST_LINES - 1, lines.length, lines.slice(MAX_POST_LINES - 1).join(' '));
  return lines;
}
