/** The lines of a post: what the steps since the last post did, as everyone saw them. */
import { markedName, nameOf, type PresentContext } from '../presenter.js';
import { BLACK_JACK, LONG_GAME_GAMES, type HalunkenEvent } from './rules.js';
import { BLACK_JACK_EMOJI, RUM_EMOJI, cardText, colourBreakdown, laidText, nameList, pieceName, tavern } from './labels.js';

function noStealLine(e: Extract<HalunkenEvent, { type: 'noSteal' }>, ctx: PresentContext): string {
  const { t } = ctx;
  const victim = nameOf(ctx, e.from);
  if (e.seat === null) return t('halunken.event.no-steal.nobody', { victim });
  const thief = nameOf(ctx, e.seat);
  if (e.reason === 'noCards') return t('halunken.event.no-steal.no-cards', { victim });
  return t(e.by === 'blackJack' ? 'halunken.event.no-steal.black-jack' : 'halunken.event.no-steal.more', { player: thief, victim });
}

/**
 * The scoring of a game that is not the last: a long game's game 1 or 2. The last game's scores
 * are not written here: the final post's ranking gives each player's breakdown.
 */
function scoringLines(e: Extract<HalunkenEvent, { type: 'gameScored' }>, ctx: PresentContext): string[] {
  const { t } = ctx;
  // Only a long game is scored before its end (events stored before `games` was recorded lack it).
  const games = e.games ?? LONG_GAME_GAMES;
  const lines = [t('halunken.event.scoring.game', { game: e.game, games })];
  e.scores.forEach((score, seat) => {
    // Players who left are said to have left where they left, and in the totals.
    if (score === null) return;
    const player = markedName(ctx, seat);
    if (score.doubled === null) lines.push(t('halunken.event.score.empty', { player }));
    else lines.push(t('halunken.event.score', { player, breakdown: colourBreakdown(t, score, e.crews?.[seat]), score: score.score }));
  });
  // The running totals, once they differ from this game's scores.
  if (e.game > 1) {
    lines.push(t('halunken.event.totals', { game: e.game, totals: e.totals.map((total, seat) => `${markedName(ctx, seat)} ${total}`).join(', ') }));
  }
  return lines;
}

/** Why a game ended before its last round: who is still playing, too few to go on. */
function tooFewLine(events: HalunkenEvent[], ctx: PresentContext): string {
  const { t } = ctx;
  const scored = events.findLast((e): e is Extract<HalunkenEvent, { type: 'gameScored' }> => e.type === 'gameScored');
  const playing = scored ? scored.scores.flatMap((score, seat) => (score === null ? [] : [nameOf(ctx, seat)])) : [];
  const players = nameList(t, playing);
  const long = scored !== undefined && (scored.games ?? 1) > 1;
  const key = long
    ? playing.length === 1
      ? 'halunken.event.too-few.long.one'
      : 'halunken.event.too-few.long.many'
    : playing.length === 1
      ? 'halunken.event.too-few.one'
      : 'halunken.event.too-few.many';
  return t(key, { players, game: scored?.game ?? 1 });
}

/**
 * One line per public event, in order. A move and the sailor hired at its end make one line.
 * "Has chosen" lines are only written when the reveal is not part of the same post (the reveal
 * says it all); they never name a card.
 */
export function describe(events: HalunkenEvent[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  const revealLater = (from: number) => events.slice(from).some((e) => e.type === 'revealed');
  let chosen: string[] = [];
  const flushChosen = () => {
    if (chosen.length > 0) lines.push(t(chosen.length === 1 ? 'halunken.event.chose.one' : 'halunken.event.chose.many', { players: nameList(t, chosen) }));
    chosen = [];
  };
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as HalunkenEvent;
    if (e.type !== 'chose') flushChosen();
    switch (e.type) {
      case 'gameStarted':
        lines.push(
          t(e.game > 1 ? 'halunken.event.game-started.next' : 'halunken.event.game-started', {
            game: e.game,
            games: LONG_GAME_GAMES,
            player: nameOf(ctx, e.firstPlacer),
          }),
        );
        break;
      case 'captainPlaced':
        lines.push(t('halunken.event.placed', { player: nameOf(ctx, e.seat), tavern: tavern(e.space), card: cardText(t, e.card) }));
        break;
      case 'tavernsOpened':
        lines.push(t('halunken.event.taverns-opened'));
        break;
      case 'blackJackPlaced':
        lines.push(t('halunken.event.black-jack-placed', { player: nameOf(ctx, e.seat), tavern: tavern(e.space) }));
        break;
      case 'roundStarted':
        lines.push(t('halunken.event.round', { round: e.round, rounds: 8 }));
        break;
      case 'auctionStarted':
        lines.push(t('halunken.event.auction', { player: nameOf(ctx, e.seat) }));
        break;
      case 'bid':
        lines.push(t('halunken.event.bid', { player: nameOf(ctx, e.seat), card: cardText(t, e.card) }));
        break;
      case 'passed':
        lines.push(t(e.couldNotBid ? 'halunken.event.could-not-bid' : 'halunken.event.passed', { player: nameOf(ctx, e.seat) }));
        break;
      case 'hired':
        lines.push(t('halunken.event.hired', { flag: BLACK_JACK_EMOJI, player: nameOf(ctx, e.seat), card: cardText(t, e.card) }));
        break;
      case 'notHired':
        lines.push(t('halunken.event.not-hired'));
        break;
      case 'chose':
        if (!revealLater(i)) {
          const name = nameOf(ctx, e.seat);
          if (e.forBlackJack) {
            flushChosen();
            lines.push(t('halunken.event.chose.black-jack', { player: name }));
          } else chosen.push(name);
        }
        break;
      case 'revealed': {
        const cancelled = e.laid.some((l) => l.cancelled);
        lines.push(t(cancelled ? 'halunken.event.revealed.cancelled' : 'halunken.event.revealed', { cards: laidText(ctx, e.laid) }));
        break;
      }
      case 'rumNamed':
        if (e.piece === BLACK_JACK) {
          lines.push(
            e.seat === null
              ? t('halunken.event.rum.black-jack.random', { rum: RUM_EMOJI, number: e.number })
              : t('halunken.event.rum.black-jack', { rum: RUM_EMOJI, player: nameOf(ctx, e.seat), number: e.number }),
          );
        } else lines.push(t('halunken.event.rum', { rum: RUM_EMOJI, player: nameOf(ctx, e.piece), number: e.number }));
        break;
      case 'moved': {
        const next = events[i + 1];
        const base = { player: pieceName(ctx, e.piece), steps: e.steps, from: tavern(e.from), to: tavern(e.to) };
        if (e.piece !== BLACK_JACK && next?.type === 'tookTavernCard' && next.seat === e.piece) {
          lines.push(t('halunken.event.moved.hired', { ...base, card: cardText(t, next.card) }));
          i++;
        } else if (e.piece !== BLACK_JACK && next?.type === 'tavernEmpty' && next.seat === e.piece) {
          lines.push(t('halunken.event.moved.empty', base));
          i++;
        } else lines.push(t('halunken.event.moved', base));
        break;
      }
      case 'tookTavernCard':
        lines.push(t('halunken.event.stayed', { player: nameOf(ctx, e.seat), tavern: tavern(e.space), card: cardText(t, e.card) }));
        break;
      case 'tavernEmpty':
        lines.push(t('halunken.event.stayed.empty', { player: nameOf(ctx, e.seat), tavern: tavern(e.space) }));
        break;
      case 'stole':
        lines.push(
          e.by === 'blackJack'
            ? t('halunken.event.robbed', { player: nameOf(ctx, e.seat), victim: nameOf(ctx, e.from), card: cardText(t, e.card) })
            : t('halunken.event.stole', { player: nameOf(ctx, e.seat), victim: nameOf(ctx, e.from), card: cardText(t, e.card) }),
        );
        break;
      case 'declinedSteal':
        lines.push(t('halunken.event.declined', { player: nameOf(ctx, e.seat), victim: nameOf(ctx, e.from) }));
        break;
      case 'noSteal':
        lines.push(noStealLine(e, ctx));
        break;
      case 'tookFromHarbour':
        lines.push(t('halunken.event.harbour', { player: nameOf(ctx, e.seat), card: cardText(t, e.card) }));
        break;
      case 'harbourEmpty':
        lines.push(t('halunken.event.harbour.empty', { player: nameOf(ctx, e.seat) }));
        break;
      case 'gave':
        lines.push(t('halunken.event.gave', { player: nameOf(ctx, e.seat), card: cardText(t, e.card) }));
        break;
      case 'displaced':
        lines.push(t('halunken.event.displaced', { player: pieceName(ctx, e.piece), to: tavern(e.to) }));
        break;
      case 'blackJackMoved': {
        const args = { flag: BLACK_JACK_EMOJI, card: e.card, from: tavern(e.from), to: tavern(e.to) };
        const passed =
          e.passed.length > 0
            ? t('halunken.event.black-jack.passed', {
                players: nameList(
                  t,
                  e.passed.map((s) => nameOf(ctx, s)),
                ),
              })
            : t('halunken.event.black-jack.passed-none');
        const hirer = e.hirer === null ? t('halunken.event.black-jack.for-nobody') : t('halunken.event.black-jack.for', { player: nameOf(ctx, e.hirer) });
        lines.push(t('halunken.event.black-jack', { ...args, passed, hirer }));
        break;
      }
      case 'roundEnded':
        break;
      case 'gameScored':
        // The last game's scoring ends the match: the final ranking gives the scores.
        if (!events.slice(i).some((later) => later.type === 'gameOver')) lines.push(...scoringLines(e, ctx));
        break;
      case 'resigned':
        lines.push(
          t(e.removed.length === 0 ? 'halunken.event.resigned.none' : e.removed.length === 1 ? 'halunken.event.resigned.one' : 'halunken.event.resigned', {
            player: nameOf(ctx, e.seat),
            count: e.removed.length,
          }),
        );
        break;
      case 'gameOver':
        if (e.reason === 'tooFewPlayers') lines.push(tooFewLine(events, ctx));
        break;
    }
  }
  flushChosen();
  return lines;
}
