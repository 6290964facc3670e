/** A player's own panel: what he has to decide now, the choices, and what each would do. */
import { markedName, nameOf, type Panel, type PanelChoice, type PanelGroup, type PresentContext } from '../presenter.js';
import { RUM } from './cards.js';
import { BLACK_JACK, type HalunkenAction, type HalunkenView } from './rules.js';
import { RUM_EMOJI, cardText, crewText, keycap, laidText, movementText, shortCard, targetSpace, targetText, tavern } from './labels.js';
import { overText, roundPrefix, sentence, stillChoosing, waitingFor } from './status.js';

/** Choices that are buttons when few (one row with the extra buttons), else a select menu. */
function listGroup(choices: PanelChoice[], placeholder: string, extraButtons: number): PanelGroup[] {
  if (choices.length === 0) return [];
  if (choices.length + extraButtons <= 5) return [{ kind: 'buttons', placeholder: '', choices }];
  return [{ kind: 'select', placeholder, choices }];
}

function yourTurnLines(view: HalunkenView, actions: HalunkenAction[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const seat = view.viewer as number;
  const p = view.phase;
  switch (p.name) {
    case 'placeCaptain':
      return [t('halunken.panel.turn.place')];
    case 'placeBlackJack':
      return [t('halunken.panel.turn.place-black-jack')];
    case 'auction': {
      const best = p.bids.at(-1);
      const offer = best ? t('halunken.panel.best-offer', { player: nameOf(ctx, best.seat), card: cardText(t, best.card) }) : t('halunken.panel.no-offer');
      return [t(view.twoPlayer ? 'halunken.panel.turn.auction.two' : 'halunken.panel.turn.auction', { offer })];
    }
    case 'choose': {
      if (actions.some((a) => a.type === 'chooseForBlackJack')) {
        const own = view.ownChoice === null ? '?' : movementText(t, view.ownChoice);
        const targets = view.blackJackCards.filter((c) => c !== RUM).map((c) => `${c} → ${targetText(view, BLACK_JACK, c, ctx)}`);
        return [
          t('halunken.panel.turn.choose-black-jack', { own }),
          t('halunken.panel.targets.black-jack', { tavern: tavern(view.blackJack ?? 0), targets: targets.join(' · ') }),
        ];
      }
      const hand = (view.hands[seat] ?? []).filter((c): c is number => c !== RUM);
      const targets = hand.map((c) => `${c} → ${targetText(view, seat, c, ctx)}`);
      const lines = [t('halunken.panel.turn.choose', { round: view.round })];
      if (targets.length > 0) lines.push(t('halunken.panel.targets', { tavern: tavern(view.captains[seat] ?? 0), targets: targets.join(' · ') }));
      return lines;
    }
    case 'rum': {
      const targets = actions.flatMap((a) => (a.type === 'rum' ? [`${a.number} → ${targetText(view, p.piece, a.number, ctx)}`] : []));
      const key = p.piece === BLACK_JACK ? 'halunken.panel.turn.rum.black-jack' : 'halunken.panel.turn.rum';
      return [t(key, { laid: laidText(ctx, view.laid) }), t('halunken.panel.targets.rum', { targets: targets.join(' · ') })];
    }
    case 'decide': {
      const d = p.decision;
      switch (d.kind) {
        case 'landingSteal':
          return [t(d.by === 'blackJack' ? 'halunken.panel.turn.landing.black-jack' : 'halunken.panel.turn.landing', { victim: nameOf(ctx, d.victim) })];
        case 'robbery':
          return [t('halunken.panel.turn.robbery', { victim: nameOf(ctx, d.victim) })];
        case 'harbour':
          return [d.hirer === null ? t('halunken.panel.turn.harbour') : t('halunken.panel.turn.harbour.hirer', { hirer: nameOf(ctx, d.hirer) })];
        case 'give':
          return [t('halunken.panel.turn.give')];
      }
      return [];
    }
    case 'resolve':
    case 'over':
      return [];
  }
}

export function panel(view: HalunkenView, legal: unknown[], ctx: PresentContext): Panel {
  const { t } = ctx;
  const seat = view.viewer as number;
  const actions = legal as HalunkenAction[];
  const variant = t(view.variant === 'beginner' ? 'halunken.variant.beginner' : view.twoPlayer ? 'halunken.variant.two' : 'halunken.variant.standard');
  const lines = [t('halunken.panel.title', { variant, status: roundPrefix(view, t) })];

  // Where the pieces stand.
  const captain = view.captains[seat];
  const where: string[] = [];
  if (captain !== null && captain !== undefined) where.push(t('halunken.panel.captain', { tavern: tavern(captain) }));
  if (view.variant === 'standard' && view.blackJack !== null) {
    const hirer =
      view.hirer === null
        ? t('halunken.panel.black-jack.free')
        : view.hirer === seat
          ? t('halunken.panel.black-jack.yours')
          : t('halunken.panel.black-jack.hired', { player: nameOf(ctx, view.hirer) });
    where.push(t('halunken.panel.black-jack', { tavern: tavern(view.blackJack), hirer }));
  }
  if (where.length > 0) lines.push(where.join(' '));

  // His crew, his movement cards, the others' crews in short.
  const crew = view.crews[seat] ?? [];
  const score = view.scores[seat] ?? null;
  if (crew.length === 0) lines.push(t('halunken.panel.crew.none'));
  else
    lines.push(
      t(crew.length === 1 ? 'halunken.panel.crew.one' : 'halunken.panel.crew', {
        count: crew.length,
        score: score?.score ?? 0,
        crew: crewText(t, crew, score),
      }),
    );
  if (!view.over && view.round > 0) {
    const hand = (view.hands[seat] ?? []).map((c) => movementText(t, c)).join(', ');
    const played = (view.played[seat] ?? []).map((c) => movementText(t, c)).join(', ');
    lines.push(played ? t('halunken.panel.hand.played', { hand, played }) : t('halunken.panel.hand', { hand }));
  }
  const others = view.crews.flatMap((c, other) =>
    other === seat || view.resigned[other]
      ? []
      : [
          t(c.length === 1 ? 'halunken.panel.other.one' : 'halunken.panel.other', {
            player: markedName(ctx, other),
            count: c.length,
            score: view.scores[other]?.score ?? 0,
          }),
        ],
  );
  // Nothing to say while nobody else has a sailor yet (the first placements).
  if (others.length > 0 && view.crews.some((c, other) => other !== seat && c.length > 0))
    lines.push(t('halunken.panel.others', { others: others.join(' · ') }));
  // The totals of the games before (once over, the final score below says it).
  if (view.games > 1 && view.gameScores.length > 0 && !view.over) {
    lines.push(
      t('halunken.panel.totals', { totals: view.totals.map((total, s) => `${s === seat ? t('halunken.panel.you') : markedName(ctx, s)} ${total}`).join(', ') }),
    );
  }
  if (view.harbour.length > 0 && view.variant === 'standard' && !view.over) {
    lines.push(t('halunken.panel.harbour', { cards: view.harbour.map(shortCard).join(' ') }));
  }

  // What the game waits for.
  if (view.over) {
    const totals = view.totals.map((total, s) =>
      view.resigned[s] ? t('halunken.panel.score.left', { player: nameOf(ctx, s), total }) : `${nameOf(ctx, s)} ${total}`,
    );
    lines.push(t('halunken.panel.over', { over: overText(view, t), totals: totals.join(', ') }));
  } else if (view.resigned[seat]) {
    lines.push(t('halunken.panel.left'));
  } else if (actions.length > 0) {
    lines.push(...yourTurnLines(view, actions, ctx));
  } else {
    if (view.phase.name === 'choose' && view.ownChoice !== null) {
      const own = movementText(t, view.ownChoice);
      lines.push(
        view.ownBlackJackChoice !== null
          ? t('halunken.panel.chosen.black-jack', { card: own, blackJack: movementText(t, view.ownBlackJackChoice) })
          : t('halunken.panel.chosen', { card: own }),
      );
    }
    // Having chosen, he waits for the others' choices (his own is said just above).
    const waiting =
      view.phase.name === 'choose' && view.ownChoice !== null
        ? t('halunken.panel.still-choosing', { players: stillChoosing(view, ctx) })
        : waitingFor(view, ctx);
    if (waiting !== '') lines.push(t('halunken.panel.waiting', { status: sentence(waiting) }));
  }

  // The choices.
  const spaces: PanelChoice[] = [];
  const bids: PanelChoice[] = [];
  const cards: PanelChoice[] = [];
  const steals: PanelChoice[] = [];
  const harbour: PanelChoice[] = [];
  const gifts: PanelChoice[] = [];
  const extra: PanelChoice[] = [];
  let victim: number | null = null;
  const p = view.phase;
  if (p.name === 'decide') {
    const d = p.decision;
    victim = d.kind === 'landingSteal' || d.kind === 'robbery' ? d.victim : d.kind === 'harbour' ? d.hirer : null;
  }
  actions.forEach((a, index) => {
    switch (a.type) {
      case 'place': {
        spaces.push({ index, label: t('halunken.panel.place', { tavern: tavern(a.space) }) });
        break;
      }
      case 'placeBlackJack': {
        const top = view.taverns[a.space]?.top;
        spaces.push({
          index,
          label: top
            ? t('halunken.panel.place.open', { tavern: tavern(a.space), card: cardText(t, top) })
            : t('halunken.panel.place.empty', { tavern: tavern(a.space) }),
        });
        break;
      }
      case 'pass':
        extra.push({ index, label: t('halunken.panel.pass'), emoji: '✋' });
        break;
      case 'bid':
        bids.push({ index, label: t('halunken.panel.bid', { card: cardText(t, a.card) }), primary: true });
        break;
      case 'choose':
        cards.push(
          a.card === RUM
            ? { index, label: t('halunken.rum'), emoji: RUM_EMOJI, primary: true }
            : { index, label: `${a.card} → ${tavern(targetSpace(view, seat, a.card) ?? 0)}`, emoji: keycap(a.card), primary: true },
        );
        break;
      case 'chooseForBlackJack':
        cards.push(
          a.card === RUM
            ? { index, label: t('halunken.panel.black-jack.rum'), emoji: RUM_EMOJI, primary: true }
            : {
                index,
                label: t('halunken.panel.black-jack.card', { card: a.card, tavern: tavern(targetSpace(view, BLACK_JACK, a.card) ?? 0) }),
                emoji: keycap(a.card),
                primary: true,
              },
        );
        break;
      case 'rum':
        cards.push({
          index,
          label: `${a.number} → ${tavern(targetSpace(view, p.name === 'rum' ? p.piece : seat, a.number) ?? 0)}`,
          emoji: keycap(a.number),
          primary: true,
        });
        break;
      case 'steal':
        steals.push({ index, label: t('halunken.panel.steal', { player: nameOf(ctx, victim ?? 0), card: cardText(t, a.card) }) });
        break;
      case 'skipSteal':
        extra.push({ index, label: t('halunken.panel.skip-steal') });
        break;
      case 'takeFromHarbour':
        harbour.push({ index, label: t('halunken.panel.take-harbour', { card: cardText(t, a.card) }), emoji: '⚓' });
        break;
      case 'give':
        gifts.push({ index, label: t('halunken.panel.give', { card: cardText(t, a.card) }) });
        break;
    }
  });

  const groups: PanelGroup[] = [];
  if (spaces.length > 0)
    groups.push({
      kind: 'select',
      placeholder: t(p.name === 'placeBlackJack' ? 'halunken.panel.place-black-jack.placeholder' : 'halunken.panel.place.placeholder'),
      choices: spaces,
    });
  if (cards.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: cards });
  if (harbour.length + steals.length > 0 && harbour.length + steals.length + extra.length <= 5) {
    // Few enough for one row of buttons, the "don't steal" button included.
    groups.push({ kind: 'buttons', placeholder: '', choices: [...harbour, ...steals, ...extra] });
    extra.length = 0;
  } else {
    groups.push(...listGroup(harbour, t('halunken.panel.take-harbour.placeholder'), 5));
    groups.push(...listGroup(steals, t('halunken.panel.steal.placeholder', { player: nameOf(ctx, victim ?? 0) }), 5));
  }
  if (bids.length > 0 && bids.length + extra.length <= 5) {
    groups.push({ kind: 'buttons', placeholder: '', choices: [...bids, ...extra] });
    extra.length = 0;
  } else groups.push(...listGroup(bids, t('halunken.panel.bid.placeholder'), 5));
  groups.push(...listGroup(gifts, t('halunken.panel.give.placeholder'), 0));
  if (extra.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: extra });
  return { text: lines.join('\n'), groups };
}
