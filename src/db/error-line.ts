/** An error's code and first line, short enough for one line of output (never a stack). */
export function errorLine(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 160) ?? '';
  return typeof code === 'string' && !message.includes(code) ? `${code}: ${message}` : message;
}
