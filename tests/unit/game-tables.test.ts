/**
 * The docs' lists of games agree with the registry (src/games/registry.ts): the README's table of games
 * (name, players, variants) and docs/bots.md's sections per game. A game registered but not listed,
 * or listed but not registered, fails here.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { seatRangeOf } from '../../src/engine/index.js';
import { allGames } from '../../src/games/index.js';
import { en } from '../../src/i18n/en.js';
import type { MessageKey } from '../../src/i18n/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const nameOf = (id: string) => en[`game.${id}.name` as MessageKey];
const sorted = (list: string[]) => [...list].sort();

/** The rows of the first Markdown table whose header starts with `header`, as cells. */
function tableRows(text: string, header: string): string[][] {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(header));
  if (start < 0) throw new Error(`no table "${header}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, line.lastIndexOf('|'))
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The fewest and most players of any variant: "2–5", or "2" when there is one size. */
function playersOf(game: (typeof allGames)[number]): string {
  const ranges = game.presenter.variants.map((v) => seatRangeOf(game.rules, game.rules.options.parse(v.options)));
  const min = Math.min(...ranges.map((r) => r.min));
  const max = Math.max(...ranges.map((r) => r.max));
  return min === max ? `${min}` : `${min}–${max}`;
}

describe("the docs' tables of games", () => {
  it('README.md: one row per registered game, with its players and every variant by name (in bold), and no other', () => {
    const rows = tableRows(read('README.md'), '| Game | Players | Variants');
    expect(sorted(rows.map((row) => row[0] as string))).toEqual(sorted(allGames.map((game) => nameOf(game.rules.id))));
    for (const game of allGames) {
      const row = rows.find((r) => r[0] === nameOf(game.rules.id)) as string[];
      expect(row[1], `players of ${game.rules.id}`).toBe(playersOf(game));
      const listed = [...(row[2] as string).matchAll(/\*\*(.+?)\*\*/g)].map((m) => m[1] as string);
      expect(sorted(listed), `variants of ${game.rules.id}`).toEqual(sorted(game.presenter.variants.map((v) => en[v.label])));
    }
  });

  it("docs/bots.md: a section on each game's determinization, and a heuristic player and a sparring partner B per game, for exactly the registered games", () => {
    const text = read('docs/bots.md');
    const sections = [...text.matchAll(/^## (.+) \(`src\/games\/([a-z0-9-]+)\/determinize\.ts`\)$/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(sorted(sections)).toEqual(sorted(allGames.filter((game) => game.supports.bots).map((game) => `${nameOf(game.rules.id)} ${game.rules.id}`)));
    const sparring = text.slice(text.indexOf('## Sparring partner B'), text.indexOf('## Heuristic players'));
    const sparringBullets = [...sparring.matchAll(/^- ([^:\n]+): /gm)].map((m) => m[1] as string);
    expect(sorted(sparringBullets)).toEqual(sorted(allGames.filter((game) => game.sparringB).map((game) => nameOf(game.rules.id))));
    const heuristics = text.slice(text.indexOf('## Heuristic players'));
    const bullets = [...heuristics.matchAll(/^- ([^:\n]+): /gm)].map((m) => m[1] as string);
    expect(sorted(bullets)).toEqual(sorted(allGames.map((game) => nameOf(game.rules.id))));
  });
});
