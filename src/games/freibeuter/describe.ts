/** The lines of a post: everything the turn did, told to everyone (no drawn card is named). */
import { nameOf, type PresentContext } from '../presenter.js';
import { tokenLabel } from './labels.js';
import { paymentPerBoat, pointLabel, type FreibeuterEvent } from './rules.js';
import { EMOJI, lineText, nameList, sharesText } from './texts.js';

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
export function describe(events: FreibeuterEvent[], ctx: PresentContext): string[] {
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
          t('freibeuter.event.boarded', {
            emoji: EMOJI.board,
            player: nameOf(ctx, e.seat),
            label: tokenLabel(e.point),
            point: pointLabel(e.point),
            value: e.value,
            per: paymentPerBoat(e.value),
          }),
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
        lines.push(
          t(e.points.length === 1 ? 'freibeuter.event.encircled.one' : 'freibeuter.event.encircled', { points: nameList(t, e.points.map(pointLabel)) }),
        );
        break;
      case 'orderChoice':
        lines.push(t('freibeuter.event.order', { player: nameOf(ctx, e.seat), points: nameList(t, e.points.map(pointLabel)) }));
        break;
      case 'escaped':
        lines.push(t('freibeuter.event.escaped', { emoji: EMOJI.escape, point: pointLabel(e.point), value: e.value }));
        break;
      case 'captured': {
        const args = {
          emoji: EMOJI.capture,
          player: nameOf(ctx, e.seat),
          point: pointLabel(e.point),
          value: e.value,
          per: e.perBoat,
          total: e.total,
          payments: sharesText(ctx, e.payments),
        };
        lines.push(t(e.payments.length === 0 ? 'freibeuter.event.captured.free' : 'freibeuter.event.captured', args));
        break;
      }
      case 'credit':
        lines.push(
          t(e.marker ? 'freibeuter.event.credit' : 'freibeuter.event.credit.no-marker', {
            emoji: EMOJI.credit,
            player: nameOf(ctx, e.seat),
            amount: e.amount,
            repay: 2 * e.amount,
          }),
        );
        break;
      case 'pirateTreasure': {
        const left =
          e.left === 0
            ? t('freibeuter.event.pirate.last')
            : t(e.left === 1 ? 'freibeuter.event.pirate.left.one' : 'freibeuter.event.pirate.left', { count: e.left });
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
          t(e.pile === 'sea' ? (e.forced ? 'freibeuter.event.drew.sea.forced' : 'freibeuter.event.drew.sea') : 'freibeuter.event.drew.dutchman', {
            player: nameOf(ctx, e.seat),
          }),
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
