/** The status line: the round, and what or whom the game waits for. */
import type { Translate } from '../../i18n/index.js';
import { nameOf, type PresentContext } from '../presenter.js';
import { BLACK_JACK, type Decision, type HalunkenView } from './rules.js';
import { cardText, nameList } from './labels.js';

export function roundPrefix(view: HalunkenView, t: Translate): string {
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
export function overText(view: HalunkenView, t: Translate): string {
  if (view.phase.name !== 'over' || view.phase.reason !== 'tooFewPlayers') return t('halunken.status.over');
  return t(view.resigned.filter((r) => !r).length === 1 ? 'halunken.status.over.alone' : 'halunken.status.over.too-few');
}

/** Who still chooses a movement card: "Anne and Bart (Black Jack's card)". */
export function stillChoosing(view: HalunkenView, ctx: PresentContext): string {
  const { t } = ctx;
  // The two-player hirer who chose his own card still owes Black Jack's.
  const owes = (seat: number) => view.twoPlayer && seat === view.hirer && view.chosen[seat] === true;
  return nameList(
    t,
    view.waitingFor.map((s) => (owes(s) ? t('halunken.status.for-black-jack', { player: nameOf(ctx, s) }) : nameOf(ctx, s))),
  );
}

/** What the game waits for, without the round: "Anne to bid for Black Jack (no offer yet)." */
export function waitingFor(view: HalunkenView, ctx: PresentContext): string {
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
      return best
        ? t('halunken.status.auction.offer', { player, bidder: nameOf(ctx, best.seat), card: cardText(t, best.card) })
        : t('halunken.status.auction', { player });
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

export function status(view: HalunkenView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.over) return overText(view, t);
  const prefix = roundPrefix(view, t);
  const waiting = waitingFor(view, ctx);
  return waiting === '' ? prefix : t('halunken.status.line', { prefix, status: waiting });
}

/** "auction …" → "Auction …": a sentence of its own. */
export const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
