/**
 * `npm run db:copy -- --to postgres://user:password@host:5432/database [--from FILE]`: copies the
 * bot's SQLite database (DATABASE_PATH, or FILE) into an empty PostgreSQL database and checks the
 * copy (src/ops/db-copy/). Without --to, DATABASE_URL is the target. Exit code 0 when copied, 1
 * otherwise, with one sentence saying why.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadRestoreConfig, type RestoreConfig } from './config.js';
import { games } from './games/index.js';
import { copyDatabase, CopyRefused, summaryLine } from './ops/db-copy/run.js';

const USAGE =
  'Usage: npm run db:copy -- --to postgres://user:password@host:5432/database [--from FILE] (the SQLite file is DATABASE_PATH unless --from names another; without --to, DATABASE_URL is the target).';

async function main(args: string[]): Promise<number> {
  let options: { to?: string | undefined; from?: string | undefined };
  try {
    options = parseArgs({ args, options: { to: { type: 'string' }, from: { type: 'string' } }, strict: true, allowPositionals: false }).values;
  } catch {
    console.error(USAGE);
    return 1;
  }
  let config: RestoreConfig;
  try {
    config = loadRestoreConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot copy: ${error.message}`);
    return 1;
  }
  const to = options.to ?? config.DATABASE_URL;
  if (!to) {
    console.error(USAGE);
    return 1;
  }
  // npm runs scripts in the project's folder; a relative FILE means where the user typed it.
  const from = options.from ? resolve(process.env.INIT_CWD ?? process.cwd(), options.from) : config.DATABASE_PATH;
  try {
    const summary = await copyDatabase({ from, to, toName: options.to ? '--to' : 'DATABASE_URL', registry: games, print: (line) => console.log(line) });
    console.log(summaryLine(from, summary));
    return 0;
  } catch (error) {
    if (!(error instanceof CopyRefused)) throw error;
    console.error(error.message);
    return 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
