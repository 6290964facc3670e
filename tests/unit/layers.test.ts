import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The layers of docs/architecture.md, checked by running dependency-cruiser with
// .dependency-cruiser.cjs: no upward import, no import circle, the store only in the service, and
// nothing of src/db in the Discord layer at run time.

const root = resolve(import.meta.dirname, '../..');
const cruiser = join(root, 'node_modules/.bin/depcruise');
const config = join(root, '.dependency-cruiser.cjs');

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

/** Runs the cruiser on `src` under `cwd` and gives back what it found. */
async function cruise(cwd: string): Promise<Violation[]> {
  const args = ['src', '--config', config, '--output-type', 'json'];
  // The cruiser exits non-zero when it finds violations; its report is on stdout all the same.
  const { stdout } = await promisify(execFile)(cruiser, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => {
    if (!error.stdout) throw error;
    return { stdout: error.stdout };
  });
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const described = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name).join(' → ') : v.to}`;

describe('layers', () => {
  it('src/ imports only downward and has no import circle', async () => {
    expect((await cruise(root)).map(described)).toEqual([]);
  });

  it('catches an upward import, a circle, the store reached from the bot and src/db run by the bot, and lets type imports pass where they may', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'layers-'));
    try {
      const files: Record<string, string> = {
        'src/db/storage.ts': "import type { Clock } from '../service/clock.js';\nexport type Store = Clock;\n",
        'src/service/clock.ts': 'export interface Clock { now(): number }\n',
        'src/service/hosting.ts': "import type { Store } from '../db/storage.js';\nexport type Hosting = Store;\n",
        'src/discord/a.ts': "import type { Hosting } from '../service/hosting.js';\nimport { b } from './b.js';\nexport const a = (h?: Hosting) => b(h);\n",
        'src/discord/b.ts': "import { a } from './a.js';\nexport const b = (x: unknown) => [x, a];\n",
        // The Discord layer may name the store's types, but runs nothing of it.
        'src/db/busy.ts': 'export const isBusy = (error: unknown) => error === 1;\n',
        'src/discord/c.ts': "import { isBusy } from '../db/busy.js';\nexport const c = isBusy(1);\n",
        'src/discord/d.ts': "import type { Store } from '../db/storage.js';\nexport const d = (s?: Store) => s;\n",
        // Values one way, a type back: no circle when the program runs.
        'src/games/texts.ts': "import type { Key } from '../i18n/keys.js';\nexport const texts: Record<Key, string> = { hello: 'hello' };\n",
        'src/i18n/keys.ts': "import { texts } from '../games/texts.js';\nexport type Key = 'hello';\nexport const all = { ...texts };\n",
        'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' }, include: ['src'] }),
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const found = await cruise(dir);
      const rules = new Set(found.map((v) => v.rule.name));
      expect([...rules].sort()).toEqual(['discord-asks-the-service', 'no-circular', 'no-upward-from-db', 'store-stays-in-the-service']);
      expect(found.filter((v) => v.rule.name === 'discord-asks-the-service').map(described)).toEqual([
        'discord-asks-the-service: src/discord/c.ts → src/db/busy.ts',
      ]);
      expect(found.filter((v) => v.from.includes('games/') || v.from.includes('i18n/')).map(described)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
