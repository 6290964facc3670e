/**
 * Shared by Shanghaien's presenter tests: an English context for Anne and Marc, random legal play
 * that reaches every kind of position, and a seat's view.
 */
import { translator } from '../../i18n/index.js';
import { indexOf, shanghaien, type ShanghaienAction, type ShanghaienState, type TavernCard } from './rules.js';
import { playersAt } from '../../../tests/support/players.js';
import { playRandomSteps } from '../../../tests/support/random-play.js';

export const t = translator('en');
export const ctx = {
  t,
  players: playersAt(['Anne', 'Marc'], ['red', 'blue']),
};

/**
 * Random legal play; `style` varies how often players shanghai and play tricks, so that every kind
 * of position comes up. Dice go to trick cards where they can, so that players hold tricks.
 */
export function play(seed: string, steps: number, style: number): ShanghaienState {
  return playRandomSteps(shanghaien, shanghaien.setup({ seats: 2, seed, options: {} }), {
    steps,
    choose: (legal, s, i) => {
      const tricks = legal.filter((a) => a.type !== 'roll' && a.type !== 'place' && a.type !== 'orient' && a.type !== 'shanghai');
      const onTricks = legal.filter((a) => a.type === 'place' && s.first !== null && s.row[indexOf(a.pips, s.first)]?.kind === 'trick');
      const shanghai = legal.filter((a) => a.type === 'shanghai');
      let pool: readonly ShanghaienAction[];
      if (tricks.length > 0 && (i + style) % 7 === 0) pool = tricks;
      else if (onTricks.length > 0) pool = onTricks;
      else if (shanghai.length > 0 && (i * 7 + style) % 4 === 0) pool = shanghai;
      else pool = legal.filter((a) => a.type === 'roll' || a.type === 'place' || a.type === 'orient');
      if (pool.length === 0) pool = legal;
      return pool[(i * 13 + style) % pool.length] as ShanghaienAction;
    },
  });
}

export const view = (s: ShanghaienState, seat: number | null) => shanghaien.view(s, seat);

/** The presenter's text for a card, written out here independently. */
export function presenterCard(card: TavernCard): string {
  if (card.kind === 'trick') return `🃏 dirty trick “${t(`shanghaien.trick.${card.effect}`)}”`;
  const flags = { american: '🇺🇸', french: '🇫🇷', german: '🇩🇪', chinese: '🇨🇳', dutch: '🇳🇱', spanish: '🇪🇸', italian: '🇮🇹', british: '🇬🇧' };
  return `${flags[card.nation]} ${t(`shanghaien.nation.${card.nation}`)} ${card.value}`;
}
