/** The statistics the benches print, written once. */

/** The 95 % Wilson score interval of `k` successes in `n` trials (k may be a sum of shares). */
export function wilson(k: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The value below which a share `p` of `xs` lies (0 for none). */
export function percentile(xs: readonly number[], p: number): number {
  return [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? 0;
}
