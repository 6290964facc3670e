/**
 * What the end-to-end tests of shards share, on either store (shards.test.ts,
 * postgres-shards.test.ts): a timed game opened in a guild's channel, each shard's processes, and
 * a turn taken from the panel through whichever process serves the guild now.
 */
import type { BotProcess } from './bot-process.js';
import { choicesOf, makeChoice, nextBoardPost } from './play.js';
import type { FakeDiscord, SimUser, StoredMessage } from './server/index.js';

/** Opens a Shanghaien game with a time limit in a channel (`host` hosts, `guest` joins): its thread and first post. */
export async function startShanghaienIn(discord: FakeDiscord, host: SimUser, guest: SimUser, channel: string): Promise<{ threadId: string; first: StoredMessage }> {
  const channelId = discord.channel(channel).id;
  const opened = await host.slash('game', { subcommand: 'new', channelId, options: { game: 'shanghaien', time_limit: '1d' } });
  let lobby = opened.message as StoredMessage;
  lobby = (await guest.click(lobby, { label: 'Join' })).message as StoredMessage;
  const started = await host.click(lobby, { label: 'Start' });
  const thread = await discord.waitForThread((th) => th.id === started.message?.id);
  return { threadId: thread.id, first: await nextBoardPost(discord, thread.id, undefined) };
}

/** The pid each start of a shard's process logged, newest last. */
export const shardPids = (bot: BotProcess, shard: number): number[] =>
  bot
    .logs()
    .filter((l) => l.msg === 'starting' && l.shard === shard && typeof l.pid === 'number')
    .map((l) => l.pid as number);

/** The player takes his turn from his panel, the first choice each time. */
export async function takeTurnFromPanel(player: SimUser, post: StoredMessage): Promise<void> {
  let panel = (await player.click(post, { prefix: 'panel:' })).message as StoredMessage;
  for (let step = 0; step < 8 && panel.content.includes("It's your turn"); step++) {
    const [choice] = choicesOf(panel);
    if (!choice) break;
    panel = (await makeChoice(player, panel, choice)).message as StoredMessage;
  }
}
