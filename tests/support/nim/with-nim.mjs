/**
 * A module customization hook (Node's `module.register`, see ./register.mjs): every import of the
 * bot's registry, src/games/registry.ts, loads ./registry.ts instead, the registry with Nim added,
 * except the import in ./registry.ts itself, which reads the real one. Only the bot started from
 * its sources (tsx) is meant: the build in dist/ is left alone.
 */
const REAL = new URL('../../../src/games/registry.ts', import.meta.url).href;
const WITH_NIM = new URL('./registry.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url !== REAL || context.parentURL === WITH_NIM) return resolved;
  return { ...resolved, url: WITH_NIM };
}
