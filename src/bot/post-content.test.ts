import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.js';
import { rankingLines } from './post-content.js';

const t = translator('en');
const result = { ranking: [[1], [0, 2]], scores: [40, 105, 40] };
const names = ['● Anne', '■ Bart', '▲ Cees'];
const score = (n: number) => `${n} points`;

describe('the final ranking', () => {
  it('puts players who tie on one line when the game gives no breakdown', () => {
    expect(rankingLines(result, names, score, t)).toEqual(['**The game is over.**', '1. ■ Bart (105 points)', '2. ● Anne, ▲ Cees (40 points)']);
  });

  it('gives each player his own line with how his score was made up, ties sharing a place', () => {
    const breakdown = (seat: number) => ['10 + 30', '100 + 5', ''][seat] as string;
    expect(rankingLines(result, names, score, t, breakdown)).toEqual([
      '**The game is over.**',
      '1. ■ Bart (105 points): 100 + 5',
      '2. ● Anne (40 points): 10 + 30',
      '2. ▲ Cees (40 points)',
    ]);
  });
});
