/** How Shanghaien's cards and nations read in text: the panel, the posts and the board's description share it. */
import type { Translate } from '../../i18n/index.js';
import type { DieEffect, Nation, TavernCard } from './rules.js';

/** Flags for text (images draw their own flag-like marks). */
export const NATION_FLAG: Record<Nation, string> = {
  american: '🇺🇸',
  french: '🇫🇷',
  german: '🇩🇪',
  chinese: '🇨🇳',
  dutch: '🇳🇱',
  spanish: '🇪🇸',
  italian: '🇮🇹',
  british: '🇬🇧',
};

/** One sailor of a nationality, as on a card: "Frenchman". */
const nationName = (t: Translate, nation: Nation) => t(`shanghaien.nation.${nation}`);

/** A dirty trick's name: "±1". */
export const effectName = (t: Translate, effect: DieEffect) => t(`shanghaien.trick.${effect}`);

/** "🇫🇷 Frenchman 3" or "🃏 dirty trick “±1”". */
export function cardText(t: Translate, card: TavernCard): string {
  if (card.kind === 'trick') return t('shanghaien.card.trick', { effect: effectName(t, card.effect) });
  return t('shanghaien.card.sailor', { flag: NATION_FLAG[card.nation], nation: nationName(t, card.nation), value: card.value });
}
