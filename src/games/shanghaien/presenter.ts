import type { Translate } from '../../i18n/index.js';
import { nameOf, markedName, boardPlayers, type GamePresenter, type Panel, type PanelChoice, type PanelGroup, type PresentContext } from '../presenter.js';
import { winnersOf } from './board-header.js';
import { renderShanghaienBoard } from './render.js';
import { shanghaienAltText } from './alt-text.js';
import { NATION_FLAG, cardText, effectName } from './card-text.js';
import { endAsSeenBy, leftToRight } from './sides.js';
import {
  DICE_PER_ROLL,
  JOKER_VALUE,
  NATIONS,
  ROUNDS,
  crewSum,
  type Crew,
  type DistributedCard,
  type FinalScoring,
  type Nation,
  type RowEnd,
  type ShanghaienAction,
  type ShanghaienEvent,
  type ShanghaienView,
  type TavernCard,
} from './rules.js';

/**
 * How Shanghaien shows itself in Discord. Everything on the table is open, so the panel only adds
 * the player's choices to what the board shows; its text still holds the whole row and both
 * crews, so that a player can decide without opening the image.
 */

const COLOURS = ['red', 'blue'];

/** "5️⃣": the keycap emoji of a die face. */
const keycap = (n: number) => `${n}\uFE0F\u20E3`;

/** A crew of a nationality: "French", "Spaniards". */
const nationsName = (t: Translate, nation: Nation) => t(`shanghaien.nation.${nation}.many`);

/** "● Ann 4, ■ Ben 5": each player's mark (the shape of his colour on the board) before his name. */
function perSeat(ctx: PresentContext, values: number[]): string {
  return values.map((v, seat) => `${markedName(ctx, seat)} ${v}`).join(', ');
}

/** "🇺🇸 Americans 1+3 = 4 · 🇳🇱 Dutch 2+joker = 4": a crew by nationality with sums (a joker is worth 2). */
function crewText(t: Translate, crew: Crew): string {
  const parts: string[] = [];
  for (const nation of NATIONS) {
    const values = crew.sailors.filter((c) => c.nation === nation).map((c) => String(c.value));
    const jokers = crew.jokers.filter((j) => j.nation === nation).map(() => t('shanghaien.panel.crew.joker'));
    if (values.length + jokers.length === 0) continue;
    parts.push(`${NATION_FLAG[nation]} ${nationsName(t, nation)} ${[...values, ...jokers].join('+')} = ${crewSum(crew, nation)}`);
  }
  return parts.length > 0 ? parts.join(' · ') : t('shanghaien.panel.crew.empty');
}

function tricksText(t: Translate, crew: Crew): string {
  return crew.tricks.map((c) => effectName(t, c.effect)).join(', ');
}

// ---------------------------------------------------------------------------------------------
// Events

function distributionLine(c: DistributedCard, ctx: PresentContext): string {
  const { t } = ctx;
  const base = { position: c.position, card: cardText(t, c.card) };
  const [a, b] = c.dice as [number, number];
  switch (c.reason) {
    case 'no-dice':
      return t('shanghaien.event.card.no-dice', base);
    case 'only-dice':
      return t('shanghaien.event.card.only-dice', { ...base, player: nameOf(ctx, c.to as number) });
    case 'more-dice': {
      const win = c.to as number;
      return t('shanghaien.event.card.more-dice', { ...base, player: nameOf(ctx, win), a: Math.max(a, b), b: Math.min(a, b) });
    }
    case 'neighbour-pips': {
      const pips = c.neighbourPips as [number, number];
      const win = c.to as number;
      return t('shanghaien.event.card.neighbour-pips', { ...base, player: nameOf(ctx, win), dice: a, a: pips[win] as number, b: pips[1 - win] as number });
    }
    case 'tie':
      return t('shanghaien.event.card.tie', { ...base, dice: a, pips: (c.neighbourPips as number[])[0] as number });
  }
}

function scoringLines(scoring: FinalScoring, ctx: PresentContext): string[] {
  const { t } = ctx;
  const lines = [t('shanghaien.event.final')];
  for (const n of scoring.nations) {
    const nation = { flag: NATION_FLAG[n.nation], nations: nationsName(t, n.nation) };
    if (n.outcome === 'tie') lines.push(t('shanghaien.event.score.tie', { ...nation, sum: n.sums[0] as number }));
    else if (n.outcome === 'alone') {
      const seat = n.winner as number;
      lines.push(t('shanghaien.event.score.alone', { ...nation, player: nameOf(ctx, seat), points: n.points[seat] as number }));
    } else {
      const win = n.winner as number;
      lines.push(
        t('shanghaien.event.score.stronger', {
          ...nation,
          winner: nameOf(ctx, win),
          high: n.sums[win] as number,
          loser: nameOf(ctx, 1 - win),
          low: n.sums[1 - win] as number,
          points: n.points[win] as number,
        }),
      );
    }
  }
  // Unused dirty tricks, when anybody kept one.
  if (scoring.tricks.some((n) => n > 0)) lines.push(t('shanghaien.event.score.tricks', { tricks: perSeat(ctx, scoring.tricks) }));
  // The totals follow in the final ranking, each with its breakdown.
  return lines;
}

/** One line per event (a distribution and the final scoring take one line per card or nation). */
function describe(events: ShanghaienEvent[], ctx: PresentContext): string[] {
  const { t } = ctx;
  const lines: string[] = [];
  // The row of the round, when this post saw it dealt: lets "numbered the row" name the end card.
  let row: TavernCard[] | null = null;
  for (const e of events) {
    const player = 'seat' in e ? nameOf(ctx, e.seat) : '';
    switch (e.type) {
      case 'round-started':
        row = e.row;
        // Listed as the start player sees the row, who numbers it (the text says whose side it is).
        lines.push(
          t('shanghaien.event.round', {
            round: e.round,
            rounds: ROUNDS,
            player: nameOf(ctx, e.startPlayer),
            cards: leftToRight(e.row, e.startPlayer)
              .map((c) => cardText(t, c))
              .join(', '),
          }),
        );
        break;
      case 'rolled':
        lines.push(t('shanghaien.event.rolled', { player, a: e.dice[0], b: e.dice[1] }));
        break;
      case 'oriented': {
        const end = t(`shanghaien.end.${endAsSeenBy(e.first, e.seat)}`);
        // Events stored before the card was recorded name it from the row dealt in this post, if any.
        const card = e.card ?? row?.[e.first === 'left' ? 0 : row.length - 1];
        lines.push(card ? t('shanghaien.event.oriented.card', { player, end, card: cardText(t, card) }) : t('shanghaien.event.oriented', { player, end }));
        break;
      }
      case 'placed':
        lines.push(t('shanghaien.event.placed', { player, pips: e.pips, card: cardText(t, e.card) }));
        break;
      case 'trick':
        if (e.effect === 'adjust') lines.push(t('shanghaien.event.adjust', { player, from: e.from, to: e.to }));
        // The two placements follow as lines of their own.
        else if (e.effect === 'place-both') lines.push(t('shanghaien.event.place-both', { player }));
        else lines.push(t('shanghaien.event.reroll', { player, a: e.dice[0], b: e.dice[1] }));
        break;
      case 'joker':
        lines.push(t('shanghaien.event.joker', { player, effect: effectName(t, e.effect), flag: NATION_FLAG[e.nation], nations: nationsName(t, e.nation) }));
        break;
      case 'shanghai':
        lines.push(t(e.forced ? 'shanghaien.event.shanghai.forced' : 'shanghaien.event.shanghai', { player, round: e.round }));
        break;
      case 'distributed':
        for (const card of e.cards) lines.push(distributionLine(card, ctx));
        break;
      case 'game-over':
        lines.push(...scoringLines(e.scoring, ctx));
        break;
      case 'resigned':
        lines.push(t('shanghaien.event.resigned', { player, winner: nameOf(ctx, e.winner) }));
        break;
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// Status and panel

/** The end in words: who left and who won then, else the winner (or a draw) with the totals. */
function overStatus(view: ShanghaienView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.resigned !== null) return t('shanghaien.status.over.resigned', { player: nameOf(ctx, view.resigned), winner: nameOf(ctx, 1 - view.resigned) });
  const [a, b] = (view.scoring?.totals ?? [0, 0]) as [number, number];
  const winners = winnersOf(view);
  if (winners.length > 1) return t('shanghaien.status.over.draw', { a, b });
  return t('shanghaien.status.over', { player: nameOf(ctx, winners[0] as number), a: Math.max(a, b), b: Math.min(a, b) });
}

function status(view: ShanghaienView, ctx: PresentContext): string {
  const { t } = ctx;
  if (view.over) return overStatus(view, ctx);
  const base = { round: view.round, rounds: view.rounds, player: nameOf(ctx, view.current) };
  if (view.rolled) return t('shanghaien.status.rolled', { ...base, a: view.rolled[0], b: view.rolled[1] });
  const supply = view.supply[view.current] as number;
  if (supply < DICE_PER_ROLL) return t('shanghaien.status.must-shanghai', base);
  const key = (view.placed[view.current] as number) >= DICE_PER_ROLL ? 'shanghaien.status.roll-or-shanghai' : 'shanghaien.status.roll';
  return t(key, { ...base, supply: perSeat(ctx, view.supply) });
}

function rowLines(view: ShanghaienView, seat: number, ctx: PresentContext): string[] {
  const { t } = ctx;
  const opponent = nameOf(ctx, 1 - seat);
  if (view.row.length === 0) return [];
  const numbered = view.first !== null;
  const slots = numbered ? [...view.row].sort((a, b) => (a.position as number) - (b.position as number)) : leftToRight(view.row, seat);
  const lines = [numbered ? t('shanghaien.panel.row', { opponent }) : t('shanghaien.panel.row.unnumbered', { player: nameOf(ctx, view.startPlayer) })];
  slots.forEach((slot, i) => {
    const [mine, theirs] = [slot.dice[seat] as number, slot.dice[1 - seat] as number];
    const dice = mine + theirs === 0 ? t('shanghaien.panel.slot.no-dice') : t('shanghaien.panel.slot.dice', { mine, opponent, theirs });
    let line = t('shanghaien.panel.slot', { position: slot.position ?? '?', card: cardText(t, slot.card), dice });
    if (!numbered && i === 0) line += ` ${t('shanghaien.panel.slot.left')}`;
    if (!numbered && i === slots.length - 1) line += ` ${t('shanghaien.panel.slot.right')}`;
    lines.push(line);
  });
  return lines;
}

function cardAt(view: ShanghaienView, position: number): TavernCard | undefined {
  return view.row.find((s) => s.position === position)?.card;
}

function panel(view: ShanghaienView, legal: unknown[], ctx: PresentContext): Panel {
  const { t } = ctx;
  const seat = view.viewer as number;
  const actions = legal as ShanghaienAction[];
  const crew = view.crews[seat] as Crew;
  const lines = [t('shanghaien.panel.title', { round: view.round, rounds: view.rounds })];
  if (view.over) {
    const totals = perSeat(ctx, view.scoring?.totals ?? []);
    if (view.resigned === null) lines.push(t('shanghaien.panel.over', { totals }));
    else lines.push(t('shanghaien.panel.over.resigned', { player: nameOf(ctx, view.resigned), winner: nameOf(ctx, 1 - view.resigned), totals }));
  } else {
    lines.push(...rowLines(view, seat, ctx));
    lines.push(t('shanghaien.panel.supply', { supply: view.supply[seat] as number, placed: view.placed[seat] as number }));
  }
  lines.push(t('shanghaien.panel.crew', { crew: crewText(t, crew) }));
  lines.push(t('shanghaien.panel.crew.opponent', { player: nameOf(ctx, 1 - seat), crew: crewText(t, view.crews[1 - seat] as Crew) }));
  lines.push(crew.tricks.length > 0 ? t('shanghaien.panel.tricks', { tricks: tricksText(t, crew) }) : t('shanghaien.panel.tricks.none'));
  if (!view.over && crew.tricks.length > 0) lines.push(t(view.trickUsed[seat] ? 'shanghaien.panel.trick.used' : 'shanghaien.panel.trick.free'));

  if (!view.over) {
    if (view.current !== seat) lines.push(t('shanghaien.panel.waiting', { player: nameOf(ctx, view.current) }));
    else if (view.rolled) {
      const [a, b] = view.rolled;
      lines.push(t(view.first === null ? 'shanghaien.panel.your-turn.orient' : 'shanghaien.panel.your-turn.place', { a, b }));
      // A free trick the rules hold back until the row is numbered (games opened under version 1 offer some earlier).
      const trickOffered = actions.some((x) => x.type === 'adjust' || x.type === 'place-both' || x.type === 'reroll' || x.type === 'joker');
      if (view.first === null && crew.tricks.length > 0 && !view.trickUsed[seat] && !trickOffered) lines.push(t('shanghaien.panel.trick.after-numbering'));
    } else {
      const canRoll = actions.some((x) => x.type === 'roll');
      const canShanghai = actions.some((x) => x.type === 'shanghai');
      lines.push(
        t(canRoll && canShanghai ? 'shanghaien.panel.your-turn' : canRoll ? 'shanghaien.panel.your-turn.roll-only' : 'shanghaien.panel.your-turn.forced'),
      );
    }
  }

  const buttons: PanelChoice[] = [];
  const adjust: PanelChoice[] = [];
  const jokers: PanelChoice[] = [];
  const endCard = (end: RowEnd) => (end === 'left' ? view.row[0] : view.row.at(-1))?.card;
  actions.forEach((a, index) => {
    switch (a.type) {
      case 'roll':
        buttons.push({ index, emoji: '🎲', label: t('shanghaien.panel.roll'), primary: true });
        break;
      case 'shanghai':
        buttons.push({ index, emoji: '⚓', label: t('shanghaien.panel.shanghai') });
        break;
      case 'orient': {
        const card = endCard(a.first);
        const end = endAsSeenBy(a.first, seat);
        const choice = {
          index,
          emoji: end === 'left' ? '⬅️' : '➡️',
          label: t('shanghaien.panel.orient', { end: t(`shanghaien.end.${end}`), card: card ? cardText(t, card) : '' }),
          primary: true,
        };
        // His left end first, as he sees the row.
        if (end === 'left') buttons.unshift(choice);
        else buttons.push(choice);
        break;
      }
      case 'place': {
        const card = cardAt(view, a.pips);
        buttons.push({
          index,
          emoji: keycap(a.pips),
          label: t('shanghaien.panel.place', { pips: a.pips, card: card ? cardText(t, card) : '' }),
          primary: true,
        });
        break;
      }
      case 'place-both': {
        const [x, y] = view.rolled ?? [0, 0];
        buttons.push({ index, emoji: '✌️', label: t('shanghaien.panel.place-both', { a: x, b: y }) });
        break;
      }
      case 'reroll':
        buttons.push({ index, emoji: '🔁', label: t('shanghaien.panel.reroll') });
        break;
      case 'adjust': {
        const card = cardAt(view, a.to);
        // What sets an option apart: the dice already at the card the changed die goes to, if any.
        const slot = view.row.find((r) => r.position === a.to);
        const [mine, theirs] = [slot?.dice[seat] ?? 0, slot?.dice[1 - seat] ?? 0];
        adjust.push({
          index,
          emoji: a.to > a.from ? '➕' : '➖',
          label: t('shanghaien.panel.adjust', { from: a.from, to: a.to, card: card ? cardText(t, card) : '' }),
          ...(mine + theirs > 0 ? { description: t('shanghaien.panel.adjust.dice', { mine, opponent: nameOf(ctx, 1 - seat), theirs }) } : {}),
        });
        break;
      }
      case 'joker': {
        const sum = crewSum(crew, a.nation);
        const nations = nationsName(t, a.nation);
        // What differs between the options: the opponent's crew of that nationality, the one to beat.
        const theirs = crewSum(view.crews[1 - seat] as Crew, a.nation);
        const opponent = nameOf(ctx, 1 - seat);
        jokers.push({
          index,
          emoji: NATION_FLAG[a.nation],
          label: t('shanghaien.panel.joker', { nations, sum, next: sum + JOKER_VALUE, effect: effectName(t, a.effect) }),
          description:
            theirs === 0
              ? t('shanghaien.panel.joker.opponent.none', { player: opponent, nations })
              : t('shanghaien.panel.joker.opponent', { player: opponent, nations, sum: theirs }),
        });
        break;
      }
    }
  });
  const groups: PanelGroup[] = [];
  if (buttons.length > 0) groups.push({ kind: 'buttons', placeholder: '', choices: buttons });
  if (adjust.length > 0) groups.push({ kind: 'select', placeholder: t('shanghaien.panel.adjust.placeholder'), choices: adjust });
  if (jokers.length > 0) groups.push({ kind: 'select', placeholder: t('shanghaien.panel.joker.placeholder'), choices: jokers });
  return { text: lines.join('\n'), groups };
}

// ---------------------------------------------------------------------------------------------
// The final ranking

/**
 * A seat's final score as the rulebook adds it up: the points of each nationality he scored, then
 * his unused dirty tricks: "6 (Americans) + 1 (Chinese) + 1 (dirty trick)". Empty for no points.
 * After a resignation: what each had collected when the game ended.
 */
function breakdown(view: ShanghaienView, seat: number, ctx: PresentContext): string {
  const { t } = ctx;
  const scoring = view.scoring;
  if (!scoring) return '';
  const parts = scoring.nations
    .filter((n) => (n.points[seat] as number) > 0)
    .map((n) => t('shanghaien.breakdown.nation', { points: n.points[seat] as number, nations: nationsName(t, n.nation) }));
  const tricks = scoring.tricks[seat] as number;
  if (tricks > 0) parts.push(tricks === 1 ? t('shanghaien.breakdown.tricks.one') : t('shanghaien.breakdown.tricks', { count: tricks }));
  return parts.join(' + ');
}

export const shanghaienPresenter: GamePresenter<ShanghaienView> = {
  name: 'game.shanghaien.name',
  rules: 'rules.shanghaien',
  score: 'shanghaien.score',
  variants: [{ value: 'standard', label: 'shanghaien.variant.standard', about: 'shanghaien.variant.standard.about', options: {} }],
  // The game has no options: every stored game is the standard one.
  variantOf(options) {
    return typeof options === 'object' && options !== null ? this.variants[0] : undefined;
  },
  colours: (seats) => COLOURS.slice(0, seats),
  status,
  describe: (events, ctx) => describe(events as ShanghaienEvent[], ctx),
  panel,
  breakdown,
  render: (view, { t, players }) => renderShanghaienBoard(view, boardPlayers(players), t),
  altText: (view, ctx) => shanghaienAltText(view, ctx, shanghaienPresenter),
};
