/**
 * The end-to-end tests run the bot as deployed: built to dist/ (`npm run build`) and started by
 * plain Node (`npm start`, the container). Built once, before the first test file.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';

export const BUILT_BOT = 'dist/index.js';

export default function buildBot(): void {
  const root = resolve(import.meta.dirname, '../..');
  execFileSync(resolve(root, 'scripts/build.sh'), { cwd: root, stdio: 'inherit' });
}
