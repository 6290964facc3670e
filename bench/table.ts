/** A plain-text table for the benchmarks' output: the first row is the heading, cells left-aligned. */
export function formatTable(rows: string[][]): string {
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const lines = rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | '));
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('-|-'));
  return lines.join('\n');
}
