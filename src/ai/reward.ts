import type { GameResult } from '../engine/index.js';

/**
 * What a finished game is worth to each seat, in [0, 1]: the share of the other seats it finished
 * ahead of, a tie counting half. A two-player win is 1, a loss 0; in a larger game second place
 * still counts for something, so that the bot fights for every place.
 */
export function rewardsOf(result: GameResult): number[] {
  const seats = result.scores.length;
  const rewards = new Array<number>(seats).fill(0.5);
  if (seats < 2) return rewards;
  let ahead = 0;
  for (const group of result.ranking) {
    const behind = seats - ahead - group.length;
    for (const seat of group) rewards[seat] = (behind + (group.length - 1) / 2) / (seats - 1);
    ahead += group.length;
  }
  return rewards;
}
