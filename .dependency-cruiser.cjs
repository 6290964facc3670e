// The layers of docs/architecture.md, checked by tests/unit/layers.test.ts (which runs this
// cruiser on src/). Each layer may import the layers below it, never one above, and no import
// circle is allowed anywhere (at run time: see no-circular). The Discord layer (src/discord) reaches the
// store only through the service: it imports nothing of src/db at run time.
//
//   engine  <  games, ai, render, i18n  <  settings  <  db  <  service  <  bot  <  ops and the entry points
//
// The small helpers at the top of src/ (fair-queue, lru, pace, logger, worker-pool, config,
// database-url, runtime-env, shutdown, multipart) belong to no layer: any layer may use them, and they import none.
// Test files are left out: a presenter's test may use the bot's panel layout to check it fits.

/** The folders (or files) that make each layer, lowest first. */
const layers = [
  ['engine', ['^src/engine/']],
  ['games-ai-render-i18n', ['^src/games/', '^src/ai/', '^src/render/', '^src/i18n/']],
  // The settings' declarations: the store reads through them, the Discord layer builds their subcommands.
  ['settings', ['^src/settings/']],
  ['db', ['^src/db/']],
  ['service', ['^src/service/']],
  ['discord', ['^src/discord/']],
  ['top', ['^src/ops/', '^src/(main|index|shards|shard-exits|restore|ratings-rebuild|db-copy|healthcheck)[.]ts$']],
];

const helpers = '^src/(fair-queue|lru|pace|logger|worker-pool|config|database-url|runtime-env|shutdown|multipart)[.]ts$';

/** One rule per layer: nothing in it imports from any layer above it. */
const upward = layers.slice(0, -1).map(([name, paths], i) => ({
  name: `no-upward-from-${name}`,
  severity: 'error',
  comment: `${name} may import only the layers below it (docs/architecture.md, Layers).`,
  from: { path: paths },
  to: { path: layers.slice(i + 1).flatMap(([, above]) => above) },
}));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle makes load order matter and keeps the layers from being layers.',
      from: {},
      // A circle closed only by a type (erased at build) is no circle at run time: the games name
      // their message keys with src/i18n's types, and src/i18n joins the games' texts from the
      // registry at run time (docs/decisions.md). Every edge of a forbidden circle is a real import.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    ...upward,
    {
      name: 'store-stays-in-the-service',
      severity: 'error',
      comment: 'The Discord layer talks to GameService; only the service reaches the store through its Hosting.',
      from: { pathNot: '^src/service/' },
      to: { path: '^src/service/hosting[.]ts$' },
    },
    {
      name: 'discord-asks-the-service',
      severity: 'error',
      comment:
        'The Discord layer reads and changes the games and settings through the service (GameService, its settings, src/service/database-errors.ts), ' +
        "never the store. Naming the store's row types (type-only imports, erased at build) is allowed.",
      from: { path: '^src/discord/' },
      to: { path: '^src/db/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'test-access-only-in-tests',
      severity: 'error',
      comment: 'storeForTests is for tests and benchmarks (which are not cruised).',
      from: {},
      to: { path: '^src/service/test-access[.]ts$' },
    },
    {
      name: 'helpers-import-no-layer',
      severity: 'error',
      comment: 'The shared helpers in src/ are usable from every layer, so they import none.',
      from: { path: helpers },
      to: { path: layers.flatMap(([, paths]) => paths) },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '[.]test[.]ts$' },
    // Type-only imports count: a type from above ties a layer to it as much as a value does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
