import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The layers of docs/architecture.md, checked by running dependency-cruiser with
// .dependency-cruiser.cjs: no upward import, no import circle, the store only in the service.

const root = resolve(import.meta.dirname, '../..');
const cruiser = join(root, 'node_modules/.bin/depcruise');
const config = join(root, '.dependency-cruiser.cjs');
const known = join(root, '.dependency-cruiser-known-violations.json');

interface Violation {
  rule: { name: string; severity: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

/** Runs the cruiser on `src` under `cwd` and gives back what it found, known violations (when ignored) left out. */
async function cruise(cwd: string, ignoreKnown: boolean): Promise<Violation[]> {
  const args = ['src', '--config', config, '--output-type', 'json', ...(ignoreKnown ? ['--ignore-known', known] : [])];
  // The cruiser exits non-zero when it finds violations; its report is on stdout all the same.
  const { stdout } = await promisify(execFile)(cruiser, args, { cwd, maxBuffer: 64 * 1024 * 1024 }).catch((error: { stdout?: string }) => {
    if (!error.stdout) throw error;
    return { stdout: error.stdout };
  });
  // Known violations are reported with severity 'ignore'.
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations.filter((v) => v.rule.severity !== 'ignore');
}

const described = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.cycle ? v.cycle.map((c) => c.name).join(' → ') : v.to}`;

describe('layers', () => {
  it('src/ imports only downward and has no import circle', async () => {
    expect((await cruise(root, true)).map(described)).toEqual([]);
  });

  it('the known violations are only circles inside one game folder (left to the games)', () => {
    const listed = JSON.parse(readFileSync(known, 'utf8')) as Violation[];
    for (const v of listed) {
      expect(v.rule.name).toBe('no-circular');
      const folders = new Set([v.from, ...(v.cycle ?? []).map((c) => c.name)].map((path) => dirname(path)));
      expect([...folders]).toHaveLength(1);
      expect([...folders][0]).toMatch(/^src\/games\/[a-z]+$/);
    }
  });

  it('catches an upward import, a circle and the store reached from the bot', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'layers-'));
    try {
      const files: Record<string, string> = {
        'src/db/store.ts': "import type { Clock } from '../service/clock.js';\nexport type Store = Clock;\n",
        'src/service/clock.ts': 'export interface Clock { now(): number }\n',
        'src/service/hosting.ts': "import type { Store } from '../db/store.js';\nexport type Hosting = Store;\n",
        'src/bot/a.ts': "import type { Hosting } from '../service/hosting.js';\nimport { b } from './b.js';\nexport const a = (h?: Hosting) => b(h);\n",
        'src/bot/b.ts': "import { a } from './a.js';\nexport const b = (x: unknown) => [x, a];\n",
        'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'NodeNext', moduleResolution: 'NodeNext' }, include: ['src'] }),
      };
      for (const [path, text] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      }
      const rules = new Set((await cruise(dir, false)).map((v) => v.rule.name));
      expect([...rules].sort()).toEqual(['no-circular', 'no-upward-from-db', 'store-stays-in-the-service']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
