import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RUNTIME_ENV } from '../../src/runtime-env.js';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/** No Docker engine runs here, so the files are checked against each other instead. */
describe('docker-compose.yml and Dockerfile', () => {
  const compose = parse(read('docker-compose.yml')) as {
    services: Record<string, { build: string; env_file: string; environment: Record<string, string>; volumes: string[]; restart: string }>;
    volumes: Record<string, unknown>;
  };
  const dockerfile = read('Dockerfile');

  it('runs the bot with a restart policy, the .env settings and a named volume for the database', () => {
    const bot = compose.services.bot;
    expect(bot?.build).toBe('.');
    expect(bot?.env_file).toBe('.env');
    expect(bot?.restart).toBe('unless-stopped');
    const [volume, mountPoint] = (bot?.volumes[0] ?? '').split(':');
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(bot?.environment.DATABASE_PATH?.startsWith(`${mountPoint}/`)).toBe(true);
  });

  it('keeps the backups in the volume too, and can run npm run restore in the image', () => {
    const bot = compose.services.bot;
    const mountPoint = (bot?.volumes[0] ?? '').split(':')[1];
    expect(bot?.environment.BACKUP_DIR?.startsWith(`${mountPoint}/`)).toBe(true);
    // `docker compose run --rm bot npm run restore -- FILE`: npm comes with the node image, the
    // script with package.json, and it runs src/restore.ts through tsx (a run-time dependency).
    const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtimeStage).toMatch(/^\nFROM node:\S+/);
    expect(runtimeStage).toMatch(/^COPY package\.json /m);
    expect(runtimeStage).not.toMatch(/^ENTRYPOINT/m);
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    const [runner, script] = (pkg.scripts.restore ?? '').split(' ');
    expect(runner).toBe('tsx');
    expect(Object.keys(pkg.dependencies)).toContain('tsx');
    expect(script?.startsWith('src/')).toBe(true);
    expect(read(script ?? '')).toContain('restoreBackup');
  });

  it('builds with the libraries canvas compiles against and ships what the bot reads at run time', () => {
    for (const lib of ['libcairo2-dev', 'libpango1.0-dev', 'libjpeg-dev', 'libgif-dev', 'librsvg2-dev']) expect(dockerfile).toContain(lib);
    for (const lib of ['libcairo2', 'libpango-1.0-0', 'libjpeg62-turbo', 'libgif7', 'librsvg2-2']) expect(dockerfile).toMatch(new RegExp(`\\s${lib.replace('.', '\\.')}\\s`));
    for (const dir of ['src', 'migrations', 'assets']) expect(dockerfile).toContain(`COPY ${dir} ./${dir}`);
  });

  it('runs the built JavaScript with plain Node, as npm start does, built in the image from its own sources', () => {
    const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const buildStage = dockerfile.slice(0, dockerfile.lastIndexOf('\nFROM '));
    const runtimeStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(pkg.scripts.build).toBe('tsc -p tsconfig.build.json');
    expect(pkg.scripts.prestart).toBe('npm run build');
    expect(buildStage).toMatch(/^RUN npm run build\b/m);
    expect(buildStage).toMatch(/^COPY tsconfig\.json tsconfig\.build\.json /m);
    expect(runtimeStage).toMatch(/^COPY --from=build \/app\/dist \.\/dist$/m);
    // The same file: the image's command and npm start.
    const [node, file] = JSON.parse(/^CMD (\[.*\])$/m.exec(runtimeStage)?.[1] ?? '[]') as string[];
    expect(node).toBe('node');
    expect(pkg.scripts.start).toBe(`node ${file}`);
    const build = JSON.parse(read('tsconfig.build.json')) as { compilerOptions: { rootDir: string; outDir: string } };
    expect(file).toBe(`${build.compilerOptions.outDir}/index.js`);
    expect(read(`${build.compilerOptions.rootDir}/index.ts`)).toContain('run');
  });

  it('gives the bot the memory settings the benchmarks measure, in the container and with scripts/start.sh', () => {
    const start = read('scripts/start.sh');
    for (const [name, value] of Object.entries(RUNTIME_ENV)) {
      expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${name}=${value}(\\s|$)`, 'm'));
      expect(start).toContain(`${name}="\${${name}:-${value}}"`);
    }
  });
});
