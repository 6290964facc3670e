/**
 * What the bot prints must never carry a secret: its token, an interaction token, a line of a
 * private panel (a hand, a secret choice), nor a line long enough to be a dumped request or image.
 * The harness runs this check on all the bot's output when it stops, so every e2e test is checked.
 */
import { messageText, walkComponents, type FakeDiscord, type StoredMessage } from './server/index.js';

/** Same limit as src/logger.ts. */
export const MAX_LOG_LINE = 2000;
/** Shorter private lines ("Skull", "Pass") are too common to tell anything. */
const MIN_PRIVATE_LINE = 12;
/** The start of every interaction token: base64 of "interaction:". */
const INTERACTION_TOKEN_PREFIX = 'aW50ZXJhY3Rpb246';
const SHOWN = 20;

export interface LogSecrets {
  botToken: string;
  interactionTokens: readonly string[];
  /** Texts of every ephemeral message the bot sent (all versions). */
  privateTexts: readonly string[];
  /** Texts of every public message, of any channel (all versions). */
  publicTexts: readonly string[];
}

/** The secrets a run produced, read from the fake Discord. */
export function secretsOf(discord: FakeDiscord, botToken: string): LogSecrets {
  const privateTexts: string[] = [];
  const seen = new Set<string>();
  for (const record of discord.interactions()) {
    for (const id of [record.originalMessageId, ...record.followUpIds]) {
      if (id === null || seen.has(id)) continue;
      seen.add(id);
      const message = messageOrNull(discord, id);
      if (message?.ephemeral) privateTexts.push(...textsOf(message));
    }
  }
  const channels = [...discord.guilds().flatMap((guild) => discord.channels(guild.id)), ...discord.threads()];
  const publicTexts = channels.flatMap((channel) =>
    discord
      .allMessages(channel)
      .filter((m) => !m.ephemeral)
      .flatMap(textsOf),
  );
  // Every session's token of every interaction: with several hosts each gets its own.
  const interactionTokens = [...new Set(discord.interactions().flatMap((r) => [r.token, ...r.grants.map((g) => g.token)]))];
  return { botToken, interactionTokens, privateTexts, publicTexts };
}

/**
 * The distinctive lines of the private texts: long enough, and not also shown publicly (a
 * player's name or the game's title is no secret).
 */
export function privateLines(privateTexts: readonly string[], publicTexts: readonly string[]): string[] {
  const publicText = publicTexts.join('\n');
  const lines = new Set(privateTexts.flatMap((text) => text.split('\n')).map((line) => line.trim()));
  return [...lines].filter((line) => line.length >= MIN_PRIVATE_LINE && !publicText.includes(line));
}

/** One description per offending line, e.g. `line 12: holds an interaction token: {"level"...`. */
export function logProblems(lines: readonly string[], secrets: LogSecrets): string[] {
  const secretLines = privateLines(secrets.privateTexts, secrets.publicTexts);
  // A private line may reach a JSON log escaped.
  const needles = secretLines.flatMap((line) => [...new Set([line, JSON.stringify(line).slice(1, -1)])].map((needle) => ({ line, needle })));
  const tokens = secrets.interactionTokens.filter((token) => token.length >= 16);
  const problems: string[] = [];
  lines.forEach((line, index) => {
    const reasons: string[] = [];
    if (secrets.botToken && line.includes(secrets.botToken)) reasons.push('holds the bot token');
    if (line.includes(INTERACTION_TOKEN_PREFIX) || tokens.some((token) => line.includes(token) || line.includes(token.slice(-32)))) {
      reasons.push('holds an interaction token');
    }
    const leaked = needles.find(({ needle }) => line.includes(needle));
    if (leaked) reasons.push(`holds a line of a private message ("${shorten(leaked.line, 60)}")`);
    if (line.length > MAX_LOG_LINE) reasons.push(`is ${line.length} characters long (limit ${MAX_LOG_LINE})`);
    if (reasons.length > 0) problems.push(`line ${index + 1}: ${reasons.join('; ')}: ${shorten(mask(line, secrets), 200)}`);
  });
  return problems;
}

/** Throws a readable error when any line of the bot's output breaks the rules above. */
export function assertLogHygiene(lines: readonly string[], secrets: LogSecrets): void {
  const problems = logProblems(lines, secrets);
  if (problems.length === 0) return;
  const more = problems.length > SHOWN ? [`  … and ${problems.length - SHOWN} more`] : [];
  throw new Error(
    [
      `The bot's output holds something it must never print (${problems.length} of ${lines.length} lines):`,
      ...problems.slice(0, SHOWN).map((p) => `  - ${p}`),
      ...more,
    ].join('\n'),
  );
}

/** Every text a user could read in a message, in each of its versions: content, embeds, labels, options. */
function textsOf(message: StoredMessage): string[] {
  return [message, ...message.edits].map((version) => {
    const parts = [messageText(version)];
    walkComponents(version.components, (component) => {
      if (typeof component.label === 'string') parts.push(component.label);
      if (typeof component.placeholder === 'string') parts.push(component.placeholder);
      for (const option of Array.isArray(component.options) ? (component.options as Record<string, unknown>[]) : []) {
        if (typeof option.label === 'string') parts.push(option.label);
        if (typeof option.description === 'string') parts.push(option.description);
      }
    });
    return parts.join('\n');
  });
}

function messageOrNull(discord: FakeDiscord, id: string): StoredMessage | null {
  try {
    return discord.message(id);
  } catch {
    return null;
  }
}

/** The error message itself must not spread the secrets it reports. */
function mask(line: string, secrets: LogSecrets): string {
  let masked = secrets.botToken ? line.split(secrets.botToken).join('<bot token>') : line;
  masked = masked.replace(new RegExp(`${INTERACTION_TOKEN_PREFIX}[\\w-]*`, 'g'), '<interaction token>');
  return masked;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length} chars)`;
}
