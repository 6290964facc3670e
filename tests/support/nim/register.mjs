/**
 * `node --import tsx --import ./tests/support/nim/register.mjs src/index.ts`: the bot from its
 * sources, hosting Nim as well (./with-nim.mjs), in its worker threads too.
 *
 * Node runs `--import` modules in the main thread and in workers started from a file, but not in a
 * worker started from code (`new Worker(code, { eval: true })`), which is how the bot starts its
 * board and bot-player workers from sources (src/worker-pool.ts: the code registers tsx, then
 * imports the worker's module). Such a worker's code is run after this module here, so that its
 * boards and bot players know Nim too.
 */
import { createRequire, register, syncBuiltinESMExports } from 'node:module';

register('./with-nim.mjs', import.meta.url);

const workerThreads = createRequire(import.meta.url)('node:worker_threads');
const { Worker } = workerThreads;
const self = JSON.stringify(import.meta.url);

workerThreads.Worker = class WorkerWithNim extends Worker {
  constructor(code, options) {
    super(options?.eval ? `import(${self}).then(() => {\n${code}\n});` : code, options);
  }
};
// `import { Worker } from 'node:worker_threads'` sees the replacement too.
syncBuiltinESMExports();
