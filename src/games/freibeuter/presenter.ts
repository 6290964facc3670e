import type { Translate } from '../../i18n/index.js';
import { boardPlayers, type GamePresenter, type PresentContext } from '../presenter.js';
import { renderFreibeuterBoard } from './render.js';
import { freibeuterAltText } from './alt-text.js';
import { SHIP_VALUES, shipWorth, type FreibeuterEvent, type FreibeuterView, type ShipValue } from './rules.js';
import { describe } from './describe.js';
import { panel } from './panel.js';
import { status } from './status.js';

/**
 * How Freibeuter shows itself in Discord. A turn is one main action (board a ship, play a sea
 * card, play a Dutchman card), sometimes followed by the order of resolution and the choice of
 * pile: a post is made when the turn has passed on (or the game is over), telling everything
 * that happened in it. Hands are the only secret: the panel shows a player his own, and what
 * each of his cards would do; no public line names a drawn card.
 *
 * Points (the grid points between four fields, where the tokens lie) are named as the engine
 * names them: 'B2-C3', by the top-left and bottom-right of their four fields, which the board
 * image labels A-G (rows) and 1-7 (columns). Ships to board are named by the number the board
 * draws on each (labels.ts), which a player finds at a glance.
 */

/** Boat colours: none of them blue, the sea is. */
const COLOURS = ['red', 'yellow', 'green', 'purple'];

// ---------------------------------------------------------------------------------------------
// The final score, as the rulebook counts it

/** "2 × 5, 10, 3 × 20 doubled": the ships taken, by value, the doubled ones said so. */
function shipGroups(t: Translate, ships: ShipValue[], doubles: ShipValue[]): string {
  const groups: string[] = [];
  for (const value of SHIP_VALUES) {
    const count = ships.filter((v) => v === value).length;
    if (count === 0) continue;
    const text = count === 1 ? String(value) : `${count} × ${value}`;
    groups.push(doubles.includes(value) ? t('freibeuter.breakdown.doubled', { ships: text }) : text);
  }
  return groups.join(', ');
}

/**
 * "41 treasure + 100 in ships (2 × 5, 10, 3 × 20 doubled) − 2 × 18 loans (7 + 11)": the final
 * score as the rulebook adds it up, from what everyone sees (treasure, ships and loans are open).
 */
function breakdown(view: FreibeuterView, seat: number, ctx: PresentContext): string {
  const { t } = ctx;
  const p = view.players[seat];
  if (!p) return '';
  const treasure = t(p.treasure === 1 ? 'freibeuter.breakdown.treasure.one' : 'freibeuter.breakdown.treasure', { amount: p.treasure });
  let text: string;
  if (p.ships.length === 0 && p.loans.length === 0) text = t('freibeuter.breakdown.no-ships', { treasure });
  else {
    text = treasure;
    if (p.ships.length > 0) {
      const worth = p.ships.reduce((sum, v) => sum + shipWorth(v, view.doubles), 0);
      text += ` + ${t('freibeuter.breakdown.ships', { worth, list: shipGroups(t, p.ships, view.doubles) })}`;
    }
    if (p.loans.length > 0) {
      const total = p.loans.reduce((a, b) => a + b, 0);
      text += ` − ${p.loans.length === 1 ? t('freibeuter.breakdown.loan', { total }) : t('freibeuter.breakdown.loans', { total, list: p.loans.join(' + ') })}`;
    }
  }
  // A player who left is said to have left by the ranking line itself (resigned, or removed).
  return text;
}

// ---------------------------------------------------------------------------------------------

export const freibeuterPresenter: GamePresenter<FreibeuterView> = {
  name: 'game.freibeuter.name',
  rules: 'rules.freibeuter',
  score: 'freibeuter.score',
  variants: [{ value: 'standard', label: 'freibeuter.variant.standard', about: 'freibeuter.variant.standard.about', options: {} }],
  // The game has no options: every stored game is the standard one.
  variantOf(options) {
    return typeof options === 'object' && options !== null ? this.variants[0] : undefined;
  },
  colours: (seats) => COLOURS.slice(0, seats),
  status,
  describe: (events, ctx) => describe(events as FreibeuterEvent[], ctx),
  panel,
  render: (view, { t, players }, earlier) => renderFreibeuterBoard(view, boardPlayers(players), t, earlier),
  altText: (view, ctx) => freibeuterAltText(view, ctx, freibeuterPresenter),
  breakdown,
};
