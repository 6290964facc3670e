import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

/** The launcher's notice that it builds first: sources edited since the tests built dist/. */
const BUILDING = /^Building the bot \(/;

/**
 * Runs a command to its end in the project's folder (or `cwd`), with this environment's PATH and
 * HOME and `env` only: its exit code and everything it printed, read to the last byte.
 */
export async function runToEnd(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd = root,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/**
 * Runs `npm run <script> -- <args>` in the project's folder (or `cwd`), as the README says, to its
 * end. The lines the script printed, without npm's own (a header, warnings about the machine's npm
 * settings) and without the launcher's notice of a build.
 */
export async function npmScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  cwd = root,
): Promise<{ code: number | null; stdout: string[]; stderr: string[] }> {
  const { code, stdout, stderr } = await runToEnd('npm', ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])], env, cwd);
  const own = (text: string) => text.split('\n').filter((line) => line.trim() && !line.startsWith('npm ') && !BUILDING.test(line));
  return { code, stdout: own(stdout), stderr: own(stderr) };
}
