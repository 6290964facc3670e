/**
 * A game is its folder and its line in the registry: nothing else in src/ names one. Tests may play
 * a particular game on purpose, so they are not read; comments and examples outside the game folders
 * use a neutral example.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.js';
import { registry } from '../../src/games/index.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** Every .ts file under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const ids = Object.keys(registry);
/** A game's own place: its folder and the registry. */
const owned = (file: string) => file === 'src/games/registry.ts' || ids.some((id) => file.startsWith(`src/games/${id}/`));
/** Each game's id and English name ("Halunken & Spelunken": each word of it long enough to be the game's). */
const names = [...new Set(ids.flatMap((id) => [id, ...en[`game.${id}.name` as keyof typeof en].split(/[^\p{L}]+/u).filter((word) => word.length >= 6)]))];

describe('no file outside a game folder and the registry names a game', () => {
  it('finds every game name it looks for', () => {
    expect(names.length).toBeGreaterThanOrEqual(ids.length);
  });

  it('src/ outside src/games/<id>/ and src/games/registry.ts', () => {
    const pattern = new RegExp(names.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'iu');
    const found = sources(SRC)
      .map((path) => relative(ROOT, path).split('\\').join('/'))
      .filter((file) => !owned(file))
      .flatMap((file) =>
        readFileSync(join(ROOT, file), 'utf8')
          .split('\n')
          .flatMap((line, i) => (pattern.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(found).toEqual([]);
  });
});
