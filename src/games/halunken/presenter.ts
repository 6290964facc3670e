import type { Translate } from '../../i18n/index.js';
import { boardPlayers, type GamePresenter, type PresentContext } from '../presenter.js';
import { renderHalunkenBoard } from './render.js';
import { halunkenAltText } from './alt-text.js';
import type { HalunkenEvent, HalunkenOptions, HalunkenView } from './rules.js';
import { describe } from './describe.js';
import { colourBreakdown } from './labels.js';
import { panel } from './panel.js';
import { status } from './status.js';

/**
 * How Halunken & Spelunken shows itself in Discord. The movement cards are chosen in secret, all
 * at once: the public posts say who has still to choose, never what anybody chose, and a post is
 * made only when the cards are revealed (and whenever the game starts waiting for someone else:
 * placements, auction turns, Rum, thefts, gifts). Everything else on the table is open; the panel
 * repeats what a player needs to decide without opening the image.
 */

/** The captains' colours: those of the boxed game (blue, green, red, yellow). */
const COLOURS = ['blue', 'green', 'red', 'yellow'];

// ---------------------------------------------------------------------------------------------
// The final score

/**
 * How a seat's final score was made up, from the finished game's spectator view: by colour, the
 * doubled colour first ("2 × 22 yellow + 9 grey + 15 red"); in a long game the points of each game,
 * the last one by colour ("38 in game 1 + 41 in game 2 + 68 in game 3 (2 × 22 yellow + …)"). A player
 * who left: the points he kept from the games before (that he left, the ranking line says).
 */
function breakdown(view: HalunkenView, seat: number, ctx: PresentContext): string {
  const { t } = ctx;
  const left = view.resigned[seat] === true;
  const lastGame = () => colourBreakdown(t, view.scores[seat] ?? null, view.crews[seat] ?? []);
  const perGame = view.gameScores.map((row) => row[seat] ?? 0);
  if (view.games <= 1 || perGame.length === 0) return left ? '' : lastGame();
  if (left) return perGame.flatMap((score, i) => (score > 0 ? [t('halunken.breakdown.game', { score, game: i + 1 })] : [])).join(' + ');
  return perGame
    .map((score, i) =>
      i === perGame.length - 1
        ? t('halunken.breakdown.last-game', { score, game: i + 1, colours: lastGame() })
        : t('halunken.breakdown.game', { score, game: i + 1 }),
    )
    .join(' + ');
}

// ---------------------------------------------------------------------------------------------

const VARIANTS: { value: string; options: HalunkenOptions; label: Parameters<Translate>[0]; about: Parameters<Translate>[0] }[] = [
  { value: 'standard', options: { variant: 'standard', long: false }, label: 'halunken.variant.standard', about: 'halunken.variant.standard.about' },
  { value: 'beginner', options: { variant: 'beginner', long: false }, label: 'halunken.variant.beginner', about: 'halunken.variant.beginner.about' },
  {
    value: 'standard-long',
    options: { variant: 'standard', long: true },
    label: 'halunken.variant.standard-long',
    about: 'halunken.variant.standard-long.about',
  },
  {
    value: 'beginner-long',
    options: { variant: 'beginner', long: true },
    label: 'halunken.variant.beginner-long',
    about: 'halunken.variant.beginner-long.about',
  },
];

export const halunkenPresenter: GamePresenter<HalunkenView> = {
  name: 'game.halunken.name',
  rules: 'rules.halunken',
  score: 'halunken.score',
  variants: VARIANTS,
  variantOf(options) {
    const o = options as Partial<HalunkenOptions> | null;
    if (typeof o !== 'object' || o === null) return undefined;
    return this.variants.find((v) => {
      const vo = v.options as HalunkenOptions;
      return vo.variant === (o.variant ?? 'standard') && vo.long === (o.long ?? false);
    });
  },
  colours: (seats) => COLOURS.slice(0, seats),
  status,
  describe: (events, ctx) => describe(events as HalunkenEvent[], ctx),
  panel,
  breakdown,
  render: (view, { t, players }, earlier) => renderHalunkenBoard(view, boardPlayers(players), t, earlier),
  // A turn may be a choice and what follows it (the Rum's number, then the card taken): every move's events are marked.
  roundBySteps: true,
  altText: (view, ctx) => halunkenAltText(view, ctx, halunkenPresenter),
};
