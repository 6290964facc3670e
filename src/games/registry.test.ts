import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { allGames, gameCases, games, presenters, registry } from './index.js';
import { heuristics } from './heuristics.js';
import { gameCatalogues } from './catalogues.js';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * The modules a module loads when it runs, by path: `import type` and `export type` are erased,
 * every other import or re-export stays (with verbatimModuleSyntax, `import { type X }` too).
 */
function runtimeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const specifiers = [...source.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gms)]
    .filter((m) => m[2] === undefined && (m[3] as string).startsWith('.'))
    .map((m) => m[3] as string);
  return specifiers.map((s) => join(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** Every module a source file imports, type-only imports too, by path. */
function imports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^\s*(?:import|export)\s[^'";]*?\sfrom\s+'(\.[^']+)'|^\s*import\s+'(\.[^']+)'|import\('(\.[^']+)'\)/gms)]
    .map((m) => (m[1] ?? m[2] ?? m[3]) as string)
    .map((s) => join(dirname(file), s.replace(/\.js$/, '.ts')));
}

/** Every source file under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Every module of ours that loading `entry` runs. */
function loadedBy(entry: string): Set<string> {
  const seen = new Set<string>();
  const next = [entry];
  while (next.length > 0) {
    const file = next.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    next.push(...runtimeImports(file));
  }
  return seen;
}

describe('the registry of games', () => {
  it('derives every map of games from one entry per game, in the same order', () => {
    const ids = Object.keys(registry);
    expect(ids.length).toBeGreaterThan(0);
    for (const derived of [games, presenters, heuristics, gameCatalogues]) expect(Object.keys(derived)).toEqual(ids);
    expect(allGames.map((game) => game.rules.id)).toEqual(ids);
  });

  it('gives every case a label of its own, and every game a case for each place that plays the games', () => {
    const labels = gameCases().map((c) => c.label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const tag of ['bots', 'bench', 'e2e-bots', 'e2e-dutch'] as const) {
      for (const id of Object.keys(registry))
        expect(
          gameCases(tag).some((c) => c.id === id),
          `${id} has no case tagged ${tag}`,
        ).toBe(true);
    }
  });

  it('is imported by ./index.ts alone, and each game folder by the registry alone: a game needs only its line', () => {
    const ids = Object.keys(registry);
    const folderOf = (file: string) => ids.find((id) => file.startsWith(`src/games/${id}/`));
    const reaching = sources(join(ROOT, 'src')).flatMap((file) => {
      const from = relative(ROOT, file);
      return imports(file)
        .map((target) => relative(ROOT, target))
        .filter(
          (to) =>
            (to === 'src/games/registry.ts' && from !== 'src/games/index.ts') ||
            (folderOf(to) !== undefined && folderOf(to) !== folderOf(from) && from !== 'src/games/registry.ts'),
        )
        .map((to) => `${from} → ${to}`);
    });
    expect(reaching).toEqual([]);
  });

  it('loads no texts through src/i18n: the catalogues read the games, so a game importing src/i18n at runtime would be a cycle', () => {
    const loaded = [...loadedBy(join(ROOT, 'src/games/index.ts'))].map((file) => relative(ROOT, file));
    expect(loaded).toContain('src/games/cartagena/presenter.ts');
    expect(loaded.filter((file) => file.startsWith('src/i18n/'))).toEqual([]);
  });
});
