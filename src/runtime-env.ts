/**
 * The environment the bot runs with when deployed (the Dockerfile's ENV, scripts/start.sh), which
 * the benchmarks and end-to-end tests give it too, so that they measure what is deployed.
 *
 * - A JavaScript heap of at most 192 MB: the bot's live data is far smaller, and without a limit
 *   V8 lets garbage grow far past it before collecting (the memory benchmark swung between 340 and
 *   580 MB resident; with the limit it stays under 300 MB). A bot in very many large servers can
 *   raise it through NODE_OPTIONS.
 * - glibc's mmap threshold fixed at 128 KiB: board canvases (megabytes each) are then mapped and
 *   unmapped on their own instead of fragmenting the heap, so their memory goes back to the
 *   system once a board is sent.
 */
export const RUNTIME_ENV = {
  NODE_OPTIONS: '--max-old-space-size=192',
  MALLOC_MMAP_THRESHOLD_: '131072',
} as const;
