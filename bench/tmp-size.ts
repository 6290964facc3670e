import { allGames } from '../src/games/index.js';
import { playRandomGame } from '../tests/support/game-suite/random-games.js';
for (const g of allGames) {
  for (const c of g.cases.slice(0, 2)) {
    const rg = playRandomGame(g.rules, c, 0);
    const sizes = [rg.start, ...rg.steps.map((s) => s.after)].map((s) => JSON.stringify(s).length);
    console.log(g.rules.id, c.label, 'start', sizes[0], 'mid', sizes[Math.floor(sizes.length / 2)], 'max', Math.max(...sizes));
  }
}
