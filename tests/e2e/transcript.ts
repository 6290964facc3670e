import { mkdirSync, writeFileSync } from 'node:fs';
import { buttonsOf, selectsOf, type StoredMessage } from './server/index.js';

const ARTIFACTS = new URL('./.artifacts/', import.meta.url);

/**
 * Keeps a readable transcript in tests/e2e/.artifacts, for people to look at: each message with
 * its attachments (and their descriptions) and the choices it offers, plus the last board image
 * (and, when asked, one from the middle of the game).
 */
export function saveTranscript(
  name: string,
  messages: (Pick<StoredMessage, 'ephemeral' | 'attachments' | 'content' | 'components'> & Partial<Pick<StoredMessage, 'edits'>>)[],
  options: { middleBoard?: boolean } = {},
): void {
  mkdirSync(ARTIFACTS, { recursive: true });
  const text = messages
    .map((m) => {
      const choices = [
        ...buttonsOf(m).map((b) => `[${b.emoji ?? ''} ${b.label ?? ''}]`),
        ...selectsOf(m).map((s) => `<${s.placeholder}: ${s.options.map((o) => `${o.emoji ?? ''} ${o.label}`).join(' | ')}>`),
      ];
      // The board's description (its alt text, what screen readers say) follows the message, also
      // once a newer post trimmed the image away: its first revision has it.
      const description = [m, ...(m.edits ?? [])].flatMap((r) => r.attachments).find((a) => a.description)?.description;
      const described = description ? `\n(alt: ${description})` : '';
      return `--- ${m.ephemeral ? '(only you) ' : ''}${m.attachments.map((a) => `[${a.filename}] `).join('')}\n${m.content}${choices.length > 0 ? `\n${choices.join(' ')}` : ''}${described}`;
    })
    .join('\n');
  writeFileSync(new URL(`${name}.txt`, ARTIFACTS), text);
  // Earlier board posts lost their image when the next went out: their first revision has it.
  const images = messages.flatMap((m) =>
    [m, ...(m.edits ?? [])]
      .flatMap((r) => r.attachments)
      .filter((a) => a.filename.endsWith('.png'))
      .slice(0, 1),
  );
  const last = images.at(-1);
  if (last) writeFileSync(new URL(`${name}-final.png`, ARTIFACTS), last.bytes);
  const middle = options.middleBoard ? images[Math.floor(images.length / 2)] : undefined;
  if (middle) writeFileSync(new URL(`${name}-middle.png`, ARTIFACTS), middle.bytes);
}
