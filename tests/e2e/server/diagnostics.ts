/**
 * Human-readable summaries of the fake Discord's state, used in timeout errors so a failing test
 * shows what the bot did do: recent messages with their buttons, interactions and their answers,
 * gateway state, REST errors and unhandled routes.
 */
import { describeComponents } from './components.js';
import type { FakeDiscordContext } from './context.js';
import type { StoredMessage } from './model.js';
import type { RestApi } from './rest/index.js';
import type { Store } from './store.js';

const CALLBACK_NAMES: Record<number, string> = {
  4: 'reply',
  5: 'deferred reply',
  6: 'deferred update',
  7: 'update',
  8: 'autocomplete',
  9: 'modal',
};

const truncate = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** One line describing a message, e.g. `#general 123 bot: "Pick a game" [Join](game:join)`. */
export function summarizeMessage(store: Store, message: StoredMessage): string {
  const channel = store.channels.get(message.channelId);
  const where = channel ? (channel.thread ? `thread "${channel.name}"` : `#${channel.name || 'dm'}`) : message.channelId;
  const author = store.users.get(message.authorId)?.username ?? message.authorId;
  const flags = [
    message.ephemeral ? `ephemeral for ${message.viewerIds?.map((id) => store.users.get(id)?.username ?? id).join(',')}` : '',
    message.loading ? 'thinking...' : '',
    message.edits.length > 0 ? `edited ${message.edits.length}x` : '',
    message.deletedAt !== null ? 'deleted' : '',
  ].filter(Boolean);
  const parts = [`${where} ${message.id} ${author}${flags.length ? ` (${flags.join(', ')})` : ''}: "${truncate(message.content.replace(/\n/g, '⏎'), 120)}"`];
  if (message.embeds.length > 0) {
    parts.push(`embeds: ${message.embeds.map((e) => `"${truncate(e.title ?? e.description ?? '', 40)}"`).join(', ')}`);
  }
  if (message.attachments.length > 0) {
    parts.push(`files: ${message.attachments.map((a) => `${a.filename} (${a.size} B)`).join(', ')}`);
  }
  const components = describeComponents(message);
  if (components) parts.push(components);
  return parts.join(' | ');
}

export function describeState(ctx: FakeDiscordContext, rest: RestApi, options: { messages?: number } = {}): string {
  const { store, gateway, interactions } = ctx;
  const lines: string[] = [];

  const status = gateway.status();
  lines.push(
    `Bot gateway: ${status.ready ? `ready (session ${status.sessionId})` : 'NOT connected'}; identified ${status.identifyCount} time(s)` +
      (status.lastClose ? `; last close code ${status.lastClose.code}` : ''),
  );
  if (status.shards.length > 1 || status.shardCount > 1) lines.push(`Shard sessions: ${gateway.describeShards()}`);
  if (status.heartbeatTimeouts > 0) lines.push(`Sessions closed for missed heartbeats (4009): ${status.heartbeatTimeouts}`);

  const activity = (m: StoredMessage) => Math.max(m.createdAt, m.editedAt ?? 0, m.deletedAt ?? 0);
  const recent = store
    .allMessages()
    .sort((a, b) => activity(a) - activity(b))
    .slice(-(options.messages ?? 8));
  lines.push(recent.length ? 'Recent messages (most recent activity last):' : 'No messages yet.');
  for (const m of recent) lines.push(`  - ${summarizeMessage(store, m)}`);

  const recentInteractions = interactions.all().slice(-5);
  if (recentInteractions.length) lines.push('Recent interactions:');
  for (const r of recentInteractions) {
    const user = store.users.get(r.userId)?.username ?? r.userId;
    const answer = r.callback
      ? `${CALLBACK_NAMES[r.callback.type] ?? `callback ${r.callback.type}`} after ${r.callback.ms} ms${r.completedAt === null && r.callback.type === 5 ? ', still thinking' : ''}`
      : `NO ANSWER after ${Date.now() - r.dispatchedAt} ms`;
    const callbacks = r.answers.filter((a) => a.kind === 'callback').length;
    const twice = callbacks > 1 ? ` (${callbacks} callbacks)` : '';
    lines.push(
      `  - ${r.label} by ${user}: ${answer}${twice}${r.errors.length ? `; refused: ${r.errors.map((e) => `${e.code} ${e.message}`).join('; ')}` : ''}`,
    );
  }

  const posts = ctx.posts.postedTwice();
  if (posts.length)
    lines.push(`Nonces posted more than once: ${posts.map((p) => `${JSON.stringify(p.nonce)} in ${p.channelId} (${p.attempts.length}x)`).join(', ')}`);

  const errors = rest.log.filter((e) => e.status >= 400).slice(-5);
  if (errors.length) lines.push('Recent REST errors:');
  for (const e of errors) {
    lines.push(`  - ${e.method} ${e.path} -> ${e.status}${e.errorCode !== null ? ` (${e.errorCode})` : ''}${e.injected ? ' [injected by failNext]' : ''}`);
  }

  if (rest.unhandled.length) lines.push(`Unhandled REST routes called by the bot: ${[...new Set(rest.unhandled)].join(', ')}`);
  return lines.join('\n');
}
